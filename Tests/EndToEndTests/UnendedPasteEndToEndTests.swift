import PasscodeTestSupport
import Testing

/// A bracketed paste whose end never comes (a truncated paste, a stray `ESC [ 200 ~`) ends after a second of
/// silence as one paste that entered nothing, and the keys that cancel work again.
@Suite("a paste that never ends")
struct UnendedPasteEndToEndTests {
  /// A key that cancels: Esc, Ctrl-C, Ctrl-D.
  enum CancelKey: String, CaseIterable, CustomTestStringConvertible {
    case escape = "\u{1b}"
    case interrupt = "\u{3}"
    case endOfFile = "\u{4}"

    var testDescription: String { "\(self)" }
  }

  @Test(
    "the cancel key pressed inside the open paste is part of it; once the paste ends, the key cancels",
    arguments: CancelKey.allCases)
  func cancelAfterUnendedPaste(key: CancelKey) throws {
    let session = try DemoSession(["demo", "--screen-reader"])
    try session.waitFor("Enter Passcode, 4 digits")
    // One write, so the key is inside the paste however slowly the program reads.
    try session.type("\u{1b}[200~12" + key.rawValue)
    try session.waitFor("Pasted, 0 of 4 digits entered, 3 ignored")
    try session.type(key.rawValue)
    try session.waitFor("Cancelled")
    #expect(try session.finish() == .exited(2))
    #expect(try session.terminalRestored())
    Transcript.expectNoTypedDigits(session.text)
  }

  @Test("after an unended paste, typing and a complete paste work as usual")
  func entryGoesOn() throws {
    let session = try DemoSession(["demo", "--screen-reader"])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("2\u{1b}[200~5")
    try session.waitFor("Pasted, 1 of 4 digits entered, 1 ignored")
    try session.type("\u{1b}[200~58\u{1b}[201~")
    try session.waitFor("Pasted, 3 of 4 digits entered")
    // The unended paste's 5 was lost: "2580" is not what was typed, so it waits to be cleared and typed again.
    try session.type("0")
    try session.waitFor(Transcript.notSubmitted)
    try session.type("\u{15}")
    try session.waitFor("Cleared")
    try session.type("2580")
    try session.waitFor("Unlocked")
    try session.type("q")
    #expect(try session.finish() == .exited(0))
    #expect(try session.terminalRestored())
  }
}
