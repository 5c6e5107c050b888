/// Words that must be heard and read before the program ends, then "Press any key to go on", and nothing more
/// until a key comes: `lock` with no passcode set, which a tmux `lock-command` would otherwise flash and redraw
/// over, leaving the person unsure whether the terminal is locked.
///
/// Keys typed before the words were told are thrown away, so that a key already on its way does not end the
/// screen unheard. Any key then ends it, Esc, Ctrl-C, Ctrl-D and Enter included; a paste is wiped and counts as
/// a key. Time alone never ends it.
package struct WordsUntilKey: PromptMachine, Sendable {
  /// The screen ends when a key comes, with nothing to answer.
  package typealias Outcome = Void

  private let words: [Announcement]

  /// A screen for these words.
  ///
  /// - Parameter words: What to tell, in order, before the words that ask for a key.
  package init(_ words: [Announcement]) {
    self.words = words
  }

  /// Throws away keys typed so far, tells the words and asks for a key.
  package func start() -> [PromptEffect<Void>] {
    [.flushInput] + (words + [.pressAnyKey]).map { .aside($0) }
  }

  /// Ends at any key; tells a notice from the background and waits on.
  package func handle(_ event: EntryEvent) -> [PromptEffect<Void>] {
    switch event {
    case let .paste(storage, _):
      storage.wipe()
      return [.finish(())]
    case .character, .unsupportedKey, .delete, .clear, .submit, .cancel, .repeatStatus, .moreTime,
      .keypadNavigation:
      return [.finish(())]
    case let .notice(words): return [.aside(words)]
    case .verdict, .timerFired, .callerWords, .capsLock, .lendEntry, .keysDiscarded, .relock: return []
    }
  }
}
