import Foundation
import PasscodeTestSupport
import Testing

/// `--mask`, `PASSCODE_MASK` and `mask =` through the real binary in a pseudo-terminal, as a person sets them.
@Suite("--mask through the real binary")
struct MaskEndToEndTests {
  /// Types two digits of the demo's code, waits for the count, then finishes the code and quits.
  private func twoDigitsThenUnlock(_ session: DemoSession) throws -> String {
    try session.waitFor("Enter Passcode")
    try session.type("2")
    try session.waitFor("1 of 4 digits entered")
    try session.type("5")
    let shown = try session.waitFor("2 of 4 digits entered")
    #expect(try session.unlockAndQuit(typing: "80") == .exited(0))
    Transcript.expectNoTypedDigits(session.text)
    return shown
  }

  @Test("--mask asterisk draws * for each digit typed and _ for each to come, and no circle")
  func asteriskOption() throws {
    let session = try DemoSession(["demo", "--mask", "asterisk"])
    let shown = try twoDigitsThenUnlock(session)
    #expect(
      Transcript.words(of: Transcript.rows(shown)).contains("**__ 2 of 4 digits entered"), "\(shown.debugDescription)")
    #expect(!session.text.contains("●") && !session.text.contains("○"))
  }

  @Test("PASSCODE_MASK goes over the config file's mask, and the config file's none draws no cell at all")
  func environmentOverConfigFile() throws {
    let bullets = try DemoSession(["demo"], environment: ["PASSCODE_MASK": "bullet"], configFile: "mask = none\n")
    let shown = try twoDigitsThenUnlock(bullets)
    #expect(
      Transcript.words(of: Transcript.rows(shown)).contains("••◦◦ 2 of 4 digits entered"), "\(shown.debugDescription)")

    let none = try DemoSession(["demo"], configFile: "mask = none\n")
    _ = try twoDigitsThenUnlock(none)
    #expect(!none.text.contains { "●○*_•◦".contains($0) }, "\(none.text.debugDescription)")
  }

  @Test("a style --mask does not take is a usage error that names the four")
  func unknownStyle() throws {
    let session = try DemoSession(["demo", "--mask", "stars"])
    try session.waitFor("Please provide one of 'circle', 'asterisk', 'bullet' or 'none'.")
    #expect(try session.finish() == .exited(64))
  }
}
