internal import Glibc
import PasscodeEngine
import PasscodeSpeech
internal import SystemCalls

/// Asks for a passcode on a terminal, accessibly: the public entry point for Swift command-line tools.
///
/// A prompt owns the terminal from creation to ``close()``: raw mode with echo off, bracketed paste, and
/// signal handling that restores the exact saved settings on every path. Each ``ask(_:failureCount:
/// lockoutRemaining:attemptLimit:hint:verifier:)`` runs one ``EntryEngine`` against the real clock:
/// keys and timers go in, and its effects come out as rendered text, speech and verification, which
/// runs off the input thread. While nothing is pending the prompt sleeps in `poll` with no timeout.
///
/// ```swift
/// let prompt = try TerminalPasscodePrompt(settings: PromptSettings(environment: environment))
/// defer { prompt.close() }
/// let outcome = try prompt.ask(try EntryConfiguration(length: .fixed(4))) { secret in
///   secret.constantTimeEquals(expected) ? .accepted : .rejected(failureCount: nil)
/// }
/// ```
public final class TerminalPasscodePrompt {
  /// What the terminal can do and which profile is used, decided once at start.
  public let capabilities: TerminalCapabilities
  private let settings: PromptSettings
  private let device: TerminalDevice
  private let signals: SignalRelay
  private let verification: VerificationRunner
  private var rawMode: RawMode?
  private var renderer: PromptRenderer
  private var decoder: KeyDecoder
  /// Keys decoded but not yet handled, in locked memory wiped as each is taken.
  private let pendingKeys: KeyQueue
  private var lastDisplay: EntryDisplay?
  private var escapeDeadline: MonotonicClock.Instant?
  /// When the prompt last wrote to the terminal.
  private var lastWrite: MonotonicClock.Instant?
  /// The announcements of a prompt's opening (its title, the caller's lines, the hint), collected while it
  /// opens and then spoken as one utterance; `nil` once it is open.
  private var openingSpeech: [Announcement]?
  private let readBuffer: UnsafeMutableRawBufferPointer
  private var isClosed = false
  /// Set when the terminal hung up: writes are dropped and the prompt ends with ``PromptError/hungUp``.
  private var isHungUp = false

  /// The most bytes one read takes from the terminal.
  private static let readSize = 512

  /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
  public static let escapeWait = Duration.milliseconds(50)

  /// Opens the terminal, decides the profile and enters raw mode.
  ///
  /// - Parameter settings: How to open, render and speak.
  /// - Throws: ``PromptError/noTerminal(_:)`` when no terminal can be opened or put in raw mode.
  public init(settings: PromptSettings) throws(PromptError) {
    self.settings = settings
    do {
      device = try TerminalDevice(path: settings.terminalPath ?? TerminalDevice.controllingTerminalPath)
    } catch {
      throw .noTerminal(error)
    }
    capabilities = TerminalCapabilities(
      environment: settings.environment, outputIsTerminal: settings.outputIsTerminal, color: settings.color,
      screenReaderForced: settings.screenReaderForced, screenReaderDetected: settings.screenReaderDetected,
      requestedProfile: settings.requestedProfile,
      windowColumns: device.windowColumns())
    renderer = PromptRenderer(
      profile: capabilities.profile, usesColor: capabilities.usesColor, width: capabilities.width,
      lineDiscipline: settings.lineDiscipline)
    decoder = KeyDecoder(makePasteStorage: settings.makeSecretStorage)
    readBuffer = LockedMemory.allocate(byteCount: Self.readSize)
    pendingKeys = KeyQueue(capacity: 2 * Self.readSize + 1)
    do {
      try SignalRelay.ignoreSIGPIPE()
      signals = try SignalRelay()
      verification = try VerificationRunner()
      rawMode = try RawMode(
        fileDescriptor: device.fileDescriptor, writesEscapes: capabilities.allowsEscapes,
        resetsAttributes: capabilities.usesColor && capabilities.profile == .visual)
      CrashGuard.install()
    } catch {
      LockedMemory.release(readBuffer)
      device.close()
      throw .noTerminal(error)
    }
  }

  deinit {
    close()
    LockedMemory.release(readBuffer)
  }

