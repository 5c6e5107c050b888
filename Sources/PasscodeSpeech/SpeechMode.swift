internal import Glibc

/// The `--speech` choice: decide from the screen readers found, or force speech on or off.
public enum SpeechMode: String, Equatable, Hashable, Sendable, CaseIterable {
  /// Speak unless a screen reader is already reading (the default).
  case auto
  /// Always speak through speech-dispatcher.
  case on
  /// Never speak.
  case off

  /// Parses `auto`, `on` or `off`, ignoring case and surrounding spaces; fails for any other text.
  ///
  /// - Parameter text: The text, such as the value of `--speech` or `PASSCODE_SPEECH`.
  public init?(parsing text: String) {
    self.init(rawValue: text.trimmingWhitespace(includingNewlines: false).lowercased())
  }
}
