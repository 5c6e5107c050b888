/// A screen that only tells words, in order, and ends, at once or after holding the last under the cursor: a
/// command's result ("Passcode set."), why an agent's question ended, "Disk unlocked", a prompt's start-up
/// notices. Told through the same driver and interpreter as an entry's words, so each profile's rules apply to
/// them once.
package struct WordsScreen: PromptMachine, Sendable {
  /// The screen ends once its words are told (and held), with nothing to answer.
  package typealias Outcome = Void

  private let words: [Announcement]
  private let hold: Duration?

  /// A screen for these words.
  ///
  /// - Parameters:
  ///   - words: What to tell, in order.
  ///   - hold: How long the last words stay the newest line, under the cursor, before the screen ends (so a
  ///     braille display, which follows the cursor, shows them); `nil` to end at once.
  package init(_ words: [Announcement], holdingFor hold: Duration? = nil) {
    self.words = words
    self.hold = hold
  }

  /// Tells every word apart, then ends, or holds them first.
  package func start() -> [PromptEffect<Void>] {
    words.map { .aside($0) } + (hold.map { [.schedule(.timeout, after: $0)] } ?? [.finish(())])
  }

  /// The hold's end ends the screen. A key typed during the hold ends it too: nothing is asked, so the key, and
  /// those after it that the screen's end leaves unread, are said to be ignored rather than dropped unsaid (they
  /// may be meant for a question that comes next). A paste is wiped.
  package func handle(_ event: EntryEvent) -> [PromptEffect<Void>] {
    switch event {
    case .timerFired(.timeout):
      return [.finish(())]
    case let .paste(storage, _):
      storage.wipe()
      return keysIgnored
    case .character, .unsupportedKey, .delete, .clear, .submit, .cancel, .repeatStatus, .moreTime,
      .keypadNavigation:
      return keysIgnored
    default:
      return []
    }
  }

  private var keysIgnored: [PromptEffect<Void>] {
    [.cancelTimer(.timeout), .aside(.keysTypedBeforeIgnored), .finish(())]
  }
}
