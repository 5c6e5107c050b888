import PasscodeTestSupport
import Testing

/// Where a slice of a boot's console transcript may start: never inside an escape sequence a read cut.
@Suite("The VM lab's console transcript")
struct GuestBootTranscriptTests {
  @Test(
    "a transcript ending inside an escape sequence is counted up to the sequence's start; an ended one counts whole",
    arguments: [
      ("2 characters entered\u{1B}[0", 20), ("text\u{1B}", 4), ("text\u{1B}[", 4), ("a\u{1B}[1;3", 1),
      ("colour\u{1B}[0m", 10), ("saved\u{1B}7", 7), ("plain", 5), ("", 0),
    ])
  func sliceStartsOutsideSequences(text: String, expected: Int) {
    let bytes = Array(text.utf8)
    let length = GuestBoot.lengthWithoutUnfinishedSequence(bytes)
    #expect(length == expected)
    // What comes after, the sequence's rest and more, is plain text once the slice is made from there.
    let rest = Array((text.hasSuffix("\u{1B}[0") ? "m\r\nChecking" : "").utf8)
    #expect(!GuestBoot.plain(Array((bytes + rest).dropFirst(length))).hasPrefix("m"))
  }
}
