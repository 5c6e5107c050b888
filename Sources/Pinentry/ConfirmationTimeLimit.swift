import PasscodeEngine

/// The time limit of a pinentry confirmation (`SETTIMEOUT` before `CONFIRM` or `MESSAGE`), which no entry engine
/// runs: warned of and extended as an entry's is, at ``EntryEngine/timeWarningLead(for:)`` before its end, and
/// given again in full by Tab up to ``EntryConfiguration/timeExtensionLimit`` times. The limit is the pinentry's
/// own (gpg-agent asks it to time out "after n seconds with no user input" and sets no deadline of its own), so
/// extending it keeps the Assuan contract. Time comes in as values, so tests step it by hand.
package struct ConfirmationTimeLimit: Sendable {
  /// What is due when the dialog wakes.
  package enum Step: Equatable, Sendable {
    /// Nothing yet: wait on until ``ConfirmationTimeLimit/nextDeadline``.
    case wait
    /// The warning, to be told.
    case warn(Announcement)
    /// The time is up.
    case timedOut
  }

  /// The limit, given again in full by each extension.
  package let limit: Duration
  private let lead: Duration?
  private var end: Duration
  private var isWarned: Bool
  private var extensions = 0

  /// Starts the limit.
  ///
  /// - Parameters:
  ///   - limit: How long the dialog waits; positive.
  ///   - now: The time on the caller's clock.
  package init(limit: Duration, startingAt now: Duration) {
    self.limit = limit
    lead = EntryEngine.timeWarningLead(for: limit)
    end = now + limit
    isWarned = lead == nil
  }

  /// When the next step falls due: the warning, then the end.
  package var nextDeadline: Duration { isWarned ? end : end - (lead ?? .zero) }

  /// What is due at `now`: the warning once, then the end.
  ///
  /// - Parameter now: The time on the caller's clock.
  /// - Returns: The step due, or ``Step/wait`` when nothing is due yet.
  package mutating func step(at now: Duration) -> Step {
    guard now >= nextDeadline else { return .wait }
    guard isWarned else {
      isWarned = true
      let seconds = Int((lead ?? .zero).components.seconds)
      return .warn(
        extensions < EntryConfiguration.timeExtensionLimit
          ? .timeLeftExtendable(seconds: seconds) : .timeLeft(seconds: seconds))
    }
    return .timedOut
  }

  /// The user asked for more time (Tab): the limit starts again in full while extensions are left.
  ///
  /// - Parameter now: The time on the caller's clock.
  /// - Returns: What to tell: the time given, or that no more can be.
  package mutating func moreTime(at now: Duration) -> Announcement {
    guard extensions < EntryConfiguration.timeExtensionLimit else { return .timeNotExtendable }
    extensions += 1
    end = now + limit
    isWarned = lead == nil
    return .timeExtended(seconds: Int(limit.components.seconds))
  }
}
