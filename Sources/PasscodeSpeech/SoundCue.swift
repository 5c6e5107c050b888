import PasscodeEngine

/// A short sound that may accompany an announcement; never the only signal (ACCESSIBILITY.md §4).
public enum SoundCue: String, Equatable, Hashable, Sendable, CaseIterable {
  /// A code was wrong or a key was not allowed.
  case error
  /// Entry is locked for a while.
  case lockout
  /// The code was accepted.
  case success

  /// The speech-dispatcher sound icon name.
  public var iconName: String { rawValue }

  /// The priority the cue is played with, matching the announcement it goes with.
  public var priority: SpeechPriority {
    switch self {
    case .error, .lockout: .important
    case .success: .message
    }
  }
}
