import PasscodeEngine
import PasscodeLocalization
internal import SystemCalls

/// Asks for a passcode on a terminal, accessibly: the public entry point for Swift command-line tools.
///
/// A prompt owns the terminal from creation to ``close()``: raw mode with echo off, bracketed paste, and
/// signal handling that restores the exact saved settings on every path. Each ``ask(_:failureCount:
/// lockoutRemaining:attemptLimit:verifier:)`` runs one `EntryEngine` in a `PromptDriver`
/// against the real clock: keys and timers go in, and its effects come out as rendered text, speech and
/// verification, which runs off the input thread. While nothing is pending the prompt sleeps in `poll` with
/// no timeout.
///
/// It is made of three parts: a `TerminalSession` (the device, raw mode, the signal relay, the crash
/// guard), the `PromptLoop` that waits on the `TerminalPromptEvents` and drives the engine, and this façade.
///
/// With `import PasscodeKeypad`, `current()` opens one with the accessible defaults:
///
/// ```swift
/// let prompt = try TerminalPasscodePrompt.current()
/// defer { prompt.close() }
/// let outcome = try prompt.ask(try EntryConfiguration(length: .fixed(4))) { secret in
///   secret.constantTimeEquals(expected) ? .accepted : .rejected(failureCount: nil)
/// }
/// ```
public final class TerminalPasscodePrompt {
  /// What the terminal can do and which profile is used, decided once at start.
  package let capabilities: TerminalCapabilities
  /// The caller's side of this prompt, for any thread: clear or cancel the entry asking, and follow its progress
  /// as counts. It is the settings' ``PromptSettings/remote`` when they name one, else the prompt's own.
  public let remote: PromptRemote
  private let settings: PromptSettings
  private let session: TerminalSession
  private let loop: PromptLoop
  private var isClosed = false

  /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
  package static let escapeWait = Duration.milliseconds(50)
  /// How long a bracketed paste may go without a byte before it ends as a failed paste (``KeyDecoder``). A
  /// terminal writes a paste in one go, so its bytes normally follow each other within milliseconds (over
  /// ssh too); a second of nothing means its end is not coming (a truncated paste, a stray start sequence).
  /// It is short enough that Esc, Ctrl-C and Ctrl-D, which a paste swallows, work again a second later.
  package static let pasteSilence = Duration.seconds(1)

  /// Opens the terminal, decides the profile and enters raw mode.
  ///
  /// - Parameter settings: How to open, render and speak.
  /// - Throws: ``PromptError/noTerminal(_:)`` when no terminal can be opened or put in raw mode.
  public init(settings: PromptSettings) throws(PromptError) {
    self.settings = settings
    let device: TerminalDevice
    do {
      device = try TerminalDevice(
        path: settings.terminalPath ?? TerminalDevice.controllingTerminalPath,
        requiresOwnTerminal: settings.requiresOwnTerminal)
    } catch {
      throw .noTerminal(error)
    }
    capabilities = TerminalCapabilities(
      environment: settings.environment, outputIsTerminal: settings.outputIsTerminal, color: settings.color,
      screenReaderForced: settings.screenReaderForced, screenReaderDetected: settings.screenReaderDetected,
      requestedProfile: settings.requestedProfile,
      windowColumns: device.windowColumns())
    if let given = settings.remote {
      remote = given
    } else {
      do {
        remote = try PromptRemote()
      } catch {
        device.close()
        throw error
      }
    }
    let verification: VerificationRunner
    do {
      verification = try VerificationRunner()
      session = try TerminalSession(
        device: device, writesEscapes: capabilities.allowsEscapes,
        resetsAttributes: capabilities.usesColor && capabilities.profile == .visual, sysfsRoot: settings.sysfsRoot)
    } catch {
      device.close()
      throw .noTerminal(error)
    }
    let clock = MonotonicEntryClock()
    let screen = PromptScreen(
      capabilities: capabilities, terminal: session, clock: clock, lineDiscipline: settings.lineDiscipline,
      announcer: settings.announcer,
      tonePlayer: settings.consoleTones ? ConsoleTonePlayer(console: session.device.descriptor) : nil)
    loop = PromptLoop(
      clock: clock, terminal: session,
      events: TerminalPromptEvents(
        session: session, verification: verification, notices: settings.notices,
        remote: remote, clock: clock),
      screen: screen, keys: KeyInput(makePasteStorage: settings.makeSecretStorage),
      ignoresInterruptions: settings.ignoresInterruptions, makeSecretStorage: settings.makeSecretStorage,
      soundCues: settings.soundCues, consoleTones: settings.consoleTones, environment: settings.environment)
  }

