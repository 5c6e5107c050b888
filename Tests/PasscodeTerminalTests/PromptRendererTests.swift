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

  @Test("the status line never wraps, however narrow the terminal", arguments: [12, 20, 30, 80])
  func neverWraps(width: Int) {
    let renderer = PromptRenderer(profile: .visual, usesColor: false, width: width)
    let line = renderer.statusLine(display(entered: 3, message: .lockedOut(seconds: 3900)))
    #expect(line.count < max(width, 10))
  }

  @Test("screen-reader and plain profiles print one line per announcement and ignore redraws")
  func lineProfiles() {
    for profile in [OutputProfile.screenReader, .plain] {
      var renderer = PromptRenderer(profile: profile, usesColor: true, width: 80)
      #expect(renderer.render(display(entered: 1, phase: .rejected, offset: 2)) == "")
      #expect(renderer.announce(.wrong(triesLeft: 2)) == "Wrong passcode, 2 tries left\n")
      #expect(!renderer.announce(.progress(entered: 1, length: 4, kind: .digits)).contains("\u{1b}"))
    }
  }

  @Test("the visual profile leaves announcements to the status line")
  func visualAnnouncementsAreDrawn() {
    let renderer = PromptRenderer(profile: .visual, usesColor: true, width: 80)
    #expect(renderer.announce(.ready) == "")
  }
}
