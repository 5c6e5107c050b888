import AnnouncementWords
import PasscodeEngine
import PasscodeTestSupport
import Testing

@testable import PasscodeTerminal

/// The renderer at every width a window can report, 0 to 400 columns, with every kind of announcement: it
/// always returns, no status row is wider than the columns it renders for, and no word is lost.
@Suite("Prompt renderer at every width")
struct PromptRendererWidthTests {
  /// The widths tried: a window can report any of them (`stty cols 1`, `COLUMNS=1`), and 0 stands for a
  /// width no terminal reports but a caller could pass.
  static let widths = Array(0...400)

  @Test("a window narrower than ten columns is rendered for ten, whether its width comes at start or with a resize")
  func narrowestWidth() {
    for width in Self.widths {
      let created = PromptRenderer(profile: .visual, usesColor: false, width: width)
      var resized = PromptRenderer(profile: .visual, usesColor: false, width: 80)
      resized.width = width
      #expect(created.width == max(width, 10), "created at \(width)")
      #expect(resized.width == max(width, 10), "resized to \(width)")
    }
  }

  @Test("a message's words are cut into pieces that each make progress and fit, whatever the budget")
  func wordPieces() {
    let message = "a Wrong  passcode, 2 tries left; Contraseña-de-prueba-muy-larga"
    for budget in -3...70 {
      let pieces = PromptRenderer.words(of: message, fittingIn: budget)
      #expect(pieces.joined() == message.split(separator: " ").joined(), "budget \(budget)")
      #expect(pieces.allSatisfy { !$0.isEmpty && $0.count <= max(budget, 1) }, "budget \(budget): \(pieces)")
    }
  }

  @Test(
    "at every width from 0 to 400 the status rows are shorter than the width rendered for, and keep every word",
    arguments: RendererSamples.announcements)
  func statusRowsFit(announcement: Announcement) {
    let words = RendererSamples.visibleCharacters(AnnouncementCatalogue.english.text(for: announcement))
    let displays = RendererSamples.displays(message: announcement)
    for width in Self.widths {
      // Colour adds only escape sequences, which take no column: every other width is drawn with it. Each width
      // draws the short code and one other display, in turn.
      var renderer = PromptRenderer(profile: .visual, usesColor: width % 2 == 0, width: 80, catalogue: .english)
      renderer.width = width
      let limit = max(width, 10) - 1
      for display in [displays[0], displays[1 + width % (displays.count - 1)]] {
        let rows = renderer.statusRows(display).map(RendererSamples.strippingStyle)
        #expect(rows.allSatisfy { $0.count <= limit }, "width \(width): \(rows)")
        #expect(!rows.contains { $0.contains(where: \.isNewline) }, "width \(width): \(rows)")
        #expect(RendererSamples.visibleCharacters(rows.joined()).hasSuffix(words), "width \(width): \(rows)")
      }
    }
  }

  @Test(
    "at every width from 0 to 400 each profile draws, announces, redraws and finishes (the announcements in turn)",
    arguments: [OutputProfile.visual, .screenReader, .plain])
  func everyProfileReturns(profile: OutputProfile) {
    let announcements = RendererSamples.announcements
    for width in Self.widths {
      var renderer = PromptRenderer(profile: profile, usesColor: true, width: 80, catalogue: .english)
      renderer.width = width
      for announcement in [announcements[width % announcements.count], .wrong(triesLeft: 2)] {
        let display = RendererSamples.displays(message: announcement)[0]
        let output = renderer.render(display) + renderer.announce(announcement) + renderer.redraw(display)
        #expect(profile == .visual || !output.utf8.contains(0x1b), "width \(width)")
      }
      _ = renderer.finish()
    }
  }

  @Test("the samples hold every kind of announcement")
  func samplesCoverEveryKind() {
    let kinds = Set(RendererSamples.announcements.map(AnnouncementSamples.kind(of:)))
    #expect(kinds.count == AnnouncementSamples.kindCount)
  }
}

/// Announcements and displays to render: every kind of announcement, with short, long and unbroken words.
enum RendererSamples {
  /// A word longer than any width tried.
  static let longWord = AnnouncementSamples.longWord

  /// Every kind of announcement (``AnnouncementSamples``).
  static let announcements = AnnouncementSamples.all

  /// Displays showing `message`: short and long fixed lengths, variable lengths up to past the 64 cells
  /// shown, shown characters, every phase, and the shake at both ends.
  static func displays(message: Announcement) -> [EntryDisplay] {
    func display(
      _ contents: [EntryDisplay.Cell.Content], fixed: Bool, phase: EntryDisplay.Phase = .entering, offset: Int = 0
    ) -> EntryDisplay {
      let cells = contents.map { EntryDisplay.Cell(content: $0, isCurrent: false, isError: phase == .rejected) }
      let entered = contents.filter { $0 != .empty }.count
      return EntryDisplay(
        title: "Enter Passcode", cells: cells, phase: phase, shakeOffset: offset, message: message,
        enteredCount: entered, fixedLength: fixed ? cells.count : nil)
    }
    let four: [EntryDisplay.Cell.Content] = [.masked, .masked, .empty, .empty]
    return [
      display(four, fixed: true),
      display(four, fixed: true, phase: .rejected, offset: -3),
      display(four, fixed: true, phase: .rejected, offset: 9),
      display(Array(repeating: .masked, count: 12), fixed: true, phase: .verifying),
      display(Array(repeating: .empty, count: 200), fixed: true, phase: .lockedOut),
      display([], fixed: false, phase: .accepted),
      display(Array(repeating: .masked, count: 70), fixed: false, phase: .cancelled),
      display([.visible("b"), .visible("ñ"), .visible("b")], fixed: false, phase: .timedOut),
    ]
  }

  /// A row without its SGR colour sequences, as many columns long as it has characters.
  static func strippingStyle(_ row: String) -> String {
    guard row.utf8.contains(0x1b) else { return row }
    var result = String.UnicodeScalarView()
    var inSequence = false
    for scalar in row.unicodeScalars {
      if inSequence {
        if scalar == "m" { inSequence = false }
      } else if scalar == "\u{1b}" {
        inSequence = true
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The characters that are not spaces, in order: what must survive wrapping.
  static func visibleCharacters(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " }))
  }
}
