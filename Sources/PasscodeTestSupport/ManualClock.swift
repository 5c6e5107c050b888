import PasscodeEngine

/// An ``EntryClock`` that moves only when a test says so.
public final class ManualClock: EntryClock {
  private var reading: Duration = .zero

  /// Creates a clock reading zero.
  public init() {}

  /// The time the clock was set to.
  public func now() -> Duration { reading }

  /// Moves the clock to `time`; never back.
  ///
  /// - Parameter time: The new reading.
  public func set(to time: Duration) {
    precondition(time >= reading, "a monotonic clock never goes back")
    reading = time
  }
}
