import AccessibilityEnvironment
import LockedSecretStorage
import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization
import PasscodePreferences
import PasscodeSpeech
import PasscodeTerminal
import PasscodeVault

/// What every subcommand shares: the parsed options with the config file applied, the environment, the
/// store location and settings (read once), and how to open an accessible prompt with speech decided once.
struct CommandContext {
  let invocation: Invocation
  let environment: [String: String]
  /// Where the store and the config file are, or why that could not be worked out.
  let location: Result<StoreLocation, VaultError>
  /// The config file, read once; the defaults when it does not exist. A file others could change gives its
  /// interface preferences with the default lockout, length and grace (``settingsRefusal`` says why).
  let settings: Result<ConfigurationFile, VaultError>
  /// Why the config file's lockout, length and grace are not used, if they are not; every prompt says so.
  let settingsRefusal: ConfigurationRefusal?

  /// Resolves the store, reads the config file and applies its preferences under the options and the
  /// environment.
  ///
  /// - Parameters:
  ///   - parsed: The parsed command line, with the environment applied.
  ///   - environment: The process environment.
  init(parsed: Invocation, environment: [String: String]) {
    self.environment = environment
    location = Result { () throws(VaultError) in
      try StoreLocation.resolve(environment: environment, store: parsed.options.store)
    }
    let loaded = location.flatMap { location in
      Result { () throws(VaultError) in try ConfigurationFile.load(from: location.configFile) }
    }
    settings = loaded.map(\.settings)
    settingsRefusal = try? loaded.get().refusal
    if case let .success(location) = location, case let .success(settings) = settings {
      invocation = parsed.applying(settings.preferences, configFile: location.configFile)
    } else {
      invocation = parsed
    }
  }

  var options: CommonOptions { invocation.options }

  /// The profile the person chose other than `auto` and the screen-reader one, for the terminal.
  var requestedProfile: OutputProfile? {
    switch options.profile {
    case .auto, .screenReader: nil
    case .visual: .visual
    case .plain: .plain
    }
  }

  /// Gathers what the speech policy looks at; the one place, so it can be done when the first prompt opens.
  ///
  /// - Parameter terminalPath: The terminal the prompt asks on; `nil` uses `--tty`, then the controlling
  ///   terminal. It decides whether console-only readers (brltty, Speakup) count and whether it is remote.
  /// - Returns: The inputs.
  func speechPolicyInputs(terminalPath: String? = nil) -> SpeechPolicyInputs {
    SpeechPolicyInputs.gather(
      speech: invocation.setting(\.speech), profile: invocation.setting(\.profile),
      reduceMotionSource: invocation.sources[.reduceMotion], environment: environment,
      terminalPath: terminalPath ?? options.tty, daemonAnswers: { SpeechDaemonProbe.answers() })
  }

  /// Opens a prompt: decides the speech channel, starts speech in the background when it was chosen,
  /// and enters raw mode on the terminal.
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

  /// Decides the channel (``SpeechDecision``) and, when it is speech, starts connecting in the background;
  /// libspeechd may start a daemon only under `--speech on`. When speech was chosen and does not answer,
  /// one fixed notice is shown for the whole session. `pinentry` does this once per session and opens a
  /// prompt per dialog.
  ///
  /// - Parameters:
  ///   - terminalPath: The terminal the prompt asks on, when it is not `--tty` or the controlling one.
  ///   - startupGrace: How long a daemon not answering yet goes unreported
  ///     (``SpeechDispatcherConfiguration/startupGrace``).
  /// - Returns: The decision, the detection, the notices and the announcer, if speech was chosen.
  /// - Throws: ``CommandError/prompt(_:)`` when the notice pipe cannot be made.
  func openSpeech(terminalPath: String? = nil, startupGrace: Duration = .zero) throws(CommandError) -> PromptSpeech {
    let inputs = speechPolicyInputs(terminalPath: terminalPath)
    let decision = SpeechDecision.decide(inputs)
    let notices: NoticeBoard?
    do {
      notices = try NoticeBoard()
    } catch {
      throw .prompt(.noTerminal(error))
    }
    var announcer: SpeechDispatcherAnnouncer?
    if case let .speechDispatcher(mayStartDaemon) = decision.channel {
      var configuration = SpeechDispatcherConfiguration()
      configuration.autospawn = mayStartDaemon
      configuration.voice = options.voice
      configuration.startupGrace = startupGrace
      let firstOutage = OneTimeFlag()
      announcer = SpeechDispatcherAnnouncer(configuration: configuration) { _ in
        // The reason is libspeechd's own text, for doctor; the notice is fixed words, once a session.
        if firstOutage.takeFirst() { notices?.post(SanitizedText(SpeechDecision.unreachableNotice)) }
      }
    }
    return PromptSpeech(
      inputs: inputs, detection: inputs.detection, decision: decision, notices: notices, announcer: announcer)
  }

