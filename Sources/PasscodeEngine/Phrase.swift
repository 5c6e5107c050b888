/// An announcement with its words: made once at the edge, by the one catalogue, and then shared by the
/// screen, speech and braille, so no channel looks the same words up again.
///
/// The engine never makes one; it says only which ``Announcement`` is due.
public struct Phrase: Equatable, Hashable, Sendable {
  /// What is announced; its kind decides how urgently a channel delivers it.
  public var announcement: Announcement
  /// The words, in the user's language, as they are spoken and read.
  public var words: String

  /// Pairs an announcement with its words.
  ///
  /// - Parameters:
  ///   - announcement: What is announced.
  ///   - words: Its words, from the catalogue.
  public init(_ announcement: Announcement, words: String) {
    self.announcement = announcement
    self.words = words
  }
}
