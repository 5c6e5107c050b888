import PasscodeEngine

/// An ``EntryClock`` that moves only when a test says so.
package final class ManualClock: EntryClock {
  private var reading: Duration = .zero

  /// Creates a clock reading zero.
  package init() {}

  /// The time the clock was set to.
  package func now() -> Duration { reading }

  /// Moves the clock to `time`; never back.
  ///
  /// - Parameter time: The new reading.
  package func set(to time: Duration) {
    precondition(time >= reading, "a monotonic clock never goes back")
    reading = time
  }
}