  /// Opens a prompt that speaks through `speech`; closing the prompt leaves the announcer open. When the
  /// config file was refused, the prompt starts by saying so (``Announcement/settingsNotTrusted``), and when
  /// Speakup's key echo is on and cannot be turned off (not root), it says that
  /// (``Announcement/speakupKeyEchoOn``). Where there is no voice on a virtual console, its cues are tones
  /// (``ConsoleTones``).
  ///
  /// - Parameters:
  ///   - speech: The channel from ``openSpeech()``.
  ///   - terminalPath: The terminal to ask on; `nil` uses `--tty`, then the controlling terminal.
  ///   - requiresOwnTerminal: Whether a terminal of another user (neither this one nor root) is refused:
  ///     pinentry's, which gpg-agent names.
  ///   - terminalType: Used as `TERM` when given (pinentry's `ttytype`).
  ///   - outputIsTerminal: Whether the prompt's output is a terminal; `nil` asks about standard output.
  ///     pinentry passes `true`: its standard output is the Assuan pipe, its prompt the tty.
  ///   - ignoresInterruptions: Whether Ctrl-C and friends are ignored (`lock`).
  ///   - interruption: Ends the prompt from another thread (`agent`), if given.
  /// - Returns: The prompt in raw mode.
  /// - Throws: ``CommandError/prompt(_:)`` when the terminal cannot be opened or set up.
  func openPrompt(
    speech: PromptSpeech, terminalPath: String? = nil, requiresOwnTerminal: Bool = false,
    terminalType: String? = nil, outputIsTerminal: Bool? = nil, ignoresInterruptions: Bool = false,
    interruption: PromptInterruption? = nil
  ) throws(CommandError) -> TerminalPasscodePrompt {
    var promptEnvironment = environment
    if let terminalType { promptEnvironment["TERM"] = terminalType }
    var settings = PromptSettings(
      terminalPath: terminalPath ?? options.tty,
      requiresOwnTerminal: requiresOwnTerminal,
      color: options.color,
      screenReaderForced: speech.decision.usesScreenReaderLines && requestedProfile == nil,
      screenReaderDetected: speech.detection.isReading,
      reducesMotion: speech.decision.reducesMotion,
      lineDiscipline: LineDiscipline(readers: speech.detection.readers),
      requestedProfile: requestedProfile,
      environment: promptEnvironment,
      outputIsTerminal: outputIsTerminal ?? StandardStreams.outputIsTerminal,
      announcer: speech.announcer,
      soundCues: options.sound,
      progress: options.progress,
      ignoresInterruptions: ignoresInterruptions,
      notices: speech.notices,
      makeSecretStorage: Self.makeSecretStorage,
      interruption: interruption)
    settings.consoleTones = ConsoleTones.areUsed(
      speech.inputs, decision: speech.decision, speechAnswers: speech.announcer?.isConnected ?? false)
    let prompt: TerminalPasscodePrompt
    do {
      prompt = try TerminalPasscodePrompt(settings: settings)
    } catch {
      throw .prompt(error)
    }
    if prompt.speakupKeyEcho.needsWarning { try? prompt.say(.speakupKeyEchoOn) }
    if settingsRefusal != nil { try? prompt.say(.settingsNotTrusted) }
    return prompt
  }

  /// The package's secret memory (guard pages, locked, left out of core dumps, wiped).
  @Sendable static func makeSecretStorage(capacity: Int) -> any SecretStorage {
    WipedSecretBuffer(capacity: capacity)
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
    defaultTitle: String = "Enter Passcode", defaultLength: Int = PasscodeShape.defaultLength,
    schedule: LockoutSchedule = .standard
  ) throws(CommandError) -> EntryConfiguration {
    do {
      return try EntryConfiguration(
        title: options.title.map { SanitizedText($0) } ?? SanitizedText(Localization.text(defaultTitle)),
        length: .fixed(options.length ?? defaultLength),
        allowed: options.allowed ?? .digits,
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
