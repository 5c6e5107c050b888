/// The engine's pending timers as deadlines on an ``EntryClock``.
struct EntryTimers {
  private var deadlines: [EntryTimer: Duration] = [:]

  /// Starts or replaces a timer.
  mutating func schedule(_ timer: EntryTimer, at deadline: Duration) {
    deadlines[timer] = deadline
  }

  /// Stops a timer.
  mutating func cancel(_ timer: EntryTimer) {
    deadlines[timer] = nil
  }

  /// Stops every timer.
  mutating func cancelAll() {
    deadlines.removeAll()
  }

  /// The earliest deadline, or `nil` when no timer is pending.
  var nextDeadline: Duration? { deadlines.values.min() }

  /// The timers pending.
  var pending: Set<EntryTimer> { Set(deadlines.keys) }

  /// Removes and returns the earliest timer due at `now`, if any.
  mutating func takeEarliest(dueAt now: Duration) -> EntryTimer? {
    guard let (timer, _) = deadlines.filter({ $0.value <= now }).min(by: { $0.value < $1.value }) else { return nil }
    deadlines[timer] = nil
    return timer
  }
}
