import PasscodeEngine

/// The one interpreter of a terminal prompt's effects: a ``PromptDriver`` hands it each effect of the screen it
/// runs (an entry, a confirmation, words told between entries), and it carries the effect out at once, in order,
/// the input flush and the end of the line included. Every word a person gets from a prompt reaches the screen,
/// speech and braille through here and ``PromptScreen``, which applies the profile's rules once.
///
/// It keeps what the loop needs to know of the screen as it learns it from the effects, never by reading the
/// machine: the phase of the display last drawn, and the words a companion had for the entry lent to it.
final class PromptInterpreter: PromptOutput {
  typealias Failure = PromptError

  private let screen: PromptScreen
  private let events: any PromptEvents
  private let terminal: any PromptTerminal
  private let keys: KeyInput
  private let clock: any EntryClock
  private let keyPolicy: KeyPolicy
  private let verifier: (@Sendable (any SecretStorage) throws -> Verdict)?
  private let companion: (any EntryCompanion)?
  /// Whether cues are played: asked for, and not under reduce motion.
  private let playsCues: Bool
  /// The phase of the display last drawn, or `nil` before the first (and on a screen that draws none).
  private(set) var phase: EntryDisplay.Phase?
  /// What the companion said of the entry last lent to it, not told yet.
  private var companionWords: Announcement?

  /// Makes the interpreter of one screen.
  ///
  /// - Parameters:
  ///   - screen: What the user sees and hears.
  ///   - events: Where verification starts.
  ///   - terminal: Where input is flushed from.
  ///   - keys: The keys decoded and waiting, flushed with the terminal's.
  ///   - clock: The loop's clock.
  ///   - keyPolicy: Which keys survive a flush.
  ///   - verifier: Checks a complete code; `nil` for a screen that asks for none.
  ///   - companion: The caller's companion of an entry, or `nil`.
  ///   - playsCues: Whether cues are played.
  init(
    screen: PromptScreen, events: any PromptEvents, terminal: any PromptTerminal, keys: KeyInput,
    clock: any EntryClock, keyPolicy: KeyPolicy, verifier: (@Sendable (any SecretStorage) throws -> Verdict)?,
    companion: (any EntryCompanion)?, playsCues: Bool
  ) {
    self.screen = screen
    self.events = events
    self.terminal = terminal
    self.keys = keys
    self.clock = clock
    self.keyPolicy = keyPolicy
    self.verifier = verifier
    self.companion = companion
    self.playsCues = playsCues
  }

  func render(_ display: EntryDisplay) throws(PromptError) {
    take(display)
    try screen.render(display)
  }

  func announce(_ announcement: Announcement, display: EntryDisplay) throws(PromptError) {
    take(display)
    try screen.announce(announcement, display: display)
  }

  /// Keeps the phase of a display about to be drawn, and gives an entry's progress to the caller's remote: the
  /// count and length the display itself shows, under the person's progress choice.
  private func take(_ display: EntryDisplay) {
    phase = display.phase
    if verifier != nil {
      events.remote.report(EntryProgress(count: display.enteredCount, length: display.fixedLength))
    }
  }

  func heading(title: SanitizedText?, lines: [Announcement]) throws(PromptError) {
    try screen.showHeading(title: title, lines: lines)
  }

  func aside(_ announcement: Announcement) throws(PromptError) {
    try screen.tellApart(announcement)
  }

  func cue(_ cue: SoundCue) throws(PromptError) {
    // Optional, never the only signal, and silenced by reduce motion.
    if playsCues { try screen.play(cue) }
  }

  func verify(_ secret: any SecretStorage) throws(PromptError) {
    guard let verifier else { preconditionFailure("a screen without a verifier asked for verification") }
    events.verify(secret, with: verifier)
  }

  func lendEntry(_ entry: any SecretStorage) throws(PromptError) {
    guard let companion else { return }
    companionWords = entry.withUnsafeBytes { companion.entryChanged($0) }
  }

  /// The engine flushes before it speaks ("a key typed as soon as the words appear belongs to the next entry"):
  /// done here at once, so what follows in the batch comes after it. Returns whether keys were thrown away.
  func flushInput() throws(PromptError) -> Bool {
    try keys.discard(from: terminal, now: clock.now(), keeping: keyPolicy.survivesFlush)
  }

  /// A screen that ends while it opens (words told between entries) speaks its opening first, so speech does
  /// not wait for the reading time.
  func finish() throws(PromptError) {
    screen.endOpening()
    try screen.finishLine(waitingOn: events)
  }

  /// Takes what the companion said of the entry last lent to it, for the loop to tell as the caller's words.
  func takeCompanionWords() -> Announcement? {
    defer { companionWords = nil }
    return companionWords
  }
}
