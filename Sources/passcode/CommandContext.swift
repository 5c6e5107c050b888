import PasscodeCommandLine
import PasscodeEngine
import PasscodeSpeech
import PasscodeTerminal
import PasscodeVault

/// What every subcommand shares: the parsed options, the environment, and how to open an accessible
/// prompt with speech decided once.
struct CommandContext {
  let invocation: Invocation
  let environment: [String: String]

  var options: CommonOptions { invocation.options }

  /// The speech mode from the options (the parser already applied `PASSCODE_SPEECH`).
  var speechMode: PasscodeSpeech.SpeechMode {
    switch options.speech {
    case .auto: .auto
    case .on: .on
    case .off: .off
    }
  }

  /// Opens a prompt: detects a screen reader (unless speech is forced), decides the channel, starts
  /// speech in the background, and enters raw mode on the terminal.
  ///
  /// - Parameter ignoresInterruptions: Whether Ctrl-C and friends are ignored (`lock`).
  /// - Returns: The prompt and the announcer it speaks through, if any.
  /// - Throws: ``CommandError/prompt(_:)`` when no terminal can be opened.
  func openPrompt(ignoresInterruptions: Bool = false) throws(CommandError) -> OpenPrompt {
    let detection = speechMode == .auto || options.screenReader ? ScreenReaderDetector().detect() : .none
    let decision = SpeechDecision.decide(mode: speechMode, detection: detection)
    let notices: NoticeBoard?
    do {
      notices = try NoticeBoard()
    } catch {
      throw .prompt(.noTerminal(error))
    }
    var announcer: SpeechDispatcherAnnouncer?
    if case .speak = decision {
      announcer = SpeechDispatcherAnnouncer { reason in notices?.post("Speech unavailable: \(reason)") }
    }
    let settings = PromptSettings(
      terminalPath: options.tty,
      color: colorOption,
      screenReaderForced: options.screenReader,
      screenReaderDetected: detection.isReading,
      environment: environment,
      outputIsTerminal: StandardStreams.outputIsTerminal,
      announcer: announcer,
      soundCues: options.sound,
      ignoresInterruptions: ignoresInterruptions,
      notices: notices,
      makeSecretStorage: Self.makeSecretStorage)
    let prompt: TerminalPasscodePrompt
    do {
      prompt = try TerminalPasscodePrompt(settings: settings)
    } catch {
      announcer?.close()
      throw .prompt(error)
    }
    if detection.speakupEchoesKeys {
      try? prompt.show("Warning: Speakup speaks every key you type (key_echo is 2). See passcode(1) to turn it off.")
    }
    return OpenPrompt(prompt: prompt, announcer: announcer)
  }

  /// Secret memory from libsodium (guard pages, locked, wiped); the engine's own buffer if libsodium
  /// cannot allocate.
  @Sendable static func makeSecretStorage(capacity: Int) -> any SecretStorage {
    (try? SodiumSecretBuffer(capacity: capacity)) ?? WipedSecretBuffer(capacity: capacity)
  }

  private var colorOption: ColorOption {
    switch options.color {
    case .auto: .auto
    case .always: .always
    case .never: .never
    }
  }

  /// The prompt configuration from the options, with defaults for this subcommand.
  ///
  /// - Parameters:
  ///   - defaultTitle: The title when `--title` is not given.
  ///   - defaultLength: The length when `--length` is not given.
  ///   - schedule: The lockout schedule.
  /// - Returns: The validated configuration.
  /// - Throws: ``CommandError/configuration(_:)`` when the options make an invalid prompt.
  func configuration(
    defaultTitle: String = "Enter Passcode", defaultLength: Int = 6, schedule: LockoutSchedule = .standard
  ) throws(CommandError) -> EntryConfiguration {
    do {
      return try EntryConfiguration(
        title: options.title ?? defaultTitle,
        length: .fixed(options.length ?? defaultLength),
        allowed: options.allowed == .alphanumeric ? .lettersAndDigits : .digits,
        reduceMotion: options.reduceMotion,
        lockoutSchedule: schedule,
        timeout: options.timeout.map { .seconds($0) })
    } catch {
      throw .configuration(error)
    }
  }
}

/// A prompt and the announcer behind it, closed together.
struct OpenPrompt {
  let prompt: TerminalPasscodePrompt
  let announcer: SpeechDispatcherAnnouncer?

  /// Restores the terminal and stops speech.
  func close() {
    prompt.close()
    announcer?.close()
  }
}
