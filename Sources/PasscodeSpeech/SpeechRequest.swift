import PasscodeEngine

/// One thing for the speech worker to send: words from the catalogue or a sound icon.
struct SpeechRequest: Equatable, Sendable {
  /// What to send.
  enum Content: Equatable, Sendable {
    /// Words to speak.
    case words(String)
    /// A sound icon to play.
    case soundIcon(String)
  }

  /// What to send.
  var content: Content
  /// Its priority.
  var priority: SpeechPriority

  /// Whether this is a progress message that a newer one replaces.
  var isProgress: Bool {
    if case .words = content { return priority == .text }
    return false
  }
}
