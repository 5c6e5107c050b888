import AnnouncementWords
import PasscodeEngine

/// What the user sees and hears of a terminal prompt: the renderer writing to the terminal, and the announcer.
/// It keeps the display last drawn, to draw it again after a resize, a resume or a notice, and when it last
/// wrote, on the loop's clock, for the reading time (``readingDeadline``). Each announcement's words are made
/// once, by the renderer's catalogue, and the announcer is given the same words (``Phrase``).
final class PromptScreen {
  /// What the terminal can do and which profile is used.
  let capabilities: TerminalCapabilities
  private let terminal: any PromptTerminal
  private let clock: any EntryClock
  private var renderer: PromptRenderer
  private let announcer: (any Announcer)?
  /// Plays cues as the virtual console's tones in place of the announcer and the bell, or `nil`.
  private let tonePlayer: ConsoleTonePlayer?
  /// The display last drawn, if any.
  private(set) var lastDisplay: EntryDisplay?
  /// When the screen last wrote, on the loop's clock.
  private var lastWrite: Duration?
  /// The announcements of a prompt's opening (its title, the caller's lines, the hint), collected while it
  /// opens and then spoken as one utterance; `nil` once it is open.
  private var openingSpeech: [Phrase]?
  /// The lines the visual heading of the prompt opening now shows, with their words
  /// (``showHeading(title:lines:)``): an aside telling one of them then only speaks it.
  private var headingLines: [Phrase] = []

  init(
    capabilities: TerminalCapabilities, terminal: any PromptTerminal, clock: any EntryClock,
    lineDiscipline: LineDiscipline, announcer: (any Announcer)?, tonePlayer: ConsoleTonePlayer? = nil
  ) {
    self.capabilities = capabilities
    self.terminal = terminal
    self.clock = clock
    self.announcer = announcer
    self.tonePlayer = tonePlayer
    renderer = PromptRenderer(
      profile: capabilities.profile, usesColor: capabilities.usesColor, width: capabilities.width,
      lineDiscipline: lineDiscipline)
  }

  /// The glyphs of the visual profile's cells for the entries that follow.
  var cellMask: CellMask {
    get { renderer.mask }
    set { renderer.mask = newValue }
  }

  /// An announcement with its words, looked up once for the screen and the announcer alike.
  func phrase(for announcement: Announcement) -> Phrase {
    renderer.phrase(for: announcement)
  }

  /// A phrase's words as this profile shows them: the visual profile shows the demo's code in numerals.
  func shownWords(_ phrase: Phrase) -> String {
    capabilities.profile == .visual ? renderer.catalogue.screenText(for: phrase) : phrase.words
  }

  /// Draws a display.
  func render(_ display: EntryDisplay) throws(PromptError) {
    lastDisplay = display
    try write(renderer.render(display))
  }

  /// Draws a display and tells its message: a line of words in the screen-reader and plain profiles (the
  /// visual status line shows it), and speech.
  func announce(_ announcement: Announcement, display: EntryDisplay) throws(PromptError) {
    try render(display)
    try write(renderer.announce(announcement))
    speak(phrase(for: announcement))
  }

  /// Shows lines above a prompt's entry, before the entry is drawn, in the visual profile, whose status line
  /// replaces each told word at the next (the lines in their screen form: the demo's code in numerals). The other
  /// profiles write every told word as a line of its own, so they show nothing here; nothing is spoken, since each
  /// line is told in its turn.
  func showHeading(title: SanitizedText?, lines: [Announcement]) throws(PromptError) {
    guard capabilities.profile == .visual else { return }
    headingLines = lines.map(phrase(for:))
    if let title { try show(title) }
    for line in headingLines { try show(SanitizedText(shownWords(line))) }
  }

  /// Tells words that stand apart from the status (a hint, a notice), leaving the display as it is: a line of
  /// their own in the profile's form, the visual status line drawn again below it, and speech. In the visual
  /// profile a line its heading shows gets no second line; a notice is not spoken (``Announcement/notice(_:)``).
  func tellApart(_ announcement: Announcement) throws(PromptError) {
    if let shown = headingLines.first(where: { $0.announcement == announcement }) {
      speak(shown)
      return
    }
    let told = phrase(for: announcement)
    try show(SanitizedText(shownWords(told)))
    try redraw()
    if case .notice = announcement { return }
    speak(told)
  }

