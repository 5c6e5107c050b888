import PasscodeLocalization
import PasscodePreferences

/// Every option the parser knows: its spellings, its value placeholder and its one line of help.
enum Option: CaseIterable, Equatable, Hashable, Sendable {
  case title
  case length
  case allowed
  case reduceMotion
  case speech
  case progress
  case mask
  case speechRate
  case speechPitch
  case speechVolume
  case speechVoice
  case screenReader
  case color
  case timeout
  case grace
  case store
  case tty
  case sound
  case noSound
  case noWait
  case maxTries
  case json
  // `passcode agent`, spelled as systemd-tty-ask-password-agent.
  case query
  case watch
  case list
  case console
  case identifier
  case leaveOnCancel
  // `passcode askpass`, from passcode's initramfs-tools local-premount script.
  case unlocked
  // `passcode polkit-agent`, spelled as pkttyagent.
  case process
  case fallback
  case notifyFD
  case help
  case version
  // Options gpg-agent may pass to a pinentry program.
  case display
  case ttyName
  case ttyType
  case localeCharacterType
  case localeMessages
  case noGlobalGrab
  case debug
  case parentWindow
  case colors
  case terminalAlert

  /// The long spelling, with its dashes.
  var longName: String {
    switch self {
    case .title: "--title"
    case .length: "--length"
    case .allowed: "--allowed"
    case .reduceMotion: "--reduce-motion"
    case .speech: "--speech"
    case .progress: "--progress"
    case .mask: "--mask"
    case .speechRate: "--speech-rate"
    case .speechPitch: "--speech-pitch"
    case .speechVolume: "--speech-volume"
    case .speechVoice: "--speech-voice"
    case .screenReader: "--screen-reader"
    case .color: "--color"
    case .timeout: "--timeout"
    case .grace: "--grace"
    case .store: "--store"
    case .tty: "--tty"
    case .sound: "--sound"
    case .noSound: "--no-sound"
    case .noWait: "--no-wait"
    case .maxTries: "--max-tries"
    case .json: "--json"
    case .query: "--query"
    case .watch: "--watch"
    case .list: "--list"
    case .console: "--console"
    case .identifier: "--id"
    case .leaveOnCancel: "--leave-on-cancel"
    case .unlocked: "--unlocked"
    case .process: "--process"
    case .fallback: "--fallback"
    case .notifyFD: "--notify-fd"
    case .help: "--help"
    case .version: "--version"
    case .display: "--display"
    case .ttyName: "--ttyname"
    case .ttyType: "--ttytype"
    case .localeCharacterType: "--lc-ctype"
    case .localeMessages: "--lc-messages"
    case .noGlobalGrab: "--no-global-grab"
    case .debug: "--debug"
    case .parentWindow: "--parent-wid"
    case .colors: "--colors"
    case .terminalAlert: "--ttyalert"
    }
  }

  /// The short spelling, with its dash: `-h`, and the ones pinentry programs take.
  var shortName: String? {
    switch self {
    case .help: "-h"
    case .process: "-p"
    case .timeout: "-o"
    case .display: "-D"
    case .ttyName: "-T"
    case .ttyType: "-N"
    case .localeCharacterType: "-C"
    case .localeMessages: "-M"
    case .noGlobalGrab: "-g"
    case .debug: "-d"
    case .parentWindow: "-W"
    case .colors: "-c"
    case .terminalAlert: "-a"
    default: nil
    }
  }

  /// The value placeholder, or `nil` for a flag.
  var valueName: String? {
    switch self {
    case .title: "<text>"
    case .length, .maxTries: "<n>"
    case .allowed: "<set>"
    case .speech, .progress: "<mode>"
    case .mask: "<style>"
    case .speechRate, .speechPitch, .speechVolume: "<level>"
    case .speechVoice: "<voice>"
    case .color: "<when>"
    case .timeout, .grace: "<seconds>"
    case .store: "<directory>"
    case .tty, .ttyName: "<path>"
    case .display: "<display>"
    case .ttyType: "<name>"
    case .localeCharacterType, .localeMessages: "<locale>"
    case .parentWindow: "<id>"
    case .colors: "<colors>"
    case .console: "<tty>"
    case .identifier: "<prefix>"
    case .terminalAlert: "<mode>"
    case .process: "<pid[,start]>"
    case .notifyFD: "<fd>"
    case .reduceMotion, .screenReader, .sound, .noSound, .noWait, .json, .help, .version, .noGlobalGrab, .debug, .query,
      .watch, .list, .leaveOnCancel, .unlocked, .fallback:
      nil
    }
  }

  /// `--speech` and the voice's options, which every subcommand that may speak takes, and `doctor`.
  static let speechOptions: [Option] = [.speech, .speechRate, .speechPitch, .speechVolume, .speechVoice]

  /// The voice preference this option gives, or `nil` when it gives none.
  var voicePreference: Preference? {
    switch self {
    case .speechRate: .speechRate
    case .speechPitch: .speechPitch
    case .speechVolume: .speechVolume
    case .speechVoice: .speechVoice
    default: nil
    }
  }

  /// What a voice option or variable takes, for the message that refuses a value.
  ///
  /// - Parameter preference: A voice preference.
  /// - Returns: The sentence, in the user's language.
  static func voiceExpectation(for preference: Preference) -> String {
    guard preference == .speechVoice else {
      return Localization.text(
        "Please provide a whole number from {lowest} to {highest}.",
        ["lowest": "\(VoiceSettings.levels.lowerBound)", "highest": "\(VoiceSettings.levels.upperBound)"])
    }
    return Localization.text(
      "Please provide a voice type such as female1, or a voice name of at most {count} characters without "
        + "control characters.", ["count": "\(SpeechVoice.maximumNameLength)"])
  }

