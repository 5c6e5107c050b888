import PasscodeEngine
import PasscodeSpeech

/// The engine's pending timers against a clock: which is due next and which have fired.
struct PromptTimers {
  private var deadlines: [EntryTimer: MonotonicClock.Instant] = [:]

  /// Starts or replaces a timer.
  mutating func schedule(_ timer: EntryTimer, after delay: Duration, now: MonotonicClock.Instant) {
    deadlines[timer] = now + delay
  }

  /// Stops a timer.
  mutating func cancel(_ timer: EntryTimer) {
    deadlines[timer] = nil
  }

  /// Stops every timer.
  mutating func cancelAll() {
    deadlines.removeAll()
  }

  /// The earliest deadline, or `nil` when no timer is pending (the prompt may then sleep without one).
  var nextDeadline: MonotonicClock.Instant? { deadlines.values.min() }

  /// Removes and returns the timers due at `now`, earliest first.
  mutating func takeDue(now: MonotonicClock.Instant) -> [EntryTimer] {
    let due = deadlines.filter { $0.value <= now }.sorted { $0.value < $1.value }.map(\.key)
    for timer in due { deadlines[timer] = nil }
    return due
  }
}
