/// Maps a count of consecutive failures to how long entry is refused afterwards.
///
/// The default, ``standard``, follows iOS: failures 1 to 5 cost nothing, the 6th locks for 1 minute, the
/// 7th for 5 minutes, the 8th for 15 minutes and the 9th and later for 1 hour each.
public struct LockoutSchedule: Equatable, Hashable, Sendable {
  /// The delay after each failure count, starting with the first failure; the last entry repeats for
  /// every later failure.
  public let delays: [Duration]

  /// Creates a schedule.
  ///
  /// - Parameter delays: The delay after the 1st, 2nd, … failure; the last one repeats. Must not be empty
  ///   and must not hold a negative delay.
  /// - Throws: ``EntryConfigurationError/invalidLockoutSchedule(_:)`` when the list is empty or holds a
  ///   negative delay.
  public init(delays: [Duration]) throws(EntryConfigurationError) {
    guard !delays.isEmpty else { throw .invalidLockoutSchedule("the lockout schedule needs at least one delay") }
    guard delays.allSatisfy({ $0 >= .zero }) else {
      throw .invalidLockoutSchedule("a lockout delay cannot be negative")
    }
    self.delays = delays
  }

  private init(uncheckedDelays delays: [Duration]) {
    self.delays = delays
  }

  /// The iOS-like default: 0, 0, 0, 0, 0, 1 min, 5 min, 15 min, then 1 h.
  public static let standard = LockoutSchedule(uncheckedDelays: [
    .zero, .zero, .zero, .zero, .zero, .seconds(60), .seconds(300), .seconds(900), .seconds(3600),
  ])

  /// A schedule that never locks.
  public static let never = LockoutSchedule(uncheckedDelays: [.zero])

  /// How long entry is refused after a failure.
  ///
  /// - Parameter failureCount: Consecutive failures so far, counting the one just made.
  /// - Returns: The delay; zero for a count of zero or less.
  package func delay(afterFailures failureCount: Int) -> Duration {
    guard failureCount > 0 else { return .zero }
    return delays[min(failureCount, delays.count) - 1]
  }

  /// How many more wrong codes can be made before one causes a lockout.
  ///
  /// - Parameter failureCount: Consecutive failures so far.
  /// - Returns: The number of tries left before the next lockout, counting the one that locks; `nil` when
  ///   no later failure ever locks.
  package func triesBeforeLockout(afterFailures failureCount: Int) -> Int? {
    var next = failureCount + 1
    let lastDistinct = max(delays.count, failureCount + 1)
    while next <= lastDistinct {
      if delay(afterFailures: next) > .zero { return next - failureCount }
      next += 1
    }
    return nil
  }
}

// MARK: - The countdown

extension LockoutSchedule {
  /// The next point at which a lockout's countdown speaks: each whole minute, then 30 s and 10 s, then zero.
  ///
  /// - Parameter remaining: The lockout time left now.
  /// - Returns: The remaining time at the next point, less than `remaining` (zero at the end).
  static func countdownPoint(before remaining: Duration) -> Duration {
    let minute = Duration.seconds(60)
    if remaining > minute {
      let wholeMinutes = wholeSeconds(remaining) / 60
      var point = Duration.seconds(wholeMinutes * 60)
      if point >= remaining { point -= minute }
      return point
    }
    if remaining > .seconds(30) { return .seconds(30) }
    if remaining > .seconds(10) { return .seconds(10) }
    return .zero
  }

  /// Whole seconds, rounded up, as the countdown says them: "4.2 s left" reads as "5 seconds".
  static func wholeSeconds(_ duration: Duration) -> Int {
    duration.wholeSecondsRoundedUp
  }
}
