internal import Glibc
import PasscodeEngine
internal import SystemCalls

/// Asks for a passcode on a terminal, accessibly: the public entry point for Swift command-line tools.
///
/// A prompt owns the terminal from creation to ``close()``: raw mode with echo off, bracketed paste, and
/// signal handling that restores the exact saved settings on every path. Each ``ask(_:failureCount:
/// lockoutRemaining:attemptLimit:verifier:)`` runs one ``EntryEngine`` in an ``EntryDriver``
/// against the real clock: keys and timers go in, and its effects come out as rendered text, speech and
/// verification, which runs off the input thread. While nothing is pending the prompt sleeps in `poll` with
/// no timeout.
///
/// It is made of three parts: a ``TerminalSession`` (the device, raw mode, the signal relay, the crash
/// guard), the ``PromptEventSource`` it waits on, and this façade, which runs the loop.
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
  private let settings: PromptSettings
  private let session: TerminalSession
  private let screen: PromptScreen
  private let keys: KeyInput
  private let verification: VerificationRunner
  private let keyPolicy: KeyPolicy
  private let clock = MonotonicEntryClock()
  /// The speech channel ``current()`` opened, closed with the prompt.
  package var ownedAnnouncer: (any Announcer)?
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
    keys = KeyInput(makePasteStorage: settings.makeSecretStorage)
    keyPolicy = KeyPolicy(ignoresInterruptions: settings.ignoresInterruptions)
    do {
      verification = try VerificationRunner()
      session = try TerminalSession(
        device: device, writesEscapes: capabilities.allowsEscapes,
        resetsAttributes: capabilities.usesColor && capabilities.profile == .visual)
    } catch {
      device.close()
      throw .noTerminal(error)
    }
    screen = PromptScreen(
      capabilities: capabilities, session: session, lineDiscipline: settings.lineDiscipline,
      announcer: settings.announcer)
  }

  deinit {
    close()
  }

  /// Restores the terminal's saved settings and signal handling. Safe to call more than once.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    keys.removeAll()
    try? screen.finishLine()
    session.close()
    ownedAnnouncer?.close()
    ownedAnnouncer = nil
  }

  /// Prints a line of words that is not an announcement (a heading, a caller's text), in the profile's form.
  ///
  /// - Parameter text: The words, cleaned; never a secret.
  /// - Throws: ``PromptError/terminal(_:)`` when writing fails.
  package func show(_ text: SanitizedText) throws(PromptError) {
    try screen.show(text)
  }

  /// Prints an announcement as a line of its own in every profile, and speaks it when speech is on, so speech
  /// users hear what sighted users read. The visual profile shows its screen form (the demo's code in numerals).
  ///
  /// - Parameter announcement: What to tell.
  /// - Throws: ``PromptError/terminal(_:)`` when writing fails.
  package func say(_ announcement: Announcement) throws(PromptError) {
    try screen.say(announcement)
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
      hint: nil, preamble: [], companion: nil, verifier: verifier)
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
    preamble: [Announcement] = [],
    companion: (any EntryCompanion)? = nil,
    verifier: @escaping @Sendable (any SecretStorage) throws -> Verdict
  ) throws(PromptError) -> EntryOutcome {
    let engine = EntryEngine(
      configuration: configuration, secretStorage: settings.makeSecretStorage(configuration.maximumByteCount),
      failureCount: failureCount, lockoutRemaining: lockoutRemaining, attemptLimit: attemptLimit)
    let output = PromptRunOutput(
      screen: screen, keys: keys, keyPolicy: keyPolicy, verification: verification, verifier: verifier,
      playsCues: settings.soundCues && !configuration.reduceMotion)
    var driver = EntryDriver(engine: engine, clock: clock, output: output)
    // The visual profile shows the title and hint above its status line; speech tells the hint after the prompt.
    let hintPhrase = capabilities.profile == .visual ? hint.map(screen.phrase(for:)) : nil
    if let hintPhrase {
      try show(configuration.title)
      try show(SanitizedText(screen.shownWords(hintPhrase)))
    }
    screen.beginOpening()
    do {
      try driver.start(preamble: preamble)
      if let hint {
        if let hintPhrase { screen.speak(hintPhrase) } else { try say(hint) }
      }
    } catch {
      screen.endOpening(speaks: false)
      throw error
    }
    screen.endOpening()
    do {
      try run(&driver, companion: companion)
    } catch {
      driver.abandon()
      throw error
    }
    keys.removeAll()
    return driver.outcome ?? .cancelled
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

  /// Waits for the next key (for screens between prompts, such as the demo's unlocked screen, or a
  /// pinentry confirmation).
  ///
  /// - Parameter timeout: The longest wait, or `nil` to wait as long as it takes.
  /// - Returns: The key; ``Key/endOfFile`` when the input ended; `nil` when the timeout passed first.
  /// - Throws: ``PromptError`` when the terminal fails or a terminating signal arrives.
  package func readKey(timeout: Duration? = nil) throws(PromptError) -> Key? {
    let deadline = timeout.map { BootTimeClock.now + $0 }
    while keys.isEmpty {
      // No engine runs between prompts: a late verdict is dropped, and after a SIGCONT the screen is drawn again.
      let interrupted = try waitForEvents(until: deadline, takesInterruption: false) { event throws(PromptError) in
        if case .verdict = event { return }
        try screen.redraw()
      }
      if interrupted { return nil }
      if keys.isEmpty, let deadline, BootTimeClock.now >= deadline { return nil }
    }
    return keys.takeKey()
  }

  // MARK: - The loop

  /// Feeds keys, verdicts and due timers to the driver until the prompt ends.
  private func run(
    _ driver: inout EntryDriver<PromptRunOutput>, companion: (any EntryCompanion)?
  ) throws(PromptError) {
    while driver.outcome == nil {
      if keys.isEmpty {
        let deadline = driver.nextDeadline.map(clock.instant(at:))
        // Only while keys are taken: a verification under way ends the prompt by itself (its verdict must
        // not reach a later prompt).
        let interrupted = try waitForEvents(
          until: deadline, takesInterruption: screen.lastDisplay?.phase != .verifying
        ) { event throws(PromptError) in
          try driver.handle(event)
        }
        if interrupted {
          // Ended for ``PromptInterruption``: the engine wipes the entry, its last words are left unsaid
          // (the caller says why), and the line is finished.
          driver.abandon()
          keys.removeAll()
          try screen.endLine()
          return
        }
      }
      var entryChanged = false
      while driver.outcome == nil, let key = keys.takeKey() {
        if keyPolicy.suspends(key) {
          try suspend()
          continue
        }
        // The companion is consulted only while keys are taken: during a verification the verifier may be
        // talking to the same client (a pinentry's CHECKPIN), and one conversation at a time is all it has.
        if driver.engine.display.phase == .entering, let answer = companion?.answer(to: key) {
          for event in answer.events + answer.announcements.map(EntryEvent.callerWords) {
            try driver.handle(event)
            entryChanged = entryChanged || event.changesEntry
          }
          continue
        }
        let event = keyPolicy.event(for: key)
        try driver.handle(event)
        entryChanged = entryChanged || event.changesEntry
      }
      if entryChanged, driver.outcome == nil, let companion, driver.engine.display.phase == .entering,
        let words = driver.engine.withEntry({ companion.entryChanged($0) })
      {
        try driver.handle(.callerWords(words))
      }
      try driver.fireDueTimers()
    }
  }

  /// Sleeps in `poll` until input, a signal, a verdict, a notice, the interruption or the deadline, and handles
  /// what comes in this order: signals, the interruption, notices, the verdict, then the key bytes, which it
  /// decodes into waiting keys. The verdict, and what a `SIGCONT` has to say, go to the engine through
  /// `deliver`.
  ///
  /// - Returns: Whether the entry was interrupted (``PromptInterruption``).
  private func waitForEvents(
    until timerDeadline: BootTimeClock.Instant?, takesInterruption: Bool,
    deliver: (EntryEvent) throws(PromptError) -> Void
  ) throws(PromptError) -> Bool {
    var sources: [PromptEventSource: Int32] = [
      .terminal: session.device.fileDescriptor,
      .signals: session.signals.readFileDescriptor,
      .verification: verification.readFileDescriptor,
    ]
    sources[.notices] = settings.notices?.readFileDescriptor
    if takesInterruption { sources[.interruption] = settings.interruption?.readFileDescriptor }
    let deadline = [timerDeadline, keys.inputDeadline].compactMap { $0 }.min()
    let ready = try PromptEventSource.wait(on: sources, until: deadline)
    if ready.contains(.signals) { try handleSignals(deliver: deliver) }
    if ready.contains(.interruption), settings.interruption?.isInterrupted == true { return true }
    if ready.contains(.notices), let notices = settings.notices {
      for notice in notices.take() { try show(notice) }
      try screen.redraw()
    }
    if ready.contains(.verification), let answer = verification.takeAnswer() {
      switch answer {
      case let .success(verdict): try deliver(.verdict(verdict))
      case let .failure(error): throw error
      }
    }
    if ready.contains(.terminal) {
      guard try keys.read(from: session) else {
        // No SIGHUP comes when the terminal is not the controlling one, and poll would report it again at
        // once, so the prompt ends here.
        close()
        throw .hungUp
      }
    } else {
      keys.expireWait(now: BootTimeClock.now)
    }
    return false
  }

  private func handleSignals(deliver: (EntryEvent) throws(PromptError) -> Void) throws(PromptError) {
    for signal in session.signals.drain() {
      switch signal {
      case .interrupt, .quit:
        if settings.ignoresInterruptions { continue }
        try terminate(by: signal)
      case .terminate, .hangup, .user1, .user2, .alarm, .virtualAlarm, .profilingAlarm, .cpuLimitExceeded,
        .fileSizeLimitExceeded, .badSystemCall, .powerFailure, .inputOutputPossible, .stackFault:
        try terminate(by: signal)
      case .terminalStop, .backgroundRead, .backgroundWrite:
        // `lock` keeps the terminal: a stop sent from outside is ignored, as Ctrl-Z is.
        if settings.ignoresInterruptions { continue }
        try suspend(by: signal)
      case .continued:
        // The process may have been stopped where no handler runs (SIGSTOP, or a stop left to its
        // default), and a shell may have put its own settings on the terminal meanwhile.
        try session.enterRawModeAgain()
        // `lock` says it is locked again, with the entry wiped; other prompts say where the entry stands.
        try deliver(settings.ignoresInterruptions ? .relock : .repeatStatus)
      case .windowSizeChanged:
        try screen.resize(environment: settings.environment)
      }
    }
  }

  private func terminate(by signal: Signal) throws(PromptError) {
    close()
    throw .terminated(by: signal)
  }

  /// Ctrl-Z, or a stop signal from outside: gives the terminal back and stops, like any job; entry goes on
  /// after `fg`.
  ///
  /// - Parameter signal: The stop signal to stop with, `SIGTSTP` for Ctrl-Z.
  /// - Throws: ``PromptError/terminal(_:)`` when writing, stopping or entering raw mode again fails.
  private func suspend(by signal: Signal = .terminalStop) throws(PromptError) {
    try screen.finishLine()
    try session.suspend(by: signal)
    try screen.redraw()
  }
}
