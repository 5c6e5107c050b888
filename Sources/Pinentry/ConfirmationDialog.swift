import PasscodeEngine

/// A `CONFIRM` or `MESSAGE` dialog as a pure machine: it tells the dialog's lines and the keys to press, and
/// answers a key. Enter chooses OK; Esc, Ctrl-C and Ctrl-D cancel; `N` chooses the "not OK" answer when the
/// dialog offers one; any other key hears the keys again.
///
/// A `SETTIMEOUT` limit applies to the whole dialog: a warning comes ahead of its end (naming Tab while more time
/// can be given), Tab gives the whole limit again up to ``EntryConfiguration/timeExtensionLimit`` times, and at
/// its end the dialog says so and times out. The driver's clock runs the timers.
package struct ConfirmationDialog: PromptMachine, Sendable {
  /// The dialog ends with the answer chosen, or with its time up.
  package typealias Outcome = ConfirmResult

  private let lines: [Announcement]
  private let keys: Announcement
  private let offersNotOK: Bool
  private let limit: Duration?
  private let warningLead: Duration?
  private var extensions = 0

  /// A dialog not started yet.
  ///
  /// - Parameters:
  ///   - lines: The title, description and error, in order.
  ///   - keys: The keys with their labels (``Announcement/confirmationKeys(ok:notOK:cancel:offersCancel:)``),
  ///     told last and again after a key that means nothing here.
  ///   - offersNotOK: Whether `N` answers "not OK".
  ///   - timeLimit: How long the dialog waits (`SETTIMEOUT`), or `nil` for as long as it takes.
  package init(lines: [Announcement], keys: Announcement, offersNotOK: Bool, timeLimit: Duration?) {
    self.lines = lines
    self.keys = keys
    self.offersNotOK = offersNotOK
    limit = timeLimit.flatMap { $0 > .zero ? $0 : nil }
    warningLead = limit.flatMap(EntryEngine.timeWarningLead(for:))
  }

  /// Tells the lines and the keys, and starts the time limit.
  package func start() -> [PromptEffect<ConfirmResult>] {
    (lines + [keys]).map { .aside($0) } + startLimit()
  }

  /// Answers a key, a timer or a notice from the background.
  package mutating func handle(_ event: EntryEvent) -> [PromptEffect<ConfirmResult>] {
    switch event {
    case .submit: return [.finish(.confirmed)]
    case .cancel: return [.aside(.cancelled), .finish(.cancelled)]
    case let .character(scalar) where offersNotOK && (scalar == "n" || scalar == "N"): return [.finish(.notConfirmed)]
    case .moreTime where limit != nil: return moreTime()
    case .timerFired(.timeoutWarning):
      let seconds = (warningLead ?? .zero).wholeSecondsRoundedUp
      return [
        .aside(
          extensions < EntryConfiguration.timeExtensionLimit
            ? .timeLeftExtendable(seconds: seconds) : .timeLeft(seconds: seconds))
      ]
    case .timerFired(.timeout): return [.aside(.timedOut), .finish(.timedOut)]
    case let .paste(storage, _):
      storage.wipe()
      return [.aside(keys)]
    case let .notice(words): return [.aside(words)]
    case .character, .unsupportedKey, .delete, .clear, .repeatStatus, .moreTime, .keypadNavigation, .relock:
      return [.aside(keys)]
    case .verdict, .timerFired, .callerWords, .capsLock, .lendEntry, .keysDiscarded: return []
    }
  }

  /// Tab: the whole limit again while extensions are left.
  private mutating func moreTime() -> [PromptEffect<ConfirmResult>] {
    guard let limit, extensions < EntryConfiguration.timeExtensionLimit else { return [.aside(.timeNotExtendable)] }
    extensions += 1
    return [.aside(.timeExtended(seconds: limit.wholeSecondsRoundedUp))] + startLimit()
  }

  /// Schedules the warning (when the limit is long enough to have one) and the end, from now.
  private func startLimit() -> [PromptEffect<ConfirmResult>] {
    guard let limit else { return [] }
    var effects: [PromptEffect<ConfirmResult>] = [.schedule(.timeout, after: limit)]
    if let warningLead { effects.append(.schedule(.timeoutWarning, after: limit - warningLead)) }
    return effects
  }
}
