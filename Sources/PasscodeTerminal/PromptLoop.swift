import PasscodeEngine

/// The prompt's loop: it waits on a ``PromptEvents`` and a ``PromptTerminal`` against an injected clock, decodes
/// key bytes, routes each key by ``KeyPolicy`` and each signal by ``SignalPolicy``, and drives one
/// ``EntryDriver`` per entry. It carries out what the engine's output only records: the input flush, and the end
/// of the line after the reading time, both on its own clock.
///
/// ``TerminalPasscodePrompt`` runs it on the monotonic clock with the real terminal; tests run it on a manual
/// clock with a scripted terminal, so prompt-level timelines need no pseudo-terminal.
final class PromptLoop {
  private let clock: any EntryClock
  private let terminal: any PromptTerminal
  private let events: any PromptEvents
  /// What the user sees and hears.
  let screen: PromptScreen
  private let keys: KeyInput
  private let keyPolicy: KeyPolicy
  private let signalPolicy: SignalPolicy
  private let makeSecretStorage: @Sendable (Int) -> any SecretStorage
  private let soundCues: Bool
  private let consoleTones: Bool
  private let environment: [String: String]

  /// Makes a loop; nothing is read or written before ``ask(_:failureCount:lockoutRemaining:attemptLimit:hint:heading:preamble:companion:verifier:)``
  /// or ``readKey(timeout:)``.
  ///
  /// - Parameters:
  ///   - clock: Where time is read; every deadline is a reading of it.
  ///   - terminal: Where key bytes come from and text goes.
  ///   - events: Where the loop waits.
  ///   - screen: What the user sees and hears, writing to `terminal` on `clock`.
  ///   - keys: The key input, decoding what `terminal` gives.
  ///   - ignoresInterruptions: Whether this is `passcode lock`, which keeps the terminal through Esc, Ctrl-C,
  ///     Ctrl-D, Ctrl-\, Ctrl-Z and stop signals.
  ///   - makeSecretStorage: Makes the secret memory an entry goes into.
  ///   - soundCues: Whether cues are played (unless an entry asks for reduced motion).
  ///   - consoleTones: Whether cues are played as console tones, whatever `soundCues` and reduced motion say:
  ///     where there is no voice, they tell a question and a wrong answer.
  ///   - environment: The process environment, for the width after a resize.
  init(
    clock: any EntryClock, terminal: any PromptTerminal, events: any PromptEvents, screen: PromptScreen,
    keys: KeyInput, ignoresInterruptions: Bool, makeSecretStorage: @escaping @Sendable (Int) -> any SecretStorage,
    soundCues: Bool, consoleTones: Bool = false, environment: [String: String]
  ) {
    self.clock = clock
    self.terminal = terminal
    self.events = events
    self.screen = screen
    self.keys = keys
    keyPolicy = KeyPolicy(ignoresInterruptions: ignoresInterruptions)
    signalPolicy = SignalPolicy(ignoresInterruptions: ignoresInterruptions)
    self.makeSecretStorage = makeSecretStorage
    self.soundCues = soundCues
    self.consoleTones = consoleTones
    self.environment = environment
  }

