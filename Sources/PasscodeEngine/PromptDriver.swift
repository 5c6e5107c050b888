/// Where a ``PromptDriver`` reads the time.
package protocol EntryClock {
  /// The time since the clock's fixed origin. It never goes back.
  func now() -> Duration
}

/// A screen as a pure machine: events in, effects out, no clock, no terminal and no thread of its own. The
/// entry engine is one (``EntryEngine``); so are the screens between entries, such as a confirmation. A
/// ``PromptDriver`` runs each against a clock and hands its effects to one ``PromptOutput``.
package protocol PromptMachine {
  /// How the screen ends.
  associatedtype Outcome: Sendable

  /// Handles one event, returning what the front must do, in order.
  mutating func handle(_ event: EntryEvent) -> [PromptEffect<Outcome>]
}

extension EntryEngine: PromptMachine {}

/// Where a ``PromptDriver`` carries out its machine's effects that reach the outside: the screen, speech, the
/// verifier, the companion and the input buffer, each at once and in order. The driver keeps the timers itself.
package protocol PromptOutput {
  /// What carrying out an effect can throw (`Never` for an output that cannot fail).
  associatedtype Failure: Error

  /// Draws the prompt as described.
  mutating func render(_ display: EntryDisplay) throws(Failure)
  /// Draws the prompt as described and tells the user its message once, on screen and/or by speech.
  mutating func announce(_ announcement: Announcement, display: EntryDisplay) throws(Failure)
  /// Shows lines above the entry, before it is first drawn, where the status line replaces each told word at the
  /// next (``PromptEffect/heading(title:lines:)``).
  mutating func heading(title: SanitizedText?, lines: [Announcement]) throws(Failure)
  /// Tells words apart from the status, once, leaving the display as it is (``PromptEffect/aside(_:)``).
  mutating func aside(_ announcement: Announcement) throws(Failure)
  /// Plays an optional cue (never the only signal).
  mutating func cue(_ cue: SoundCue) throws(Failure)
  /// Starts checking the code; the answer comes back through ``PromptDriver/handle(_:)`` as a
  /// ``EntryEvent/verdict(_:)``. The storage is the verifier's until it answers (``PromptEffect/verify(_:)``).
  mutating func verify(_ secret: any SecretStorage) throws(Failure)
  /// Lends the entry to the caller's companion for one call (``PromptEffect/lendEntry(_:)``).
  mutating func lendEntry(_ entry: any SecretStorage) throws(Failure)
  /// Throws away input typed but not delivered yet.
  ///
  /// - Returns: Whether any key was thrown away; the driver then tells the machine (``EntryEvent/keysDiscarded``).
  mutating func flushInput() throws(Failure) -> Bool
  /// The screen is over; what follows starts on a line of its own.
  mutating func finish() throws(Failure)
}

/// Runs one ``PromptMachine`` against a clock.
///
/// The driver feeds events to the machine, keeps the timers the machine asks for against an injected
/// ``EntryClock``, fires them when due, and hands every other effect to its ``PromptOutput`` at once, in order.
/// The terminal prompt drives it with the real clock; tests drive the same driver with a manual one.
package struct PromptDriver<Machine: PromptMachine, Output: PromptOutput> {
  /// The machine being driven.
  package private(set) var machine: Machine
  /// Where effects go.
  package var output: Output
  /// How the screen ended, once it has; `nil` after ``abandon()``.
  package private(set) var outcome: Machine.Outcome?
  /// Whether the screen is over: it ended, or it was abandoned.
  package private(set) var isOver = false
  private let clock: any EntryClock
  private var timers = EntryTimers()

  /// Creates a driver; nothing happens before ``start(_:)``.
  ///
  /// - Parameters:
  ///   - machine: A fresh machine, not started.
  ///   - clock: Where time is read.
  ///   - output: Where effects go.
  package init(_ machine: Machine, clock: any EntryClock, output: Output) {
    self.machine = machine
    self.clock = clock
    self.output = output
  }

  /// Starts the machine and carries out its opening effects.
  ///
  /// - Parameter opening: Starts the machine, returning its opening effects.
  /// - Throws: What the output throws.
  package mutating func start(_ opening: (inout Machine) -> [PromptEffect<Machine.Outcome>]) throws(Output.Failure) {
    try perform(opening(&machine))
  }

  /// Handles one event and carries out the effects; events after the end are ignored.
  ///
  /// - Parameter event: What happened.
  /// - Throws: What the output throws.
  package mutating func handle(_ event: EntryEvent) throws(Output.Failure) {
    guard !isOver else {
      if case let .paste(storage, _) = event { storage.wipe() }
      return
    }
    try perform(machine.handle(event))
  }

  /// Fires every timer that is due now, earliest first; one cancelled by an earlier one does not fire.
  ///
  /// - Throws: What the output throws.
  package mutating func fireDueTimers() throws(Output.Failure) {
    while !isOver, let timer = timers.takeEarliest(dueAt: clock.now()) {
      try perform(machine.handle(.timerFired(timer)))
    }
  }

  /// When the next timer falls due on the clock, or `nil` when none is pending (nothing will happen
  /// until an event comes).
  package var nextDeadline: Duration? { timers.nextDeadline }

  /// The timers pending now.
  package var pendingTimers: Set<EntryTimer> { timers.pending }

  /// Ends the screen without a word (an error, a signal, an interruption): the machine is cancelled, so an
  /// entry wipes its code, and its closing effects are dropped, so nothing is rendered or said.
  package mutating func abandon() {
    _ = machine.handle(.cancel)
    timers.cancelAll()
    isOver = true
  }

  private mutating func perform(_ effects: [PromptEffect<Machine.Outcome>]) throws(Output.Failure) {
    // One instant for the whole batch, so timers scheduled together keep their order.
    let now = clock.now()
    var discardedKeys = false
    for effect in effects {
      switch effect {
      case let .render(display): try output.render(display)
      case let .announce(announcement, display): try output.announce(announcement, display: display)
      case let .heading(title, lines): try output.heading(title: title, lines: lines)
      case let .aside(announcement): try output.aside(announcement)
      case let .cue(cue): try output.cue(cue)
      case let .verify(secret): try output.verify(secret)
      case let .lendEntry(entry): try output.lendEntry(entry)
      case let .schedule(timer, delay): timers.schedule(timer, at: now + delay)
      case let .cancelTimer(timer): timers.cancel(timer)
      case .flushInput: discardedKeys = try output.flushInput() || discardedKeys
      case let .finish(ending):
        outcome = ending
        isOver = true
        timers.cancelAll()
        try output.finish()
      }
    }
    // The machine learns of keys it never saw once the batch that flushed them is done.
    if discardedKeys, !isOver { try perform(machine.handle(.keysDiscarded)) }
  }
}

extension PromptDriver where Machine == EntryEngine {
  /// Starts the entry engine and carries out its opening effects.
  ///
  /// - Parameters:
  ///   - heading: What the caller keeps above the entry (``EntryEngine/start(heading:preamble:hint:)``).
  ///   - preamble: What is told right after the prompt's own words.
  ///   - hint: What is shown under the prompt's title and told after the preamble, or `nil`.
  /// - Throws: What the output throws.
  package mutating func start(
    heading: [Announcement] = [], preamble: [Announcement] = [], hint: Announcement? = nil
  ) throws(Output.Failure) {
    try start { $0.start(heading: heading, preamble: preamble, hint: hint) }
  }
}