  deinit {
    close()
  }

  /// What the prompt found about Speakup's key echo when it took the terminal, and what it did: off for the
  /// length of the prompt when it could, or left on (``SpeakupKeyEcho/needsWarning``: say so before the first key).
  package var speakupKeyEcho: SpeakupKeyEcho { session.keyEcho.state }
  /// Whether keys typed before the prompt took the terminal (while a disk's passphrase was checked, before the
  /// console was opened) were thrown away as raw mode began: the session tells the person.
  package var discardedTypedAhead: Bool { session.discardedTypedAhead }

  /// Restores the terminal's saved settings and signal handling. Safe to call more than once.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    loop.removeAllKeys()
    try? loop.finishLine()
    session.close()
    if settings.closesAnnouncer { settings.announcer?.close() }
  }

  /// Discards what was typed and not read, so that the program the terminal goes back to (a shell) gets none of
  /// it: the polkit agent calls it before ``close()``, since keys typed after an authentication ended may be a
  /// password. Failure is ignored: the terminal then had nothing to discard, or is gone.
  package func discardUnreadInput() {
    guard !isClosed else { return }
    try? session.device.descriptor.discardPendingInput()
  }

  /// Tells words between entries (a command's result, such as "Passcode set.", or why a question ended), through
  /// the same driver and interpreter as an entry's words: a line of their own in the profile's form, and speech.
  ///
  /// - Parameters:
  ///   - words: What to tell, in order.
  ///   - hold: How long the last words stay under the cursor before their line is ended (``WordsScreen``); a
  ///     signal that ends the process ends the hold too.
  /// - Throws: ``PromptError`` when writing fails, the terminal hangs up or a terminating signal arrives.
  package func tell(_ words: [Announcement], holdingFor hold: Duration? = nil) throws(PromptError) {
    _ = try run(WordsScreen(words, holdingFor: hold)) { $0.start() }
  }

  /// Runs a screen that is not an entry (a confirmation, the demo's unlocked screen) until it ends, on the same
  /// driver, interpreter and clock as an entry.
  ///
  /// - Parameters:
  ///   - machine: The screen, not started.
  ///   - opening: Starts it, returning its opening effects.
  /// - Returns: How it ended; `nil` when another thread interrupted it (``PromptRemote/interrupt()``).
  /// - Throws: ``PromptError`` when the terminal fails, hangs up or a terminating signal arrives. The terminal
  ///   is restored before a terminating signal is reported.
  package func run<Machine: PromptMachine>(
    _ machine: Machine, opening: (inout Machine) -> [PromptEffect<Machine.Outcome>]
  ) throws(PromptError) -> Machine.Outcome? {
    try closing { () throws(PromptError) in try loop.run(machine, opening: opening) }
  }

  /// Asks for one code and returns how the prompt ended.
  ///
  /// - Parameters:
  ///   - configuration: The code's shape and the prompt's timing.
  ///   - failureCount: Consecutive failures before this prompt.
  ///   - lockoutRemaining: How much of a lockout is still running.
  ///   - attemptLimit: The most wrong codes allowed in this prompt, or `nil`.
  ///   - verifier: Checks a complete code, off the input thread. It may block; it must not keep the
  ///     storage. Throwing ends the prompt with ``PromptError/verifierFailed(_:)``.
  /// - Returns: The outcome.
  /// - Throws: ``PromptError`` when the terminal fails, a terminating signal arrives or the verifier
  ///   throws. The terminal is restored before a terminating signal is reported.
  public func ask(
    _ configuration: EntryConfiguration,
    failureCount: Int = 0,
    lockoutRemaining: Duration = .zero,
    attemptLimit: Int? = nil,
    verifier: @escaping @Sendable (any SecretStorage) throws -> Verdict
  ) throws(PromptError) -> EntryOutcome {
    try ask(
      configuration, failureCount: failureCount, lockoutRemaining: lockoutRemaining, attemptLimit: attemptLimit,
      hint: nil, heading: [], preamble: [], companion: nil, verifier: verifier)
  }

  /// Asks for one code with this package's extras (the demo's hint, a caller's preamble, a pinentry's
  /// companion) and returns how the prompt ended.
  ///
  /// - Parameters:
  ///   - configuration: The code's shape and the prompt's timing.
  ///   - failureCount: Consecutive failures before this prompt.
  ///   - lockoutRemaining: How much of a lockout is still running.
  ///   - attemptLimit: The most wrong codes allowed in this prompt, or `nil`.
  ///   - hint: An announcement told under the prompt (the demo's code), or `nil`.
  ///   - heading: Lines the visual profile keeps above the entry, whose status line would replace them at the
  ///     next words (a pinentry's descriptions, an agent's question); tell each in the preamble too.
  ///   - preamble: Announcements made right after the prompt's own (a description, an error).
  ///   - companion: Answers keys of the caller's own and adds words as the entry changes, or `nil`.
  ///   - verifier: Checks a complete code, off the input thread. It may block; it must not keep the
  ///     storage. Throwing ends the prompt with ``PromptError/verifierFailed(_:)``.
  /// - Returns: The outcome.
  /// - Throws: ``PromptError`` when the terminal fails, a terminating signal arrives or the verifier
  ///   throws. The terminal is restored before a terminating signal is reported.
  package func ask(
    _ configuration: EntryConfiguration,
    failureCount: Int = 0,
    lockoutRemaining: Duration = .zero,
    attemptLimit: Int? = nil,
    hint: Announcement? = nil,
    heading: [Announcement] = [],
    preamble: [Announcement] = [],
    companion: (any EntryCompanion)? = nil,
    verifier: @escaping @Sendable (any SecretStorage) throws -> Verdict
  ) throws(PromptError) -> EntryOutcome {
    var configuration = configuration
    if configuration.title == EntryConfiguration.standardTitle {
      configuration.title = SanitizedText(Localization.text("Enter Passcode"))
    }
    if settings.reducesMotion { configuration.reduceMotion = true }
    if let progress = settings.progress { configuration.progress = progress }
    if let mask = settings.mask { configuration.mask = mask }
    return try closing { () throws(PromptError) in
      try loop.ask(
        configuration, failureCount: failureCount, lockoutRemaining: lockoutRemaining, attemptLimit: attemptLimit,
        hint: hint, heading: heading, preamble: preamble, companion: companion, verifier: verifier)
    }
  }

  /// Asks for one code and hands it back unchecked, for a caller that checks it elsewhere or passes it on (a
  /// key to unlock, an agent's answer). The prompt ends with the configuration's accepted announcement.
  ///
  /// - Parameter configuration: The code's shape and the prompt's timing.
  /// - Returns: The code in new secret storage (wiped, locked memory, from the settings' `makeSecretStorage`),
  ///   which the caller wipes or drops; `nil` when the prompt ended otherwise (cancelled, timed out).
  /// - Throws: ``PromptError`` when the terminal fails or a terminating signal arrives.
  public func askForSecret(_ configuration: EntryConfiguration) throws(PromptError) -> (any SecretStorage)? {
    let answer = settings.makeSecretStorage(configuration.maximumByteCount)
    let outcome = try ask(configuration) { secret in
      secret.withUnsafeBytes { _ = answer.append(contentsOf: $0) }
      return .accepted
    }
    guard outcome == .accepted else {
      answer.wipe()
      return nil
    }
    return answer
  }

  /// Restores the terminal before a terminating signal or a hang-up is reported, as ``close()`` does.
  private func closing<Value>(after body: () throws(PromptError) -> Value) throws(PromptError) -> Value {
    do {
      return try body()
    } catch {
      switch error {
      case .terminated, .hungUp: close()
      default: break
      }
      throw error
    }
  }
}
