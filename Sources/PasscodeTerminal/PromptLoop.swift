import PasscodeEngine

/// The prompt's loop: it waits on a ``PromptEvents`` and a ``PromptTerminal`` against an injected clock, decodes
/// key bytes, routes each key by ``KeyPolicy`` and each signal by ``SignalPolicy``, and drives one
/// ``PromptDriver`` per screen (an entry's ``EntryEngine``, or another ``PromptMachine``), whose effects one
/// ``PromptInterpreter`` carries out. It never reads a machine's state: what it needs to know comes as effects.
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
  /// or ``run(_:opening:)``.
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
    screen.cellMask = configuration.mask
    let engine = EntryEngine(
      configuration: configuration, secretStorage: makeSecretStorage(configuration.maximumByteCount),
      failureCount: failureCount, lockoutRemaining: lockoutRemaining, attemptLimit: attemptLimit)
    // Every word of the opening comes from the engine: the heading (what the visual profile shows above its
    // status line), the prompt's words, the preamble, then the hint told after them.
    let outcome = try run(
      engine, reducesMotion: configuration.reduceMotion, companion: companion, verifier: verifier
    ) { $0.start(heading: heading, preamble: preamble, hint: hint) }
    return outcome ?? .cancelled
  }

  /// Runs a screen that is not an entry (a confirmation, the demo's unlocked screen, words told between entries)
  /// until it ends, through the same driver, interpreter and clock as an entry.
  ///
  /// - Parameters:
  ///   - machine: The screen, not started.
  ///   - opening: Starts it, returning its opening effects.
  /// - Returns: How it ended; `nil` when it was interrupted (``PromptRemote/interrupt()``).
  /// - Throws: ``PromptError`` when the terminal fails, hangs up or a terminating signal arrives.
  func run<Machine: PromptMachine>(
    _ machine: Machine, opening: (inout Machine) -> [PromptEffect<Machine.Outcome>]
  ) throws(PromptError) -> Machine.Outcome? {
    try run(machine, reducesMotion: false, companion: nil, verifier: nil, opening: opening)
  }

  /// Ends the last line, after the reading time the line discipline asks for, on the loop's clock.
  func finishLine() throws(PromptError) {
    try screen.finishLine(waitingOn: events)
  }

  /// Throws away every waiting key.
  func removeAllKeys() {
    keys.removeAll()
  }

  // MARK: - The loop

  /// Opens a screen, then feeds keys, verdicts, notices and due timers to its driver until it ends. An entry (a
  /// screen with a verifier) also takes what the caller's remote asks, from its opening on, and drops at its end
  /// what it could not act on.
  private func run<Machine: PromptMachine>(
    _ machine: Machine, reducesMotion: Bool, companion: (any EntryCompanion)?,
    verifier: (@Sendable (any SecretStorage) throws -> Verdict)?,
    opening: (inout Machine) -> [PromptEffect<Machine.Outcome>]
  ) throws(PromptError) -> Machine.Outcome? {
    let isEntry = verifier != nil
    if isEntry { events.remote.beginEntry() }
    defer { if isEntry { events.remote.dropRequests() } }
    let interpreter = PromptInterpreter(
      screen: screen, events: events, terminal: terminal, keys: keys, clock: clock, keyPolicy: keyPolicy,
      verifier: verifier, companion: companion, playsCues: consoleTones || (soundCues && !reducesMotion))
    var driver = PromptDriver(machine, clock: clock, output: interpreter)
    screen.beginOpening()
    do {
      try driver.start(opening)
      // The one reading before any key: a prompt that starts with Caps Lock on says so.
      if let locks = terminal.keyboardLocks() { try driver.handle(.capsLock(isOn: locks.capsLock)) }
    } catch {
      screen.endOpening(speaks: false)
      driver.abandon()
      throw error
    }
    screen.endOpening()
    do {
      // A request made before the entry opened (or between entries) reaches it now.
      if isEntry { try deliverRemoteRequests(to: &driver) }
      try feed(&driver, companion: companion, takesRemoteRequests: isEntry)
    } catch {
      driver.abandon()
      throw error
    }
    keys.removeAll()
    return driver.outcome
  }

  /// Feeds keys, verdicts and due timers to the driver until the screen ends.
  private func feed<Machine: PromptMachine>(
    _ driver: inout PromptDriver<Machine, PromptInterpreter>, companion: (any EntryCompanion)?,
    takesRemoteRequests: Bool
  ) throws(PromptError) {
    let interpreter = driver.output
    while !driver.isOver {
      if keys.isEmpty {
        let interrupted = try waitForEvents(
          until: driver.nextDeadline, listensToRemote: keyPolicy.listensToRemote(during: interpreter.phase),
          takesRemoteRequests: takesRemoteRequests
        ) { event throws(PromptError) in
          try driver.handle(event)
        }
        if interrupted {
          // Ended by ``PromptRemote/interrupt()``: the machine wipes the entry, its last words are left unsaid
          // (the caller says why), and the line is finished.
          driver.abandon()
          keys.removeAll()
          try screen.endLine()
          return
        }
      }
      var entryChanged = false
      while !driver.isOver, let key = keys.takeKey() {
        let event: EntryEvent
        switch keyPolicy.route(key, during: interpreter.phase) {
        case .suspend:
          try suspend(by: .terminalStop)
          continue
        case let .companionFirst(keyEvent):
          if let answer = companion?.answer(to: key) {
            for event in answer.events + answer.announcements.map(EntryEvent.callerWords) {
              try driver.handle(event)
              entryChanged = entryChanged || event.changesEntry
            }
            continue
          }
          event = keyEvent
        case let .engine(keyEvent):
          event = keyEvent
        }
        try driver.handle(event)
        entryChanged = entryChanged || event.changesEntry
      }
      // A companion rates the entry once per batch of keys, so fast typing and pastes ask once.
      if entryChanged, companion != nil {
        try driver.handle(.lendEntry)
        if let words = interpreter.takeCompanionWords() { try driver.handle(.callerWords(words)) }
      }
      try driver.fireDueTimers()
    }
  }

  /// Sleeps until input, a signal, a verdict, a notice, the remote or the deadline, and handles what comes in this
  /// order: signals, the remote (an interruption, then the caller's clear and cancel, which only an entry takes;
  /// another screen leaves them for the next entry), notices, the verdict, then the key bytes, which it decodes
  /// into waiting keys. Notices, the verdict, the remote's requests and what a `SIGCONT` has to say go to the
  /// machine through `deliver`.
  ///
  /// - Returns: Whether the entry was interrupted (``PromptRemote/interrupt()``).
  private func waitForEvents(
    until timerDeadline: Duration?, listensToRemote: Bool, takesRemoteRequests: Bool,
    deliver: (EntryEvent) throws(PromptError) -> Void
  ) throws(PromptError) -> Bool {
    let deadline = [timerDeadline, keys.inputDeadline, screen.caretReturnDeadline].compactMap { $0 }.min()
    let ready = try events.wait(until: deadline, listensToRemote: listensToRemote)
    try screen.returnCaretIfDue()
    if ready.contains(.signals) { try handleSignals(deliver: deliver) }
    if ready.contains(.remote) {
      if events.remote.isInterrupted { return true }
      let requests = events.remote.takeRequests(leavingThem: !takesRemoteRequests)
      for request in requests { try deliver(Self.event(for: request)) }
    }
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

  /// Hands the requests the remote holds to the driver, as the keys they stand for.
  private func deliverRemoteRequests<Machine: PromptMachine>(
    to driver: inout PromptDriver<Machine, PromptInterpreter>
  ) throws(PromptError) {
    for request in events.remote.takeRequests(leavingThem: false) { try driver.handle(Self.event(for: request)) }
  }

  /// The event a remote request sends: the caller's clear and cancel are the person's Ctrl-U and Esc, even in
  /// `passcode lock`, which ignores the person's Esc but not its own program.
  private static func event(for request: PromptRemote.Request) -> EntryEvent {
    switch request {
    case .clear: .clear
    case .cancel: .cancel
    }
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
