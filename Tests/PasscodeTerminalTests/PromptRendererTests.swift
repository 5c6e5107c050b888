import PasscodeEngine
import Testing

@testable import PasscodeTerminal

@Suite("Prompt renderer")
struct PromptRendererTests {
  func display(
    entered: Int, length: Int = 4, phase: EntryDisplay.Phase = .entering, offset: Int = 0,
    message: Announcement? = nil
  ) -> EntryDisplay {
    let cells = (0..<length).map { index in
      EntryDisplay.Cell(
        content: index < entered ? .masked : .empty, isCurrent: index == entered, isError: phase == .rejected)
    }
    return EntryDisplay(
      title: "Enter Passcode", cells: cells, phase: phase, shakeOffset: offset,
      message: message ?? .progress(entered: entered, length: length, kind: .digits), enteredCount: entered,
      fixedLength: length)
  }

  @Test("the visual profile redraws one line in place with masks and words")
  func visualLine() {
    var renderer = PromptRenderer(profile: .visual, usesColor: false, width: 80)
    #expect(renderer.render(display(entered: 2)) == "\r\u{1b}[2K   ●●○○     2 of 4 digits entered")
    #expect(renderer.render(display(entered: 2)) == "", "an unchanged line is not redrawn")
    #expect(renderer.finish() == "\n")
  }

  @Test("a variable-length entry shows masks, or the characters when they may be shown (an agent's Echo=yes)")
  func variableLengthCells() {
    let renderer = PromptRenderer(profile: .visual, usesColor: false, width: 80)
    func line(_ contents: [EntryDisplay.Cell.Content]) -> String {
      let cells = contents.map { EntryDisplay.Cell(content: $0, isCurrent: false, isError: false) }
      return renderer.statusLine(
        EntryDisplay(
          title: "User name:", cells: cells, phase: .entering, shakeOffset: 0, message: nil,
          enteredCount: cells.count, fixedLength: nil))
    }
    #expect(line([.masked, .masked, .masked]) == "   ●●●")
    #expect(line([.visible("b"), .visible("o"), .visible("b")]) == "   bob")
    #expect(line([]) == "   ○")
  }

  @Test("an error carries a symbol and words, not colour alone")
  func errorHasSymbol() {
    let renderer = PromptRenderer(profile: .visual, usesColor: false, width: 80)
    let line = renderer.statusLine(display(entered: 4, phase: .rejected, message: .wrong(triesLeft: nil)))
    #expect(line.contains("✗ Wrong passcode"))
    let colour = PromptRenderer(profile: .visual, usesColor: true, width: 80)
    let coloured = colour.statusLine(display(entered: 4, phase: .rejected, message: .wrong(triesLeft: nil)))
    #expect(coloured.contains("\u{1b}[1;31m") && coloured.contains("✗ Wrong passcode"))
  }

  @Test("the shake moves the cells by whole columns within the margin")
  func shakeOffsets() {
    let renderer = PromptRenderer(profile: .visual, usesColor: false, width: 80)
    for offset in -3...3 {
      let line = renderer.statusLine(display(entered: 4, phase: .rejected, offset: offset))
      #expect(line.prefix { $0 == " " }.count == 3 + offset)
    }
    let clamped = renderer.statusLine(display(entered: 4, phase: .rejected, offset: 9))
    #expect(clamped.prefix { $0 == " " }.count == 6)
  }

  @Test(
    "a status too wide wraps at words into rows shorter than the terminal, and no word is lost",
    arguments: [12, 20, 28, 30, 80])
  func wrapsAtWords(width: Int) {
    let renderer = PromptRenderer(profile: .visual, usesColor: false, width: width)
    let rows = renderer.statusRows(display(entered: 3, phase: .rejected, message: .wrong(triesLeft: 2)))
    #expect(rows.allSatisfy { $0.count < max(width, 10) }, "\(rows)")
    let words = rows.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(words == "●●●○ ✗ Wrong passcode, 2 tries left", "\(rows)")
    #expect(!rows.joined().contains("…"))
  }

