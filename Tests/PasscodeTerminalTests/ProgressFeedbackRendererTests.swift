import PasscodeEngine
import Testing

@testable import PasscodeTerminal

/// The cells and lines each profile writes under `--progress count|tick|silent`, from the engine's own displays.
@Suite("Progress feedback in the renderer")
struct ProgressFeedbackRendererTests {
  /// Everything a renderer writes for a four-digit entry of `keys`, as the prompt's screen writes it: each
  /// render drawn, each announcement drawn and then told.
  private func written(
    _ progress: ProgressFeedback, profile: OutputProfile, keys: [EntryEvent],
    length: EntryConfiguration.Length = .fixed(4)
  ) throws -> String {
    var configuration = try EntryConfiguration(length: length)
    configuration.progress = progress
    return RenderedEntry.written(configuration, profile: profile, keys: keys)
  }

  private let twoDigits: [EntryEvent] = [.character("2"), .character("5")]

  @Test("count draws the length, filled and empty, with the count in every profile's words")
  func countDrawsTheLength() throws {
    let visual = try written(.count, profile: .visual, keys: twoDigits)
    #expect(visual.hasSuffix("\r\u{1b}[2K   ●●○○     2 of 4 digits entered"))
    for profile in [OutputProfile.plain, .screenReader] {
      #expect(try written(.count, profile: profile, keys: twoDigits).contains("2 of 4 digits entered"))
    }
  }

  @Test("tick draws one mask per key and no empty cell, and its words hold no number, in every profile")
  func tickDrawsOnlyWhatIsTyped() throws {
    let visual = try written(.tick, profile: .visual, keys: twoDigits)
    #expect(visual.hasSuffix("\r\u{1b}[2K   ●●     Entered"))
    #expect(visual.contains("\r\u{1b}[2K   Enter Passcode"), "an empty entry shows no empty glyph")
    #expect(!visual.contains("○"))
    let plain = try written(.tick, profile: .plain, keys: twoDigits)
    #expect(plain == "Enter Passcode\nEntered\nEntered\n")
    let reader = try written(.tick, profile: .screenReader, keys: twoDigits)
    #expect(reader == "Enter Passcode\nEntered\nEntered.")
    for output in [visual.replacing("\u{1b}[2K", with: ""), plain, reader] {
      #expect(!output.contains { $0.isNumber })
    }
  }

  @Test("tick's lines in the screen-reader profile alternate a full stop, so each key's line differs from the last")
  func tickLinesAlternate() throws {
    let keys: [EntryEvent] = [
      .character("2"), .delete, .character("5"), .repeatStatus, .character("8"), .character("1"),
    ]
    let reader = try written(.tick, profile: .screenReader, keys: keys)
    let lines = reader.split(separator: "\n").map(String.init)
    #expect(lines.count == 7, "\(lines)")
    #expect(
      lines.filter { !$0.hasPrefix("Something typed") } == [
        "Enter Passcode", "Entered", "Deleted.", "Entered", "Entered.", "Entered",
      ])
    for (line, next) in zip(lines, lines.dropFirst()) { #expect(line != next) }
  }

  @Test("silent draws nothing of the entry and writes no line per key, in every profile")
  func silentDrawsNothing() throws {
    let keys = twoDigits + [.delete, .clear, .character("8")]
    let visual = try written(.silent, profile: .visual, keys: keys)
    #expect(visual == "\r\u{1b}[2K   Enter Passcode", "the status line is drawn once and never changes")
    #expect(try written(.silent, profile: .plain, keys: keys) == "Enter Passcode\n")
    #expect(try written(.silent, profile: .screenReader, keys: keys) == "Enter Passcode")
  }

  @Test("a variable-length entry shows no empty glyph without counts, and the first mask only under tick")
  func variableLength() throws {
    let variable = EntryConfiguration.Length.variable(1...8)
    let tick = try written(.tick, profile: .visual, keys: [.character("2")], length: variable)
    #expect(tick.hasSuffix("\r\u{1b}[2K   ●     Entered"))
    #expect(!tick.contains("○"))
    let silent = try written(.silent, profile: .visual, keys: [.character("2")], length: variable)
    #expect(!silent.contains("○") && !silent.contains("●"))
    let count = try written(.count, profile: .visual, keys: [], length: variable)
    #expect(count.contains("○"), "count keeps the empty glyph of an empty entry")
  }
}