  /// Restores the terminal's saved settings and signal handling. Safe to call more than once.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    pendingKeys.removeAll()
    try? finishLine()
    try? rawMode?.restore()
    rawMode = nil
    // A terminating signal that came after the run loop's last look (during the last line's reading time)
    // still ends the process, now that the terminal is restored, instead of being lost with the relay.
    let unhandled = signals.drain().first(where: \.isTerminating)
    signals.uninstall()
    device.close()
    if let unhandled { try? signals.reraise(unhandled) }
  }

  /// Prints a line of words that is not an announcement (a heading, a caller's text), in the profile's form.
  ///
  /// - Parameter text: The words, cleaned; never a secret.
  /// - Throws: ``PromptError/terminal(_:)`` when writing fails.
  public func show(_ text: SanitizedText) throws(PromptError) {
    try write(renderer.line(text))
  }

  /// Prints an announcement as a line of its own in every profile, and speaks it when speech is on, so speech
  /// users hear what sighted users read. The visual profile shows its screen form (the demo's code in numerals).
  ///
  /// - Parameter announcement: What to tell.
  /// - Throws: ``PromptError/terminal(_:)`` when writing fails.
  public func say(_ announcement: Announcement) throws(PromptError) {
    let catalogue = renderer.catalogue
    let text =
      capabilities.profile == .visual ? catalogue.screenText(for: announcement) : catalogue.text(for: announcement)
    try write(renderer.line(SanitizedText(text)))
    speak(announcement)
  }

  /// Speaks through the announcer, or collects the announcement while a prompt opens.
  private func speak(_ announcement: Announcement) {
    if openingSpeech != nil {
      openingSpeech?.append(announcement)
    } else {
      settings.announcer?.announce(announcement)
    }
  }

  /// Asks for one code and returns how the prompt ended.
  ///
  /// - Parameters:
  ///   - configuration: The code's shape and the prompt's timing.
  ///   - failureCount: Consecutive failures before this prompt.
  ///   - lockoutRemaining: How much of a lockout is still running.
  ///   - attemptLimit: The most wrong codes allowed in this prompt, or `nil`.
  ///   - hint: An announcement told under the prompt (the demo's code), or `nil`.
  ///   - preamble: Announcements made right after the prompt's own (a description, an error).
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
    hint: Announcement? = nil,
    preamble: [Announcement] = [],
    verifier: @escaping @Sendable (any SecretStorage) throws -> Verdict
  ) throws(PromptError) -> EntryOutcome {
    let engine = EntryEngine(
      configuration: configuration, secretStorage: settings.makeSecretStorage(configuration.maximumByteCount),
      failureCount: failureCount, lockoutRemaining: lockoutRemaining, attemptLimit: attemptLimit)
    var run = PromptRun(engine: engine, verifier: verifier, reduceMotion: configuration.reduceMotion)
    // The visual profile shows the title and hint above its status line; speech tells the hint after the prompt.
    if capabilities.profile == .visual, let hint {
      try show(configuration.title)
      try show(SanitizedText(renderer.catalogue.screenText(for: hint)))
    }
    // Spoken as one utterance: the speech channel keeps only the newest request until it is connected.
    openingSpeech = []
    do {
      try perform(run.engine?.start() ?? [], in: &run)
      try perform(preamble.map(EntryEffect.announce), in: &run)
      if let hint {
        if capabilities.profile == .visual { speak(hint) } else { try say(hint) }
      }
    } catch {
      openingSpeech = nil
      throw error
    }
    if let opening = openingSpeech, !opening.isEmpty { settings.announcer?.announce(together: opening) }
    openingSpeech = nil
    do {
      while run.outcome == nil {
        if pendingKeys.isEmpty { try waitForInput(run: &run) }
        while run.outcome == nil, let key = pendingKeys.removeFirst() {
          if key == .suspend, !settings.ignoresInterruptions {
            // Ctrl-Z: give the terminal back and stop, like any job; entry goes on after `fg`.
            try suspend()
            continue
          }
          try send(event(for: key), in: &run)
        }
        for timer in run.timers.takeDue(now: MonotonicClock.now) where run.outcome == nil {
          try send(.timerFired(timer), in: &run)
        }
      }
    } catch {
      _ = run.engine?.handle(.cancel)
      throw error
    }
    pendingKeys.removeAll()
    return run.outcome ?? .cancelled
  }

  /// Waits for the next key (for screens between prompts, such as the demo's unlocked screen, or a
  /// pinentry confirmation).
  ///
  /// - Parameter timeout: The longest wait, or `nil` to wait as long as it takes.
  /// - Returns: The key; ``Key/endOfFile`` when the input ended; `nil` when the timeout passed first.
  /// - Throws: ``PromptError`` when the terminal fails or a terminating signal arrives.
  public func readKey(timeout: Duration? = nil) throws(PromptError) -> Key? {
    var run = PromptRun(engine: nil, verifier: { _ in .retry(.tooWeak) }, reduceMotion: true)
    if let timeout { run.timers.schedule(.timeout, after: timeout, now: MonotonicClock.now) }
    while pendingKeys.isEmpty {
      try waitForInput(run: &run)
      if pendingKeys.isEmpty, !run.timers.takeDue(now: MonotonicClock.now).isEmpty { return nil }
    }
    return pendingKeys.removeFirst()
  }

  // MARK: - The loop

  /// State of one ``ask`` call; the engine is `nil` while waiting for a key between prompts.
  private struct PromptRun {
    var engine: EntryEngine?
    let verifier: @Sendable (any SecretStorage) throws -> Verdict
    let reduceMotion: Bool
    var timers = PromptTimers()
    var outcome: EntryOutcome?
  }

  private func send(_ event: EntryEvent, in run: inout PromptRun) throws(PromptError) {
    guard let effects = run.engine?.handle(event) else { return }
    try perform(effects, in: &run)
  }

  /// Sleeps in `poll` until input, a signal, a verdict, a notice or the next timer, and handles all but
  /// the keys, which it adds to ``pendingKeys``.
  private func waitForInput(run: inout PromptRun) throws(PromptError) {
    var timeout: Int32 = -1
    let now = MonotonicClock.now
    if let deadline = run.timers.nextDeadline { timeout = Self.milliseconds(until: deadline, from: now) }
    if let escapeDeadline {
      let escapeTimeout = Self.milliseconds(until: escapeDeadline, from: now)
      timeout = timeout < 0 ? escapeTimeout : min(timeout, escapeTimeout)
    }
    var descriptors = [
      pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: signals.readFileDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: verification.readFileDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: settings.notices?.readFileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
      // Only while keys are taken: between prompts (readKey) nothing would lower it, and a verification
      // under way ends the prompt by itself (its verdict must not reach a later prompt).
      pollfd(
        fd: run.engine == nil || lastDisplay?.phase == .verifying
          ? -1 : settings.interruption?.readFileDescriptor ?? -1,
        events: Int16(POLLIN), revents: 0),
    ]
    do {
      _ = try TerminalCalls.poll(&descriptors, timeoutMilliseconds: timeout)
    } catch {
      throw .terminal(error)
    }
    if descriptors[1].revents != 0 { try handleSignals(run: &run) }
    if descriptors[4].revents != 0, settings.interruption?.isInterrupted == true, run.engine != nil {
      try interrupt(run: &run)
      return
    }
    if descriptors[3].revents != 0, let notices = settings.notices {
      for notice in notices.take() { try show(notice) }
      if let lastDisplay { try write(renderer.redraw(lastDisplay)) }
    }
    if descriptors[2].revents != 0, let answer = verification.takeAnswer() {
      switch answer {
      case let .success(verdict): try send(.verdict(verdict), in: &run)
      case let .failure(error): throw error
      }
    }
    if descriptors[0].revents != 0 {
      let count: Int
      do {
        count = try device.read(into: readBuffer)
      } catch  where error.errno == EIO {
        count = 0
      } catch {
        throw .terminal(error)
      }
      defer { LockedMemory.wipe(readBuffer) }
      guard count > 0 else {
        // In raw mode (VMIN 1) Ctrl-D is a byte, so a read of nothing, like EIO, means the terminal hung
        // up: its other side closed. No SIGHUP comes when it is not the controlling terminal, and poll
        // would report it again at once, so the prompt ends here.
        isHungUp = true
        _ = run.engine?.handle(.cancel)
        close()
        throw .hungUp
      }
      var keys = pendingKeys
      decoder.decode(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]), into: &keys)
      escapeDeadline = decoder.isAwaitingEscapeCompletion ? MonotonicClock.now + Self.escapeWait : nil
    } else if let deadline = escapeDeadline, MonotonicClock.now >= deadline {
      escapeDeadline = nil
      for key in decoder.expireEscape() { pendingKeys.append(key) }
    }
  }

  private func handleSignals(run: inout PromptRun) throws(PromptError) {
    for signal in signals.drain() {
      switch signal {
      case .interrupt, .quit:
        if settings.ignoresInterruptions { continue }
        try terminate(by: signal, run: &run)
      case .terminate, .hangup, .user1, .user2, .alarm, .virtualAlarm, .profilingAlarm, .cpuLimitExceeded,
        .fileSizeLimitExceeded, .badSystemCall, .powerFailure, .inputOutputPossible, .stackFault:
        try terminate(by: signal, run: &run)
      case .terminalStop:
        if settings.ignoresInterruptions { continue }
        try suspend()
      case .continued:
        try resume()
      case .windowSizeChanged:
        renderer.width = device.width(environment: settings.environment)
        if let lastDisplay { try write(renderer.redraw(lastDisplay)) }
      }
    }
  }

  /// Ends the entry for ``PromptInterruption``: the engine wipes it, its last words are left unsaid (the
  /// caller says why), and the line is finished.
  private func interrupt(run: inout PromptRun) throws(PromptError) {
    _ = run.engine?.handle(.cancel)
    run.engine = nil
    run.timers.cancelAll()
    run.outcome = .cancelled
    pendingKeys.removeAll()
    try write(renderer.finish())
  }

  private func terminate(by signal: Signal, run: inout PromptRun) throws(PromptError) {
    _ = run.engine?.handle(.cancel)
    close()
    throw .terminated(by: signal)
  }

  private func suspend() throws(PromptError) {
    try finishLine()
    try? rawMode?.restore()
    rawMode = nil
    do {
      try signals.suspendSelf()
    } catch {
      throw .terminal(error)
    }
    try resume()
  }

  private func resume() throws(PromptError) {
    if rawMode == nil {
      do {
        rawMode = try RawMode(
          fileDescriptor: device.fileDescriptor, writesEscapes: capabilities.allowsEscapes,
          resetsAttributes: capabilities.usesColor && capabilities.profile == .visual)
      } catch {
        throw .terminal(error)
      }
    }
    if let lastDisplay { try write(renderer.redraw(lastDisplay)) }
  }

  /// What a key means to the engine. Keys that would leave the prompt re-read the status instead when
  /// interruptions are ignored (`passcode lock`), so the user still hears where they are.
  private func event(for key: Key) -> EntryEvent {
    switch key {
    case let .character(scalar): return .character(scalar)
    case .backspace: return .delete
    case .clear: return .clear
    case .enter: return .submit
    case .reread: return .repeatStatus
    case let .paste(text): return .paste(text.storage, overflowCount: text.overflowByteCount)
    case .escape, .interrupt, .endOfFile, .quit:
      return settings.ignoresInterruptions ? .repeatStatus : .cancel
    case .suspend:
      return .repeatStatus
    case .invalid, .unknownSequence: return .unsupportedKey
    }
  }

  private func perform(_ effects: [EntryEffect], in run: inout PromptRun) throws(PromptError) {
    // One instant for the whole batch, so timers scheduled together keep their order.
    let now = MonotonicClock.now
    for effect in effects {
      switch effect {
      case let .render(display):
        lastDisplay = display
        try write(renderer.render(display))
      case let .announce(announcement):
        try write(renderer.announce(announcement))
        if var display = lastDisplay, display.message != announcement {
          display.message = announcement
          lastDisplay = display
          try write(renderer.render(display))
        }
        speak(announcement)
      case let .cue(cue):
        // Optional, never the only signal, and silenced by reduce motion: a sound icon through speech,
        // otherwise the terminal bell.
        guard settings.soundCues, !run.reduceMotion else { break }
        if let announcer = settings.announcer {
          announcer.play(cue)
        } else if capabilities.allowsEscapes {
          try write("\u{7}")
        }
      case let .verify(secret):
        verification.start(secret, verifier: run.verifier)
      case let .schedule(timer, delay):
        run.timers.schedule(timer, after: delay, now: now)
      case let .cancelTimer(timer):
        run.timers.cancel(timer)
      case .flushInput:
        try? rawMode?.flushInput()
        decoder.reset()
        pendingKeys.removeAll()
      case let .finish(outcome):
        run.outcome = outcome
        run.timers.cancelAll()
        try finishLine()
      }
    }
  }

  /// Ends the last line so what follows starts on a fresh one. A reader that speaks a line only while the caret
  /// is still at its end (``LineDiscipline/readingTime``) gets that long after the line was written first.
  private func finishLine() throws(PromptError) {
    let ending = renderer.finish()
    guard !ending.isEmpty else { return }
    if let readingTime = renderer.lineDiscipline.readingTime, let lastWrite {
      TerminalCalls.pause(until: lastWrite + readingTime)
    }
    try write(ending)
  }

  private func write(_ text: String) throws(PromptError) {
    guard !text.isEmpty, !isHungUp else { return }
    lastWrite = MonotonicClock.now
    do {
      try device.write(text)
    } catch  where error.errno == EIO {
      isHungUp = true
    } catch {
      throw .terminal(error)
    }
  }

  private static func milliseconds(until deadline: MonotonicClock.Instant, from now: MonotonicClock.Instant) -> Int32 {
    let remaining = deadline - now
    guard remaining > .zero else { return 0 }
    let (seconds, attoseconds) = remaining.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(min(milliseconds, Int64(Int32.max)))
  }
}
