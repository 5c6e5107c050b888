import PasscodeEngine
import Testing

@testable import PasscodeTerminal

/// The cells the visual profile draws under each `--mask`, and the profiles that draw none whatever it says.
@Suite("Cell masks in the renderer")
struct CellMaskRendererTests {
  /// The last status row the visual profile draws for a four-digit entry after `keys`, under `mask`.
  private func lastRow(
    _ mask: CellMask, profile: OutputProfile = .visual, keys: [EntryEvent] = [.character("2"), .character("5")],
    progress: ProgressFeedback = .count, length: EntryConfiguration.Length = .fixed(4)
  ) throws -> String {
    var configuration = try EntryConfiguration(length: length)
    configuration.progress = progress
    configuration.mask = mask
    let output = RenderedEntry.written(configuration, profile: profile, keys: keys)
    return output.components(separatedBy: "\r\u{1b}[2K").last ?? ""
  }

  @Test("each mask draws its own glyph for a character typed and for one to come")
  func eachMaskDrawsItsGlyphs() throws {
    #expect(try lastRow(.circle) == "   ●●○○     2 of 4 digits entered")
    #expect(try lastRow(.asterisk) == "   **__     2 of 4 digits entered")
    #expect(try lastRow(.bullet) == "   ••◦◦     2 of 4 digits entered")
  }

  @Test("none draws no cell, and the words alone tell the progress")
  func noneDrawsOnlyWords() throws {
    #expect(try lastRow(.noCells) == "   2 of 4 digits entered")
    let empty = try lastRow(.noCells, keys: [], length: .variable(4...8))
    #expect(!empty.contains("○") && !empty.contains("_"), "an empty entry shows no empty glyph: \(empty)")
  }

  @Test("a variable length shows the mask's empty glyph only while nothing is typed")
  func variableLengthEmptyGlyph() throws {
    #expect(try lastRow(.asterisk, keys: [], length: .variable(4...8)).hasPrefix("   _"))
    #expect(try lastRow(.asterisk, length: .variable(4...8)).hasPrefix("   **  "))
  }

  @Test("under tick the mask draws one glyph per key and still no empty cell")
  func tickDrawsTypedGlyphsOnly() throws {
    let row = try lastRow(.bullet, progress: .tick)
    #expect(row == "   ••     Entered")
  }

  @Test("the screen-reader and plain profiles draw no glyph of any mask")
  func wordProfilesDrawNoCells() throws {
    for mask in CellMask.allCases {
      for profile in [OutputProfile.screenReader, .plain] {
        let output = try lastRow(mask, profile: profile)
        #expect(!output.contains { "●○*_•◦".contains($0) }, "\(mask) in \(profile): \(output.debugDescription)")
      }
    }
  }
}
