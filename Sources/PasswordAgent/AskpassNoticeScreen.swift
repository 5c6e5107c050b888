import PasscodeEngine

/// An askpass caller's notice (`SSH_ASKPASS_PROMPT=none`: "Confirm user presence for key …", while a security
/// key waits for a touch) as a pure machine: it tells the notice and that it ends by itself, and stays until the
/// caller ends the program (ssh sends SIGTERM once the key was touched). A key hears the notice again; Esc
/// ends it early, which the caller does not need.
package struct AskpassNoticeScreen: PromptMachine, Sendable {
  /// The notice ends only when the person ends it early.
  package typealias Outcome = Void

  private let lines: [Announcement]

  /// A notice not started yet.
  ///
  /// - Parameter lines: The caller's words, in order.
  package init(lines: [Announcement]) {
    self.lines = lines
  }

  /// Tells the notice, then that it ends by itself.
  package func start() -> [PromptEffect<Void>] {
    (lines + [.noticeEndsByItself]).map { .aside($0) }
  }

  /// Esc ends the notice; any other key tells it again.
  package mutating func handle(_ event: EntryEvent) -> [PromptEffect<Void>] {
    switch event {
    case .cancel: return [.finish(())]
    case let .paste(storage, _):
      storage.wipe()
      return start()
    case let .notice(words): return [.aside(words)]
    case .character, .unsupportedKey, .delete, .clear, .repeatStatus, .moreTime, .keypadNavigation, .relock, .submit:
      return start()
    case .verdict, .timerFired, .callerWords, .capsLock, .lendEntry, .keysDiscarded: return []
    }
  }
}
