import PasscodeEngine
import PasscodeTestSupport
import Testing

/// No entry is submitted from which a key was dropped: a refused key is told at once, and Enter, or a fixed-length
/// entry filling up, then says so again instead of submitting, until the entry is emptied.
@Suite("Refused keys hold the entry back")
struct RefusedKeyTimelineTests {
  static let notSubmitted = "Not submitted: a key was not taken. Press Ctrl-U to clear, then type it again"

  @Test("a letter in a fixed-length digit code is told, and the filled code is not submitted until cleared")
  func fixedLengthWaitsAfterRefusedKey() throws {
    var timeline = EngineTimeline(try EntryConfiguration(length: .fixed(4)), verifier: EngineTimeline.accepting("2580"))
    timeline.run("2 5 a 8 0")
    #expect(timeline.spoken.contains("Digits only"))
    #expect(timeline.spoken.suffix(2) == ["4 of 4 digits entered", Self.notSubmitted])
    #expect(timeline.verifications == 0, "2580 was typed as 25a80: it is not what was typed")
    timeline.run("⏎")
    #expect(timeline.spoken.last == Self.notSubmitted)
    timeline.run("9")
    #expect(timeline.spoken.last == "Full, key not taken")
    timeline.run("⌧")
    #expect(timeline.spoken.last == "Cleared, 0 of 4 digits entered")
    timeline.run("2 5 8 0")
    #expect(timeline.verifications == 1)
    #expect(timeline.outcome == .accepted)
  }

  @Test("in a variable-length entry, Enter after a refused key is told again and submits nothing")
  func enterAfterRefusedKey() throws {
    let configuration = try EntryConfiguration(length: .variable(1...64), allowed: .printable)
    var timeline = EngineTimeline(configuration, verifier: EngineTimeline.accepting("abc123"))
    timeline.run("a b c ↑ 1 2 3 ⏎")
    #expect(timeline.spoken.contains("Not allowed"))
    #expect(timeline.spoken.last == Self.notSubmitted)
    #expect(timeline.verifications == 0)
    #expect(timeline.outcome == nil)
  }

  @Test("deleting back to an empty entry starts clean, and a refusal on an empty entry is cleared by Backspace")
  func emptyingTheEntryForgetsTheRefusal() throws {
    var timeline = EngineTimeline(try EntryConfiguration(length: .fixed(4)), verifier: EngineTimeline.accepting("2580"))
    timeline.run("1 x ⌫")
    #expect(timeline.spoken.last == "Deleted, 0 of 4 digits entered")
    timeline.run("2 5 8 0")
    #expect(timeline.outcome == .accepted)

    var fromEmpty = EngineTimeline(
      try EntryConfiguration(length: .fixed(4)), verifier: EngineTimeline.accepting("2580"))
    fromEmpty.run("x 2 5 8 0")
    #expect(fromEmpty.verifications == 0, "the x was typed too, before the digits")
    fromEmpty.run("⌧ ⌧")
    fromEmpty.run("x ⌫")
    #expect(fromEmpty.spoken.last == "Cleared, 0 of 4 digits entered")
    fromEmpty.run("2 5 8 0")
    #expect(fromEmpty.outcome == .accepted)
  }

  @Test("a key with no room left is told as Full and holds the entry back")
  func keyBeyondTheLongestEntry() throws {
    let configuration = try EntryConfiguration(length: .variable(1...3), allowed: .printable)
    var timeline = EngineTimeline(configuration, verifier: EngineTimeline.accepting("abc"))
    timeline.run("a b c d")
    #expect(timeline.spoken.last == "Full, key not taken")
    timeline.run("⏎")
    #expect(timeline.spoken.last == Self.notSubmitted)
    #expect(timeline.verifications == 0, "abcd was typed: abc is not what was typed")
  }

  @Test("a paste that ignored characters holds the entry back; a paste's final line break is not one of them")
  func pasteThatDroppedCharacters() throws {
    var timeline = EngineTimeline(try EntryConfiguration(length: .fixed(4)), verifier: EngineTimeline.accepting("2580"))
    timeline.run("paste(25x80)")
    #expect(timeline.spoken.suffix(2) == ["Pasted, 4 of 4 digits entered, 1 ignored", Self.notSubmitted])
    #expect(timeline.verifications == 0)

    var lineBreak = EngineTimeline(
      try EntryConfiguration(length: .fixed(4)), verifier: EngineTimeline.accepting("2580"))
    lineBreak.step("paste(2580\n)")
    #expect(lineBreak.spoken.contains("Pasted, 4 of 4 digits entered"))
    #expect(lineBreak.outcome == .accepted)
  }

  @Test("without counts, the refusal is told in the same words, which carry no count")
  func countlessProgress() throws {
    var configuration = try EntryConfiguration(length: .variable(1...64), allowed: .printable)
    configuration.progress = .tick
    var timeline = EngineTimeline(configuration, verifier: EngineTimeline.accepting("ab"))
    timeline.run("a ↑ b ⏎")
    #expect(timeline.spoken.last == Self.notSubmitted)
    #expect(timeline.verifications == 0)
  }
}
