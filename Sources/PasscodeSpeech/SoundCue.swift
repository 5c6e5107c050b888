import PasscodeEngine

extension SoundCue {
  /// The speech-dispatcher sound icon name.
  package var iconName: String { rawValue }

  /// The priority the cue is played with, matching the announcement it goes with.
  package var priority: SpeechPriority {
    switch self {
    case .error, .lockout: .important
    case .success, .asking: .message
    }
  }
}
