/// A screen that only tells words, in order, and ends: a command's result ("Passcode set."), why an agent's
/// question ended, a prompt's start-up notices. Told through the same driver and interpreter as an entry's
/// words, so each profile's rules apply to them once.
package struct WordsScreen: PromptMachine, Sendable {
  /// The screen ends as soon as its words are told, with nothing to answer.
  package typealias Outcome = Void

  private let words: [Announcement]

  /// A screen for these words.
  ///
  /// - Parameter words: What to tell, in order.
  package init(_ words: [Announcement]) {
    self.words = words
  }

  /// Tells every word apart, then ends.
  package func start() -> [PromptEffect<Void>] {
    words.map { .aside($0) } + [.finish(())]
  }

  /// Nothing comes after the end but a paste to wipe.
  package func handle(_ event: EntryEvent) -> [PromptEffect<Void>] {
    if case let .paste(storage, _) = event { storage.wipe() }
    return []
  }
}
