import PasscodeEngine

/// One ``PromptLoop`` entry's output for its ``EntryDriver``: the screen, and the verifier started through the
/// loop's ``PromptEvents``.
///
/// The input flush and the end of the prompt are only recorded here, for the loop to carry out after the
/// driver's batch (``PromptLoop``), because they read the terminal and wait on its clock. What the engine asks
/// for after a flush is held until the loop has flushed: the engine flushes before it speaks ("a key typed as
/// soon as the words appear belongs to the next entry"), and that order is kept.
struct PromptRunOutput: EntryOutput {
  typealias Failure = PromptError

  /// An effect held back behind a flush.
  enum Step {
    case render(EntryDisplay)
    case announce(Announcement, EntryDisplay)
    case heading(title: SanitizedText?, lines: [Announcement])
    case aside(Announcement)
    case cue(SoundCue)
    case verify(any SecretStorage)
    /// Another flush, after the steps before it.
    case flush
  }

  let screen: PromptScreen
  let events: any PromptEvents
  let verifier: @Sendable (any SecretStorage) throws -> Verdict
  /// Whether cues are played: asked for, and not under reduce motion.
  let playsCues: Bool
  /// The effects asked for since a flush that the loop has not done yet, in order; `nil` when no flush waits.
  private(set) var heldBehindFlush: [Step]?
  /// Whether the engine ended the prompt, and the loop has not finished its line yet.
  var finishRequested = false

  init(
    screen: PromptScreen, events: any PromptEvents, verifier: @escaping @Sendable (any SecretStorage) throws -> Verdict,
    playsCues: Bool
  ) {
    self.screen = screen
    self.events = events
    self.verifier = verifier
    self.playsCues = playsCues
  }

  mutating func render(_ display: EntryDisplay) throws(PromptError) {
    try carryOut(.render(display))
  }

  mutating func announce(_ announcement: Announcement, display: EntryDisplay) throws(PromptError) {
    try carryOut(.announce(announcement, display))
  }

  mutating func heading(title: SanitizedText?, lines: [Announcement]) throws(PromptError) {
    try carryOut(.heading(title: title, lines: lines))
  }

  mutating func aside(_ announcement: Announcement) throws(PromptError) {
    try carryOut(.aside(announcement))
  }

  mutating func cue(_ cue: SoundCue) throws(PromptError) {
    try carryOut(.cue(cue))
  }

  mutating func verify(_ secret: any SecretStorage) throws(PromptError) {
    try carryOut(.verify(secret))
  }

  mutating func flushInput() {
    if heldBehindFlush == nil { heldBehindFlush = [] } else { heldBehindFlush?.append(.flush) }
  }

  mutating func finish(_ outcome: EntryOutcome) {
    finishRequested = true
  }

  /// Takes the effects held behind a flush, for the loop to carry out in order once it has flushed.
  ///
  /// - Returns: The held effects, for ``carryOut(_:)``; `nil` when no flush was waiting.
  mutating func takeFlushRequest() -> [Step]? {
    defer { heldBehindFlush = nil }
    return heldBehindFlush
  }

  /// Carries out one effect, or holds it while a flush waits.
  mutating func carryOut(_ step: Step) throws(PromptError) {
    if heldBehindFlush != nil {
      heldBehindFlush?.append(step)
      return
    }
    switch step {
    case let .render(display): try screen.render(display)
    case let .announce(announcement, display): try screen.announce(announcement, display: display)
    case let .heading(title, lines): try screen.showHeading(title: title, lines: lines)
    case let .aside(announcement): try screen.tellApart(announcement)
    case let .cue(cue):
      // Optional, never the only signal, and silenced by reduce motion.
      if playsCues { try screen.play(cue) }
    case let .verify(secret): events.verify(secret, with: verifier)
    case .flush: flushInput()
    }
  }
}
