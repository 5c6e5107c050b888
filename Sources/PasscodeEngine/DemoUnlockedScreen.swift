/// The demo's unlocked screen, after the right code: it says so, then waits for L to lock again or Q to quit
/// (Esc, Ctrl-C, Ctrl-D and Enter quit too); any other key hears which keys work.
package struct DemoUnlockedScreen: PromptMachine, Sendable {
  /// What the person chose.
  package enum Choice: Equatable, Sendable {
    /// Lock again: the demo asks for the code again.
    case lockAgain
    /// Quit the demo.
    case quit
  }

  /// A screen not started yet.
  package init() {}

  /// Says the demo is unlocked, with its keys.
  package func start() -> [PromptEffect<Choice>] {
    [.aside(.demoUnlocked)]
  }

  /// Answers a key, or a notice from the background.
  package func handle(_ event: EntryEvent) -> [PromptEffect<Choice>] {
    switch event {
    case .character("l"), .character("L"): return [.finish(.lockAgain)]
    case .character("q"), .character("Q"), .cancel, .submit: return [.finish(.quit)]
    case let .paste(storage, _):
      storage.wipe()
      return [.aside(.demoKeys)]
    case let .notice(words): return [.aside(words)]
    case .character, .unsupportedKey, .delete, .clear, .repeatStatus, .moreTime, .keypadNavigation, .relock:
      return [.aside(.demoKeys)]
    case .verdict, .timerFired, .callerWords, .capsLock, .lendEntry, .keysDiscarded: return []
    }
  }
}
