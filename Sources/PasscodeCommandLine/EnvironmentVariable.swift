/// The environment variables `passcode` reads, or that shape what it does, with their help.
enum EnvironmentVariable: String, CaseIterable, Sendable {
  case passcodeReduceMotion = "PASSCODE_REDUCE_MOTION"
  case passcodeSpeech = "PASSCODE_SPEECH"
  case passcodeProgress = "PASSCODE_PROGRESS"
  case passcodeMask = "PASSCODE_MASK"
  case passcodeSpeechRate = "PASSCODE_SPEECH_RATE"
  case passcodeSpeechPitch = "PASSCODE_SPEECH_PITCH"
  case passcodeSpeechVolume = "PASSCODE_SPEECH_VOLUME"
  case passcodeSpeechVoice = "PASSCODE_SPEECH_VOICE"
  case passcodeHome = "PASSCODE_HOME"
  case noColor = "NO_COLOR"
  case term = "TERM"
  case speechdAddress = "SPEECHD_ADDRESS"
  case dataHome = "XDG_DATA_HOME"
  case stateHome = "XDG_STATE_HOME"
  case runtimeDirectory = "XDG_RUNTIME_DIR"
  case configHome = "XDG_CONFIG_HOME"
  case sshConnection = "SSH_CONNECTION"
  case language = "LANGUAGE"
  case crypttabName = "CRYPTTAB_NAME"
  case crypttabSource = "CRYPTTAB_SOURCE"
  case crypttabTried = "CRYPTTAB_TRIED"
  case sshAskpassPrompt = "SSH_ASKPASS_PROMPT"
  case systemBusAddress = "DBUS_SYSTEM_BUS_ADDRESS"

  /// One line of help.
  var help: String {
    switch self {
    case .passcodeReduceMotion:
      "1, true, yes or on: as --reduce-motion; 0, false, no or off: motion even in a remote session."
    case .passcodeSpeech:
      "auto, on or off. on speaks where it helps (a local session, no screen reader reading), even "
        + "with no daemon running; --speech on forces. The option wins."
    case .passcodeProgress: "count, tick or silent: as --progress; the option wins."
    case .passcodeMask: "circle, asterisk, bullet or none: as --mask; the option wins."
    case .passcodeSpeechRate: "-100 to 100: as --speech-rate; the option wins."
    case .passcodeSpeechPitch: "-100 to 100: as --speech-pitch; the option wins."
    case .passcodeSpeechVolume: "-100 to 100: as --speech-volume; the option wins."
    case .passcodeSpeechVoice: "A voice type or name: as --speech-voice; the option wins."
    case .passcodeHome: "A directory: as --store; the option wins."
    case .noColor: "When set and not empty: no colour, unless --color is given."
    case .term: "The terminal type; dumb means plain text with no escape codes."
    case .speechdAddress: "Where speech-dispatcher listens, such as unix_socket:PATH."
    case .dataHome: "The passcode hash is in $XDG_DATA_HOME/passcode/."
    case .stateHome: "Failures and lockout are in $XDG_STATE_HOME/passcode/."
    case .runtimeDirectory: "The grace stamp is in $XDG_RUNTIME_DIR/passcode/."
    case .configHome: "The config file is $XDG_CONFIG_HOME/passcode/config (DIR/config with --store DIR)."
    case .sshConnection:
      "Set, or SSH_CLIENT or SSH_TTY: a remote session: --speech auto prints and does not speak, and unless "
        + "chosen otherwise each announcement is a new line and nothing shakes."
    case .language:
      "The language of every message and of speech, such as es; then LC_ALL, LC_MESSAGES and LANG, as gettext."
    case .crypttabName: "askpass: the disk's name in /etc/crypttab (its first field), set by cryptsetup."
    case .crypttabSource: "askpass: the disk's device (crypttab's second field), said after its name."
    case .crypttabTried: "askpass: the tries before this one; above 0, the last passphrase was wrong."
    case .sshAskpassPrompt: "askpass: set by ssh: confirm is a yes-or-no question, none a notice until ssh ends it."
    case .systemBusAddress:
      "polkit-agent: where the system bus listens; unix:path=/run/dbus/system_bus_socket when unset."
    }
  }

  /// Whether only this subcommand reads the variable (askpass's crypttab variables), so that its own help lists it.
  func isOnly(for subcommand: Subcommand) -> Bool {
    Subcommand.allCases.filter { applies(to: $0) } == [subcommand]
  }

  /// Whether the variable matters to a subcommand.
  func applies(to subcommand: Subcommand) -> Bool {
    let options = subcommand.options
    switch self {
    case .passcodeReduceMotion: return options.contains(.reduceMotion)
    case .passcodeProgress: return options.contains(.progress)
    case .passcodeMask: return options.contains(.mask)
    case .passcodeSpeech, .speechdAddress, .sshConnection, .passcodeSpeechRate, .passcodeSpeechPitch,
      .passcodeSpeechVolume, .passcodeSpeechVoice:
      return options.contains(.speech)
    case .passcodeHome, .dataHome, .stateHome, .runtimeDirectory: return options.contains(.store)
    case .configHome, .language: return true
    case .noColor: return options.contains(.color)
    case .term: return subcommand.isInteractive || subcommand == .doctor
    case .crypttabName, .crypttabSource, .crypttabTried, .sshAskpassPrompt: return subcommand == .askpass
    case .systemBusAddress: return subcommand == .polkitAgent
    }
  }
}