  @Test("at 28 columns a wrong code reads in full on the row under the cells")
  func narrowWrongCode() {
    var renderer = PromptRenderer(profile: .visual, usesColor: false, width: 28)
    #expect(
      renderer.render(display(entered: 4, phase: .rejected, message: .wrong(triesLeft: nil)))
        == "\r\u{1b}[2K   ●●●●  ✗ Wrong passcode")
    #expect(renderer.render(display(entered: 1)) == "\r\u{1b}[2K   ●○○○  1 of 4 digits\nentered")
    // The wrapped status is never rewritten from above: the next one starts on a fresh row.
    #expect(renderer.render(display(entered: 2)) == "\n   ●●○○  2 of 4 digits\nentered")
    #expect(renderer.line("Unlocked") == "\nUnlocked\n")
  }

  @Test("screen-reader and plain profiles print one line per announcement and ignore redraws")
  func lineProfiles() {
    for profile in [OutputProfile.screenReader, .plain] {
      var renderer = PromptRenderer(profile: profile, usesColor: true, width: 80)
      #expect(renderer.render(display(entered: 1, phase: .rejected, offset: 2)) == "")
      #expect(renderer.announce(.wrong(triesLeft: 2)).hasPrefix("Wrong passcode, 2 tries left"))
      #expect(!renderer.announce(.progress(entered: 1, length: 4, kind: .digits)).contains("\u{1b}"))
    }
  }

  @Test("the plain profile ends each line with a newline")
  func plainLines() {
    var renderer = PromptRenderer(profile: .plain, usesColor: false, width: 80)
    #expect(renderer.announce(.ready) == "Ready\n")
    #expect(renderer.line("Unlocked") == "Unlocked\n")
    #expect(renderer.finish() == "")
  }

  @Test("caret after words: a newline first, the cursor left after the words, a newline at the end")
  func caretAfterWords() {
    var renderer = PromptRenderer(profile: .screenReader, usesColor: false, width: 80, lineDiscipline: .caretAfterWords)
    #expect(renderer.line("Enter Passcode, 4 digits") == "Enter Passcode, 4 digits", "the first line needs no newline")
    #expect(renderer.announce(.progress(entered: 1, length: 4, kind: .digits)) == "\n1 of 4 digits entered")
    #expect(renderer.announce(.deleted(entered: 0, length: 4, kind: .digits)) == "\nDeleted, 0 of 4 digits entered")
    #expect(renderer.finish() == "\n")
    #expect(renderer.finish() == "", "a finished prompt is on an empty line")
    #expect(renderer.announce(.ready) == "Ready")
  }

  @Test("caret at line start: a newline first, the words, the cursor back at column 0 of their line")
  func caretAtLineStart() {
    var renderer = PromptRenderer(
      profile: .screenReader, usesColor: false, width: 80, lineDiscipline: .caretAtLineStart)
    #expect(renderer.announce(.ready) == "Ready\r")
    #expect(renderer.announce(.wrong(triesLeft: nil)) == "\nWrong passcode\r")
    #expect(renderer.finish() == "\n")
  }

  @Test("a desktop reader wins the line discipline; text-screen readers alone put the cursor at line start")
  func disciplineFromReaders() {
    #expect(LineDiscipline(readers: []) == .caretAfterWords)
    #expect(LineDiscipline(readers: [.orca]) == .caretAfterWords)
    #expect(LineDiscipline(readers: [.orca, .brltty]) == .caretAfterWords)
    #expect(LineDiscipline(readers: [.fenrir]) == .caretAtLineStart)
    #expect(LineDiscipline(readers: [.brltty]) == .caretAtLineStart)
    #expect(LineDiscipline(readers: [.speakup, .espeakup]) == .caretAtLineStart)
  }

  @Test("the visual profile leaves announcements to the status line")
  func visualAnnouncementsAreDrawn() {
    var renderer = PromptRenderer(profile: .visual, usesColor: true, width: 80)
    #expect(renderer.announce(.ready) == "")
  }
}
