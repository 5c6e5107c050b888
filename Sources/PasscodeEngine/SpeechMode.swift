/// Whether announcements are spoken through speech-dispatcher (`--speech`).
public enum SpeechMode: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Speak unless a screen reader is already reading; then print only.
  case auto
  /// Always speak (and still show the text).
  case on
  /// Never speak; print only.
  case off
}
