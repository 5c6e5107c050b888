/// Where an ``EntryDriver`` reads the time.
package protocol EntryClock {
  /// The time since the clock's fixed origin. It never goes back.
  func now() -> Duration
}

/// Where an ``EntryDriver`` carries out the engine's effects that reach the outside: the screen, speech, the
/// verifier and the input buffer. The driver keeps the timers itself.
package protocol EntryOutput {
  /// What carrying out an effect can throw (`Never` for an output that cannot fail).
  associatedtype Failure: Error

  /// Draws the prompt as described.
  mutating func render(_ display: EntryDisplay) throws(Failure)
  /// Draws the prompt as described and tells the user its message once, on screen and/or by speech.
  mutating func announce(_ announcement: Announcement, display: EntryDisplay) throws(Failure)
  /// Shows lines above the entry, before it is first drawn, where the status line replaces each told word at the
  /// next (``EntryEffect/heading(title:lines:)``).
  mutating func heading(title: SanitizedText?, lines: [Announcement]) throws(Failure)
  /// Tells words apart from the status, once, leaving the display as it is (``EntryEffect/aside(_:)``).
  mutating func aside(_ announcement: Announcement) throws(Failure)
  /// Plays an optional cue (never the only signal).
  mutating func cue(_ cue: SoundCue) throws(Failure)
  /// Starts checking the code; the answer comes back through ``EntryDriver/handle(_:)`` as a
  /// ``EntryEvent/verdict(_:)``. The storage is the verifier's until it answers (``EntryEffect/verify(_:)``).
  mutating func verify(_ secret: any SecretStorage) throws(Failure)
  /// Throws away input typed but not delivered yet.
  mutating func flushInput() throws(Failure)
  /// The prompt is over.
  mutating func finish(_ outcome: EntryOutcome) throws(Failure)
}

/// Runs one ``EntryEngine`` against a clock: the one interpreter of its effects.
///
/// The driver feeds events to the engine, keeps the timers the engine asks for against an injected
/// ``EntryClock``, fires them when due, and hands every other effect to its ``EntryOutput``. The terminal
/// prompt drives it with the real clock; tests drive the same driver with a manual one.
package struct EntryDriver<Output: EntryOutput> {
  /// The engine being driven.
  package private(set) var engine: EntryEngine
  /// Where effects go.
  package var output: Output
  /// How the prompt ended, once it has.
  package private(set) var outcome: EntryOutcome?
  private let clock: any EntryClock
  private var timers = EntryTimers()

  /// Creates a driver; nothing happens before ``start(heading:preamble:hint:)``.
  ///
  /// - Parameters:
  ///   - engine: A fresh engine, not started.
  ///   - clock: Where time is read.
  ///   - output: Where effects go.
  package init(engine: EntryEngine, clock: any EntryClock, output: Output) {
    self.engine = engine
    self.clock = clock
    self.output = output
  }

  /// Starts the engine and carries out its opening effects.
  ///
  /// - Parameters:
  ///   - heading: What the caller keeps above the entry (``EntryEngine/start(heading:preamble:hint:)``).
  ///   - preamble: What is told right after the prompt's own words.
  ///   - hint: What is shown under the prompt's title and told after the preamble, or `nil`.
  /// - Throws: What the output throws.
  package mutating func start(
    heading: [Announcement] = [], preamble: [Announcement] = [], hint: Announcement? = nil
  ) throws(Output.Failure) {
    try perform(engine.start(heading: heading, preamble: preamble, hint: hint))
  }

  /// Handles one event and carries out the effects; events after the end are ignored.
  ///
  /// - Parameter event: What happened.
  /// - Throws: What the output throws.
  package mutating func handle(_ event: EntryEvent) throws(Output.Failure) {
    guard outcome == nil else {
      if case let .paste(storage, _) = event { storage.wipe() }
      return
    }
    try perform(engine.handle(event))
  }

  /// Fires every timer that is due now, earliest first; one cancelled by an earlier one does not fire.
  ///
  /// - Throws: What the output throws.
  package mutating func fireDueTimers() throws(Output.Failure) {
    while outcome == nil, let timer = timers.takeEarliest(dueAt: clock.now()) {
      try perform(engine.handle(.timerFired(timer)))
    }
  }

  /// When the next timer falls due on the clock, or `nil` when none is pending (nothing will happen
  /// until an event comes).
  package var nextDeadline: Duration? { timers.nextDeadline }

  /// The timers pending now.
  package var pendingTimers: Set<EntryTimer> { timers.pending }

  /// Ends the entry without a word (an error, a signal, an interruption): the engine wipes the code, and
  /// its closing effects are dropped, so nothing is rendered or said.
  package mutating func abandon() {
    _ = engine.handle(.cancel)
    timers.cancelAll()
    if outcome == nil { outcome = .cancelled }
  }

  private mutating func perform(_ effects: [EntryEffect]) throws(Output.Failure) {
    // One instant for the whole batch, so timers scheduled together keep their order.
    let now = clock.now()
    for effect in effects {
      switch effect {
      case let .render(display): try output.render(display)
      case let .announce(announcement, display): try output.announce(announcement, display: display)
      case let .heading(title, lines): try output.heading(title: title, lines: lines)
      case let .aside(announcement): try output.aside(announcement)
      case let .cue(cue): try output.cue(cue)
      case let .verify(secret): try output.verify(secret)
      case let .schedule(timer, delay): timers.schedule(timer, at: now + delay)
      case let .cancelTimer(timer): timers.cancel(timer)
      case .flushInput: try output.flushInput()
      case let .finish(ending):
        outcome = ending
        timers.cancelAll()
        try output.finish(ending)
      }
    }
  }
}
