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

  /// Opens a prompt: detects a screen reader, decides the channel, starts
  /// speech in the background, and enters raw mode on the terminal.
  ///
  /// - Parameter ignoresInterruptions: Whether Ctrl-C and friends are ignored (`lock`).
  /// - Returns: The prompt and the announcer it speaks through, if any.
  /// - Throws: ``CommandError/prompt(_:)`` when no terminal can be opened.
  func openPrompt(ignoresInterruptions: Bool = false) throws(CommandError) -> OpenPrompt {
    let speech = try openSpeech()
    let prompt: TerminalPasscodePrompt
    do {
      prompt = try openPrompt(speech: speech, ignoresInterruptions: ignoresInterruptions)
    } catch {
      speech.announcer?.close()
      throw error
    }
    return OpenPrompt(prompt: prompt, announcer: speech.announcer)
  }

  /// Detects a screen reader, decides the channel and starts speech in the
  /// background. `pinentry` does this once per session and opens a prompt per dialog.
  ///
  /// - Returns: The detection, the notices and the announcer, if speech was chosen.
  /// - Throws: ``CommandError/prompt(_:)`` when the notice pipe cannot be made.
  func openSpeech() throws(CommandError) -> PromptSpeech {
    // Readers are looked for even when speech is forced, because they choose the output profile too: a braille
    // user with speech off still needs words, not glyphs. Forced speech needs no AT-SPI answer, so the bus is
    // asked only in auto mode or with --screen-reader; the process table and sysfs are always read.
    let asksBus = speechMode == .auto || options.screenReader
    let detection = (asksBus ? ScreenReaderDetector() : ScreenReaderDetector(sessionBusAddress: nil)).detect()
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
    return PromptSpeech(detection: detection, notices: notices, announcer: announcer)
  }

  /// Opens a prompt that speaks through `speech`; closing the prompt leaves the announcer open.
  ///
  /// - Parameters:
  ///   - speech: The channel from ``openSpeech()``.
  ///   - terminalPath: The terminal to ask on; `nil` uses `--tty`, then the controlling terminal.
  ///   - terminalType: Used as `TERM` when given (pinentry's `ttytype`).
  ///   - outputIsTerminal: Whether the prompt's output is a terminal; `nil` asks about standard output.
  ///     pinentry passes `true`: its standard output is the Assuan pipe, its prompt the tty.
  ///   - ignoresInterruptions: Whether Ctrl-C and friends are ignored (`lock`).
  /// - Returns: The prompt in raw mode.
  /// - Throws: ``CommandError/prompt(_:)`` when the terminal cannot be opened or set up.
  func openPrompt(
    speech: PromptSpeech, terminalPath: String? = nil, terminalType: String? = nil, outputIsTerminal: Bool? = nil,
    ignoresInterruptions: Bool = false
  ) throws(CommandError) -> TerminalPasscodePrompt {
    var promptEnvironment = environment
    if let terminalType { promptEnvironment["TERM"] = terminalType }
    let settings = PromptSettings(
      terminalPath: terminalPath ?? options.tty,
      color: colorOption,
      screenReaderForced: options.screenReader,
      screenReaderDetected: speech.detection.isReading,
      lineDiscipline: LineDiscipline(readers: speech.detection.readers),
      environment: promptEnvironment,
      outputIsTerminal: outputIsTerminal ?? StandardStreams.outputIsTerminal,
      announcer: speech.announcer,
      soundCues: options.sound,
      ignoresInterruptions: ignoresInterruptions,
      notices: speech.notices,
      makeSecretStorage: Self.makeSecretStorage)
    let prompt: TerminalPasscodePrompt
    do {
      prompt = try TerminalPasscodePrompt(settings: settings)
    } catch {
      throw .prompt(error)
    }
    if speech.detection.speakupEchoesKeys {
      try? prompt.show("Warning: Speakup speaks every key you type (key_echo is 2). See passcode(1) to turn it off.")
    }
    return prompt
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