  /// Whether gpg-agent passes this option to pinentry programs (it is shown in its own help group).
  var isPinentryCompatibility: Bool {
    switch self {
    case .display, .ttyName, .ttyType, .localeCharacterType, .localeMessages, .noGlobalGrab, .debug,
      .parentWindow, .colors, .terminalAlert:
      true
    default: false
    }
  }

  /// Whether the value is optional and can only be attached with `=` (`--console[=<tty>]`).
  var takesOptionalValue: Bool { self == .console }

  /// The value placeholder in the user's language (`<texto>` for `<text>`), or `nil` for a flag.
  var localizedValueName: String? {
    valueName.map { Localization.text($0) }
  }

  /// The long spelling with its placeholder in the user's language, as help and error messages name it:
  /// `--length <n>`.
  var nameWithValue: String {
    guard let valueName = localizedValueName else { return longName }
    if takesOptionalValue { return "\(longName)[=\(valueName)]" }
    return "\(longName) \(valueName)"
  }

  /// The one line of help.
  var help: String {
    switch self {
    case .title: "The title spoken and shown with the prompt."
    case .length: "How many characters the passcode has, from 1 to 12."
    case .allowed:
      "Which characters may be typed: digits or alphanumeric; demo also takes the characters themselves, such as 0-9A-F."
    case .reduceMotion: "No shaking, blinking or bell."
    case .speech:
      "Speak announcements: auto (only on a local session with no screen reader reading and a "
        + "speech-dispatcher already running), on (always; may start one) or off. Default: auto."
    case .progress:
      "How much the feedback reveals of the code's length: count (\"3 of 6 digits entered\"; the default), "
        + "tick (a word per key, never a number) or silent (only verdicts such as \"Wrong passcode\")."
    case .mask:
      "The cells drawn: circle (the default), asterisk, bullet or none."
    case .speechRate: "How fast speech-dispatcher speaks, from -100 (slowest) to 100; 0 is its usual rate."
    case .speechPitch: "How high the voice is, from -100 to 100; 0 is its usual pitch."
    case .speechVolume: "How loud the voice is, from -100 to 100; 100 is its usual volume."
    case .speechVoice:
      "The voice: male1 to male3, female1 to female3, child_male, child_female, or a name spd-say -L lists."
    case .screenReader: "Screen-reader profile: each announcement is a new line of words."
    case .color: "Use colour: auto, always or never (default: auto)."
    case .timeout: "Give up after this many seconds with no key (exit 3)."
    case .grace: "Don't ask again within this many seconds of a right passcode; 0 always asks."
    case .store: "Keep all state in this directory instead of the XDG directories."
    case .tty: "Ask on this terminal device instead of /dev/tty."
    case .sound: "Play sound cues (speech-dispatcher sound icons or the bell)."
    case .noSound: "No sound cues (the default)."
    case .noWait: "When locked out, exit 4 at once instead of waiting."
    case .maxTries: "Stop after this many wrong tries in this run (exit 1)."
    case .json: "Print the report as one line of JSON, for scripts."
    case .query: "Answer the questions pending now, then exit (the default)."
    case .watch: "Answer questions as they come, until stopped."
    case .list: "Print the pending questions (never a secret) and exit."
    case .console: "Ask on this terminal; /dev/console when none is given."
    case .identifier: "Only answer or list questions whose Id starts with this."
    case .leaveOnCancel:
      "Esc leaves the question unanswered for another agent and ends this one (exit 2); its asker is not told."
    case .unlocked: "Say \"Disk unlocked\" and exit, asking nothing: for the initramfs, once the disk is open."
    case .process: "Register for this process (its start time is read when not given); default: the parent."
    case .fallback: "Let an agent already registered for the process answer instead (as systemd asks)."
    case .notifyFD: "Close this descriptor once registered, so the program that started the agent can go on."
    case .help: "Show help information."
    case .version: "Show the version."
    case .display: "Accepted from gpg-agent and ignored."
    case .ttyName: "The terminal gpg-agent names; as --tty."
    case .ttyType: "The type of that terminal; used in place of TERM."
    case .localeCharacterType: "Accepted from gpg-agent and ignored."
    case .localeMessages: "Accepted from gpg-agent and ignored."
    case .noGlobalGrab: "Accepted from gpg-agent and ignored."
    case .debug: "Accepted from gpg-agent and ignored."
    case .parentWindow: "Accepted from gpg-agent and ignored."
    case .colors: "Accepted from gpg-agent and ignored."
    case .terminalAlert: "Accepted from gpg-agent and ignored."
    }
  }

  /// The help column's label: `-h, --help`, `--length <n>`.
  ///
  /// - Parameter showsPinentryShortNames: Whether to show `-o` for `--timeout`, which only pinentry users
  ///   need to know.
  /// - Returns: The label.
  func label(showsPinentryShortNames: Bool) -> String {
    guard let shortName, self != .timeout || showsPinentryShortNames else { return nameWithValue }
    return "\(shortName), \(nameWithValue)"
  }

  /// Finds the option a spelling names, long or short.
  ///
  /// - Parameter spelling: `--length` or `-h`, without any `=value`.
  /// - Returns: The option, or `nil` when none is spelled so.
  static func named(_ spelling: String) -> Option? {
    allCases.first { $0.longName == spelling || $0.shortName == spelling }
  }
}
