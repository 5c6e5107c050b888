/// An environment variable that gives one of the person's preferences. `passcode` and another tool's prompt
/// (`TerminalPasscodePrompt.current()`) read them in one place, ``EnvironmentPreferences``, so a value means the
/// same in every prompt; they differ only in what a refused value does.
package enum PreferenceVariable: String, CaseIterable, Hashable, Sendable {
  /// `1`, `true`, `yes`, `on`, or `0`, `false`, `no`, `off`, in any case: as `--reduce-motion`.
  case reduceMotion = "PASSCODE_REDUCE_MOTION"
  /// `auto`, `on` or `off`, in any case: as `--speech`, but `on` is a standing wish, not a force.
  case speech = "PASSCODE_SPEECH"
  /// `count`, `tick` or `silent`, in any case: as `--progress`.
  case progress = "PASSCODE_PROGRESS"
  /// `circle`, `asterisk`, `bullet` or `none`, in any case: as `--mask`.
  case mask = "PASSCODE_MASK"
  /// A level within ``VoiceSettings/levels``: as `--speech-rate`.
  case speechRate = "PASSCODE_SPEECH_RATE"
  /// A level within ``VoiceSettings/levels``: as `--speech-pitch`.
  case speechPitch = "PASSCODE_SPEECH_PITCH"
  /// A level within ``VoiceSettings/levels``: as `--speech-volume`.
  case speechVolume = "PASSCODE_SPEECH_VOLUME"
  /// A voice type or a voice's name (``SpeechVoice/init(_:)``): as `--speech-voice`.
  case speechVoice = "PASSCODE_SPEECH_VOICE"

  /// The preference the variable gives.
  package var preference: Preference {
    switch self {
    case .reduceMotion: .reduceMotion
    case .speech: .speech
    case .progress: .progress
    case .mask: .mask
    case .speechRate: .speechRate
    case .speechPitch: .speechPitch
    case .speechVolume: .speechVolume
    case .speechVoice: .speechVoice
    }
  }

  /// Where a value read from this variable came from.
  package var source: SettingSource { .environment(variable: rawValue) }
}
