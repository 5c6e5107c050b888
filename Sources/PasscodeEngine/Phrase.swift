/// An announcement with its words: made once at the edge, by the one catalogue, and then shared by the
/// screen, speech and braille, so no channel looks the same words up again.
///
/// The engine never makes one; it says only which ``Announcement`` is due.
package struct Phrase: Equatable, Hashable, Sendable {
  /// What is announced; its kind decides how urgently a channel delivers it.
  package var announcement: Announcement
  /// The words, in the user's language, as they are spoken and read.
  package var words: String

  /// Pairs an announcement with its words.
  ///
  /// - Parameters:
  ///   - announcement: What is announced.
  ///   - words: Its words, from the catalogue.
  package init(_ announcement: Announcement, words: String) {
    self.announcement = announcement
    self.words = words
  }
}