  /// Asks for one code and returns how the prompt ended (``TerminalPasscodePrompt``'s `ask`, which documents
  /// the parameters). A terminating signal or a hang-up is thrown as it is; the caller restores the terminal.
  func ask(
    _ configuration: EntryConfiguration, failureCount: Int, lockoutRemaining: Duration, attemptLimit: Int?,
    hint: Announcement?, heading: [Announcement], preamble: [Announcement], companion: (any EntryCompanion)?,
    verifier: @escaping @Sendable (any SecretStorage) throws -> Verdict
  ) throws(PromptError) -> EntryOutcome {
    let engine = EntryEngine(
      configuration: configuration, secretStorage: makeSecretStorage(configuration.maximumByteCount),
      failureCount: failureCount, lockoutRemaining: lockoutRemaining, attemptLimit: attemptLimit)
    let output = PromptRunOutput(
      screen: screen, events: events, verifier: verifier,
      playsCues: consoleTones || (soundCues && !configuration.reduceMotion))
    var driver = EntryDriver(engine: engine, clock: clock, output: output)
    // Every word of the opening comes from the engine: the heading (what the visual profile shows above its
    // status line), the prompt's words, the preamble, then the hint told after them.
    screen.beginOpening()
    do {
      try driver.start(heading: heading, preamble: preamble, hint: hint)
      try carryOutRequests(&driver)
      // The one reading before any key: a prompt that starts with Caps Lock on says so.
      if let locks = terminal.keyboardLocks() { try handle(.capsLock(isOn: locks.capsLock), in: &driver) }
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

  /// Waits for the next key, between entries (``TerminalPasscodePrompt``'s `readKey`).
  ///
  /// - Parameter timeout: The longest wait, or `nil` to wait as long as it takes.
  /// - Returns: The key; ``Key/endOfFile`` when the input ended; `nil` when the timeout passed first.
  /// - Throws: ``PromptError`` when the terminal fails, hangs up or a terminating signal arrives.
  func readKey(timeout: Duration?) throws(PromptError) -> Key? {
    let deadline = timeout.map { clock.now() + $0 }
    while keys.isEmpty {
      // No engine runs between prompts: a late verdict is dropped, and after a SIGCONT the screen is drawn again.
      let interrupted = try waitForEvents(until: deadline, listensForInterruption: false) { event throws(PromptError) in
        switch event {
        case .verdict, .capsLock: return
        // No engine runs to tell it, so the notice is told the way an engine's aside is.
        case let .notice(text): try screen.tellApart(.notice(text))
        default: try screen.redraw()
        }
      }
      if interrupted { return nil }
      if keys.isEmpty, let deadline, clock.now() >= deadline { return nil }
    }
    return keys.takeKey()
  }

  /// Ends the last line, after the reading time the line discipline asks for, on the loop's clock.
  func finishLine() throws(PromptError) {
    if let deadline = screen.readingDeadline { events.sleep(until: deadline) }
    try screen.finishLine()
  }

  /// Throws away every waiting key.
  func removeAllKeys() {
    keys.removeAll()
  }

  // MARK: - The loop

  /// Feeds keys, verdicts and due timers to the driver until the prompt ends.
  private func run(
    _ driver: inout EntryDriver<PromptRunOutput>, companion: (any EntryCompanion)?
  ) throws(PromptError) {
    while driver.outcome == nil {
      if keys.isEmpty {
        let interrupted = try waitForEvents(
          until: driver.nextDeadline,
          listensForInterruption: keyPolicy.listensForInterruption(during: screen.lastDisplay?.phase)
        ) { event throws(PromptError) in
          try handle(event, in: &driver)
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
        let event: EntryEvent
        switch keyPolicy.route(key, during: driver.engine.display.phase) {
        case .suspend:
          try suspend(by: .terminalStop)
          continue
        case let .companionFirst(keyEvent):
          if let answer = companion?.answer(to: key) {
            for event in answer.events + answer.announcements.map(EntryEvent.callerWords) {
              try handle(event, in: &driver)
              entryChanged = entryChanged || event.changesEntry
            }
            continue
          }
          event = keyEvent
        case let .engine(keyEvent):
          event = keyEvent
        }
        try handle(event, in: &driver)
        entryChanged = entryChanged || event.changesEntry
      }
      if entryChanged, driver.outcome == nil, let companion,
        keyPolicy.tellsCompanion(during: driver.engine.display.phase),
        let words = driver.engine.withEntry({ companion.entryChanged($0) })
      {
        try handle(.callerWords(words), in: &driver)
      }
      try driver.fireDueTimers()
      try carryOutRequests(&driver)
    }
  }

  /// Gives the driver one event and carries out what its output recorded.
  private func handle(_ event: EntryEvent, in driver: inout EntryDriver<PromptRunOutput>) throws(PromptError) {
    try driver.handle(event)
    try carryOutRequests(&driver)
  }

  /// Carries out the flush the driver's last batch asked for, then what the batch asked for after it, then the
  /// end of the line (a batch that ends the prompt ends with it).
  private func carryOutRequests(_ driver: inout EntryDriver<PromptRunOutput>) throws(PromptError) {
    while let held = driver.output.takeFlushRequest() {
      try keys.discard(from: terminal, now: clock.now(), keeping: keyPolicy.survivesFlush)
      // A second flush among them holds the rest again.
      for step in held { try driver.output.carryOut(step) }
    }
    if driver.output.finishRequested {
      driver.output.finishRequested = false
      try finishLine()
    }
  }

  /// Sleeps until input, a signal, a verdict, a notice, the interruption or the deadline, and handles what
  /// comes in this order: signals, the interruption, notices, the verdict, then the key bytes, which it decodes
  /// into waiting keys. Notices, the verdict, and what a `SIGCONT` has to say go to the engine through `deliver`.
  ///
  /// - Returns: Whether the entry was interrupted (``PromptInterruption``).
  private func waitForEvents(
    until timerDeadline: Duration?, listensForInterruption: Bool,
    deliver: (EntryEvent) throws(PromptError) -> Void
  ) throws(PromptError) -> Bool {
    let deadline = [timerDeadline, keys.inputDeadline].compactMap { $0 }.min()
    let ready = try events.wait(until: deadline, listensForInterruption: listensForInterruption)
    if ready.contains(.signals) { try handleSignals(deliver: deliver) }
    if ready.contains(.interruption), events.isInterrupted { return true }
    if ready.contains(.notices) {
      for notice in events.takeNotices() { try deliver(.notice(notice)) }
    }
    if ready.contains(.verification), let answer = events.takeVerdict() {
      switch answer {
      case let .success(verdict): try deliver(.verdict(verdict))
      case let .failure(error): throw error
      }
    }
    if ready.contains(.terminal) {
      // No SIGHUP comes when the terminal is not the controlling one, and a wait would report it again at
      // once, so the prompt ends here.
      guard try keys.read(from: terminal, now: clock.now()) else { throw .hungUp }
      // Caps Lock is read as keys arrive, before they are handled, and never on a timer: an idle prompt
      // makes no wake-ups, and a change is told with the next key.
      if let locks = terminal.keyboardLocks() { try deliver(.capsLock(isOn: locks.capsLock)) }
    } else {
      keys.expireWait(now: clock.now())
    }
    return false
  }

  private func handleSignals(deliver: (EntryEvent) throws(PromptError) -> Void) throws(PromptError) {
    for signal in events.takeSignals() {
      switch signalPolicy.response(to: signal) {
      case .ignore: continue
      case .terminate: throw .terminated(by: signal)
      case let .stop(stopSignal): try suspend(by: stopSignal)
      case let .resume(relocks):
        try terminal.enterRawModeAgain()
        try deliver(relocks ? .relock : .repeatStatus)
      case .resize: try screen.resize(environment: environment)
      }
    }
  }

  /// Ctrl-Z, or a stop signal from outside: gives the terminal back and stops, like any job; entry goes on
  /// after `fg`.
  ///
  /// - Parameter signal: The stop signal to stop with, `SIGTSTP` for Ctrl-Z.
  /// - Throws: ``PromptError/terminal(_:)`` when writing, stopping or entering raw mode again fails.
  private func suspend(by signal: Signal) throws(PromptError) {
    try finishLine()
    try terminal.suspend(by: signal)
    try screen.redraw()
  }
}
