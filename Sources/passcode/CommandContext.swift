import AccessibilityEnvironment
import AccessiblePrompt
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

  /// How long a prompt at boot (`agent`, `askpass`) waits for speech-dispatcher before saying it is not
  /// answering, keeping what it said in order meanwhile: the initramfs starts the daemon with the sound card,
  /// which often appears a moment after the first question.
  static let bootSpeechStartupGrace = Duration.seconds(3)

  /// The person's choices as an accessible session takes them: the command line's, the environment's and the
  /// config file's, each with where it came from.
  ///
  /// - Parameters:
  ///   - terminalPath: The terminal the prompts ask on, when it is not `--tty` or the controlling one.
  ///   - startupGrace: How long a daemon not answering yet goes unreported
  ///     (``SpeechDispatcherConfiguration/startupGrace``).
  ///   - atBoot: Whether the prompts ask at boot (``SessionPreferences/isAtBoot``).
  /// - Returns: The preferences.
  func sessionPreferences(
    terminalPath: String? = nil, startupGrace: Duration = .zero, atBoot: Bool = false
  ) -> SessionPreferences {
    var preferences = SessionPreferences()
    preferences.speech = invocation.setting(\.speech)
    preferences.profile = invocation.setting(\.profile)
    preferences.reduceMotion = options.reduceMotion
    preferences.reduceMotionSource = invocation.sources[.reduceMotion]
    preferences.voice = options.voice
    preferences.color = options.color
    preferences.soundCues = options.sound
    // Only a progress someone gave goes over each configuration's own, as in another tool's prompt.
    preferences.progress = invocation.sources[.progress] == .defaultValue ? nil : options.progress
    preferences.mask = invocation.sources[.mask] == .defaultValue ? nil : options.mask
    preferences.terminalPath = terminalPath ?? options.tty
    preferences.startupGrace = startupGrace
    preferences.isAtBoot = atBoot
    preferences.settingsNotTrusted = settingsRefusal != nil
    return preferences
  }

  /// The profile the person chose other than `auto` and the screen-reader one, for the terminal.
  var requestedProfile: OutputProfile? { sessionPreferences().requestedProfile }

  /// What the command's session decides before anything is opened: its preferences, what the speech policy looks
  /// at and the decision (``SessionPlan``), the same as another tool's prompt decides.
  ///
  /// - Parameters:
  ///   - terminalPath: The terminal the prompt asks on; `nil` uses `--tty`, then the controlling terminal. It
  ///     decides whether console-only readers (brltty, Speakup) count and whether it is remote.
  ///   - startupGrace: How long a daemon not answering yet goes unreported
  ///     (``SpeechDispatcherConfiguration/startupGrace``).
  ///   - atBoot: Whether the prompts ask at boot (``SessionPreferences/isAtBoot``).
  ///   - detector: The screen-reader checks.
  ///   - daemonAnswers: Whether a speech-dispatcher answers; it must never start one.
  /// - Returns: The plan.
  func sessionPlan(
    terminalPath: String? = nil, startupGrace: Duration = .zero, atBoot: Bool = false,
    detector: ScreenReaderDetector = ScreenReaderDetector(), daemonAnswers: () -> Bool = { SpeechDaemonProbe.answers() }
  ) -> SessionPlan {
    SessionPlan(
      sessionPreferences(terminalPath: terminalPath, startupGrace: startupGrace, atBoot: atBoot),
      environment: environment, detector: detector, daemonAnswers: daemonAnswers)
  }

  /// Gathers what the speech policy looks at, for doctor.
  ///
  /// - Parameter terminalPath: The terminal the prompt asks on; `nil` uses `--tty`, then the controlling
  ///   terminal.
  /// - Returns: The inputs.
  func speechPolicyInputs(terminalPath: String? = nil) -> SpeechPolicyInputs {
    sessionPlan(terminalPath: terminalPath).inputs
  }

  /// Opens the accessible session and a prompt on it: the channel decided, speech started in the background
  /// when it was chosen, the terminal in raw mode.
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
      speech.close()
      throw error
    }
    return OpenPrompt(prompt: prompt, announcer: speech.announcer)
  }

  /// Opens the command's accessible session (``AccessibleSession``), the same as another tool's prompt opens:
  /// `pinentry` does this once per session and opens a prompt per dialog.
  ///
  /// - Parameters:
  ///   - terminalPath: The terminal the prompt asks on, when it is not `--tty` or the controlling one.
  ///   - startupGrace: How long a daemon not answering yet goes unreported
  ///     (``SpeechDispatcherConfiguration/startupGrace``).
  ///   - atBoot: Whether the prompts ask at boot (``SessionPreferences/isAtBoot``): a crypttab keyscript, the
  ///     console agent.
  /// - Returns: The session.
  /// - Throws: ``CommandError/prompt(_:)`` when the notice pipe cannot be made.
  func openSpeech(terminalPath: String? = nil, startupGrace: Duration = .zero, atBoot: Bool = false)
    throws(CommandError) -> AccessibleSession
  {
    do {
      return try AccessibleSession(sessionPlan(terminalPath: terminalPath, startupGrace: startupGrace, atBoot: atBoot))
    } catch {
      throw .prompt(error)
    }
  }

  /// Opens a prompt of `speech`'s session; closing the prompt leaves the announcer open. It starts with the
  /// session's notices (Speakup's key echo, a config file others could change), and where there is no voice on a
  /// virtual console, its cues are tones (``AccessibleSession/promptSettings(terminalPath:requiresOwnTerminal:terminalType:outputIsTerminal:ignoresInterruptions:remote:makeSecretStorage:)``).
  ///
  /// - Parameters:
  ///   - speech: The session from ``openSpeech(terminalPath:startupGrace:atBoot:)``.
  ///   - terminalPath: The terminal to ask on; `nil` uses `--tty`, then the controlling terminal.
  ///   - requiresOwnTerminal: Whether a terminal of another user (neither this one nor root) is refused:
  ///     pinentry's, which gpg-agent names.
  ///   - terminalType: Used as `TERM` when given (pinentry's `ttytype`).
  ///   - outputIsTerminal: Whether the prompt's output is a terminal; `nil` asks about standard output.
  ///     pinentry passes `true`: its standard output is the Assuan pipe, its prompt the tty.
  ///   - ignoresInterruptions: Whether Ctrl-C and friends are ignored (`lock`).
  ///   - remote: The caller's side of the prompt, kept across prompts (`agent`), if given.
  /// - Returns: The prompt in raw mode.
  /// - Throws: ``CommandError/prompt(_:)`` when the terminal cannot be opened or set up.
  func openPrompt(
    speech: AccessibleSession, terminalPath: String? = nil, requiresOwnTerminal: Bool = false,
    terminalType: String? = nil, outputIsTerminal: Bool? = nil, ignoresInterruptions: Bool = false,
    remote: PromptRemote? = nil
  ) throws(CommandError) -> TerminalPasscodePrompt {
    let settings = promptSettings(
      speech.plan, announcer: speech.announcer, notices: speech.notices, terminalPath: terminalPath,
      requiresOwnTerminal: requiresOwnTerminal, terminalType: terminalType, outputIsTerminal: outputIsTerminal,
      ignoresInterruptions: ignoresInterruptions, remote: remote)
    do {
      return try speech.openPrompt(settings)
    } catch {
      throw .prompt(error)
    }
  }

  /// The settings of a command's prompt on `plan` (``SessionPlan/promptSettings(announcer:notices:terminalPath:requiresOwnTerminal:terminalType:outputIsTerminal:ignoresInterruptions:remote:makeSecretStorage:)``),
  /// with the command's own defaults: `--tty`, standard output as the command sees it, and the package's secret
  /// memory.
  ///
  /// - Parameters:
  ///   - plan: The session's plan.
  ///   - announcer: The session's speech, if any.
  ///   - notices: The session's notice board.
  ///   - terminalPath: The terminal to ask on; `nil` uses `--tty`, then the controlling terminal.
  ///   - requiresOwnTerminal: Whether a terminal of another user (neither this one nor root) is refused.
  ///   - terminalType: Used as `TERM` when given (pinentry's `ttytype`).
  ///   - outputIsTerminal: Whether the prompt's output is a terminal; `nil` asks about standard output.
  ///   - ignoresInterruptions: Whether Ctrl-C and friends are ignored (`lock`).
  ///   - remote: The caller's side of the prompt, kept across prompts (`agent`), if given.
  /// - Returns: The settings.
  func promptSettings(
    _ plan: SessionPlan, announcer: SpeechDispatcherAnnouncer? = nil, notices: NoticeBoard? = nil,
    terminalPath: String? = nil, requiresOwnTerminal: Bool = false, terminalType: String? = nil,
    outputIsTerminal: Bool? = nil, ignoresInterruptions: Bool = false, remote: PromptRemote? = nil
  ) -> PromptSettings {
    plan.promptSettings(
      announcer: announcer, notices: notices, terminalPath: terminalPath ?? options.tty,
      requiresOwnTerminal: requiresOwnTerminal, terminalType: terminalType,
      outputIsTerminal: outputIsTerminal ?? StandardStreams.outputIsTerminal,
      ignoresInterruptions: ignoresInterruptions, remote: remote, makeSecretStorage: Self.makeSecretStorage)
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

  /// The entry for another program's question (sudo's, ssh's, git's, cryptsetup's, PAM's through polkit): any
  /// printable characters, of any length up to the limit, with no lockout of passcode's own (the caller counts
  /// and delays its tries), `--reduce-motion` and `--timeout` as given, and "Checking" when a secret is sent, "Sent"
  /// when a shown answer is.
  ///
  /// - Parameters:
  ///   - title: The question.
  ///   - isSecret: Whether the answer is a secret, or shown as typed.
  /// - Returns: The validated configuration.
  /// - Throws: ``CommandError/configuration(_:)`` when the options make an invalid prompt.
  func callerQuestion(title: SanitizedText, isSecret: Bool) throws(CommandError) -> EntryConfiguration {
    var configuration: EntryConfiguration
    do {
      configuration = try EntryConfiguration(
        title: title, length: .variable(1...EntryConfiguration.variableLengthLimit), allowed: .printable,
        isSecure: isSecret, reduceMotion: options.reduceMotion, lockoutSchedule: .never,
        timeout: options.timeout.map { .seconds($0) })
    } catch {
      throw .configuration(error)
    }
    // Whether a secret was right is the caller's to find out; a shown answer is only passed on.
    configuration.acceptedAnnouncement = isSecret ? .checking : .answerSent
    return configuration
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
