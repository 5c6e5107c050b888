/// How a question wants what is typed to be shown, from its `Echo=` and `Silent=` keys.
package enum EchoMode: Equatable, Hashable, Sendable {
  /// `Echo=1`: what is typed may be shown (a user name, not a secret).
  case shown
  /// The default: only how much is typed is shown, never the characters.
  case masked
  /// `Silent=1`: the asker wants no feedback on screen at all. Counts are still spoken and shown, because a
  /// blind user cannot otherwise tell that a key registered; the characters never are.
  case silent

  /// Whether the characters stay hidden.
  package var hidesCharacters: Bool { self != .shown }
}