  /// Prints a line of words that is not an announcement (a heading's), in the profile's form.
  private func show(_ text: SanitizedText) throws(PromptError) {
    try write(renderer.line(text))
  }

  /// Speaks through the announcer, or collects the phrase while a prompt opens.
  func speak(_ phrase: Phrase) {
    if openingSpeech != nil {
      openingSpeech?.append(phrase)
    } else {
      announcer?.announce(phrase)
    }
  }

  /// Plays a cue as console tones when there is a tone player, else through the announcer, else rings the bell
  /// when escapes are allowed.
  func play(_ cue: SoundCue) throws(PromptError) {
    if let tonePlayer {
      tonePlayer.play(cue)
    } else if let announcer {
      announcer.play(cue)
    } else if capabilities.allowsEscapes {
      try write("\u{7}")
    }
  }

  /// Starts a screen's opening, collecting what it says (the speech channel keeps only the newest request until
  /// it is connected, so the opening goes as one utterance).
  func beginOpening() {
    openingSpeech = []
    // A new screen: nothing of the last one is drawn again under its words.
    lastDisplay = nil
  }

  /// Speaks the opening collected since ``beginOpening()`` as one utterance, or drops it when `speaks` is false.
  func endOpening(speaks: Bool = true) {
    if speaks, let opening = openingSpeech, !opening.isEmpty { announcer?.announce(together: opening) }
    openingSpeech = nil
    headingLines = []
  }

  /// Draws the last display again from scratch (after a resize, a resume or a notice).
  func redraw() throws(PromptError) {
    if let lastDisplay { try write(renderer.redraw(lastDisplay)) }
  }

  /// Takes the terminal's new width after a resize and draws again.
  func resize(environment: [String: String]) throws(PromptError) {
    renderer.width = terminal.width(environment: environment)
    try redraw()
  }

  /// Ends the line at once (an interrupted entry, whose last words the caller says).
  func endLine() throws(PromptError) {
    try write(renderer.finish())
  }

  /// Ends the last line so what follows starts on a fresh one; the loop waits for ``readingDeadline`` first.
  func finishLine() throws(PromptError) {
    try write(renderer.finish())
  }

  /// Ends the last line after the reading time the line discipline asks for (``readingDeadline``), sleeping on
  /// `events` meanwhile.
  func finishLine(waitingOn events: any PromptEvents) throws(PromptError) {
    if let readingDeadline { events.sleep(until: readingDeadline) }
    try finishLine()
  }

  /// Until when the last line of words must stay as it is before ``finishLine()`` moves off it, on the loop's
  /// clock, or `nil` when it may move at once: a reader that speaks a line only while the caret is still at its
  /// end (``LineDiscipline/readingTime``, in the screen-reader profile, whose lines follow the discipline) gets
  /// that long after the line was written.
  var readingDeadline: Duration? {
    guard capabilities.profile == .screenReader, renderer.hasLineToFinish,
      let readingTime = renderer.lineDiscipline.readingTime, let lastWrite
    else { return nil }
    return lastWrite + readingTime
  }

  /// When the caret, left after the newest line's words for a reader that reads a line only while the caret is
  /// at its end (Orca), is to go back to the line's start (``returnCaretIfDue()``): the reading time after the
  /// line was written; `nil` when nothing waits.
  var caretReturnDeadline: Duration? {
    guard capabilities.profile == .screenReader, renderer.caretAwaitsReturn,
      let readingTime = renderer.lineDiscipline.readingTime, let lastWrite
    else { return nil }
    return lastWrite + readingTime
  }

  /// Takes the caret back to the start of the newest line once ``caretReturnDeadline`` has passed, so that
  /// Orca's braille shows the line from its first cell. The write is not a line's: the reading time already
  /// given is not given again.
  func returnCaretIfDue() throws(PromptError) {
    guard let caretReturnDeadline, clock.now() >= caretReturnDeadline else { return }
    try terminal.write(renderer.returnCaret())
  }

  /// Writes to the terminal, noting when.
  private func write(_ text: String) throws(PromptError) {
    guard !text.isEmpty else { return }
    lastWrite = clock.now()
    try terminal.write(text)
  }
}
