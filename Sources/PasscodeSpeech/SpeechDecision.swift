/// Whether to speak announcements through speech-dispatcher (ACCESSIBILITY.md §1: one channel, never two).
public enum SpeechDecision: Equatable, Sendable {
  /// Speak, and still show the text.
  case speak
  /// Only show the text; the reason can be shown by `passcode doctor`.
  case silent(reason: String)

  /// Decides from the mode and what was detected; a pure function.
  ///
  /// - Parameters:
  ///   - mode: The `--speech` choice.
  ///   - detection: The screen readers found.
  /// - Returns: `.speak` for `on`, and for `auto` when no screen reader is reading; `.silent` otherwise.
  public static func decide(mode: SpeechMode, detection: ScreenReaderDetection) -> SpeechDecision {
    switch mode {
    case .on:
      return .speak
    case .off:
      return .silent(reason: "speech is off")
    case .auto:
      guard detection.isReading else { return .speak }
      let names = detection.readerNames.joined(separator: " and ")
      return .silent(reason: "\(names) is reading the screen")
    }
  }
}
