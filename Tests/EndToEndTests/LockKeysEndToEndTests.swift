import Foundation
import PasscodeTestSupport
import Testing

/// The lock keys through the real binary: the Num Lock hint in a pseudo-terminal, nothing of Caps Lock
/// where its state cannot be read, and Caps Lock read for real on a spare kernel console.
@Suite("The lock keys through the real binary", .serialized)
struct LockKeysEndToEndTests {
  private static let numLockOff = "Num Lock is off: the keypad sends arrows"

  @Test("a keypad arrow on a digit prompt says Num Lock is off, spoken once; the next is a key not allowed")
  func numLockHint() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(["demo", "--speech", "on"], environment: ["SPEECHD_ADDRESS": daemon.address])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("\u{1b}[D")
    try session.waitFor(Self.numLockOff)
    #expect(daemon.waitForLastRequest(text: Self.numLockOff).last?.text == Self.numLockOff)
    try session.type("\u{1b}OH")
    try session.waitFor("Digits only")
    // Keypad keys that sent no digit were refused: the entry is cleared before the code is typed.
    try session.type("\u{15}")
    try session.waitFor("Cleared")
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(daemon.protocolRequests().filter { $0.text == Self.numLockOff }.count == 1)
  }

  @Test("in a pseudo-terminal Caps Lock cannot be read, and an alphanumeric prompt says nothing of it")
  func nothingOffAConsole() throws {
    let session = try DemoSession(["demo", "--allowed", "alphanumeric"])
    try session.waitFor("Enter Passcode")
    try session.type("A")
    try session.waitFor("entered")
    try session.type("\u{1b}")
    _ = try session.finish()
    #expect(!session.text.contains("Caps Lock"))
  }

  @Test(
    "on a virtual console an alphanumeric prompt says Caps Lock is on at the start, and its change with a key",
    .enabled(if: VirtualConsole.unavailableReason == nil, "needs root and a spare kernel console"))
  func capsLockOnAConsole() throws {
    let console = try VirtualConsole()
    let before = console.capsLock ?? false
    defer { try? console.setLockKeys(capsLock: before) }
    try console.setLockKeys(capsLock: true)
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--allowed", "alphanumeric", "--speech", "on", "--tty", console.path],
      environment: ["SPEECHD_ADDRESS": daemon.address, "TERM": "linux"])
    // The opening's words are said together, the Caps Lock warning last among them.
    let opening = try #require(daemon.waitForRequests(count: 1).first)
    #expect(opening.text.hasPrefix("Enter Passcode, 4 characters") && opening.text.hasSuffix(". Caps Lock is on"))
    try console.setLockKeys(capsLock: false)
    try console.type("a")
    let requests = daemon.waitForLastRequest(text: "1 of 4 characters entered")
    try console.type("\u{1b}")
    _ = try session.finish()
    let texts = requests.map(\.text)
    let off = try #require(texts.firstIndex(of: "Caps Lock is off"), "\(texts)")
    #expect(texts.last == "1 of 4 characters entered" && off == texts.count - 2, "\(texts)")
    #expect(texts.filter { $0.contains("Caps Lock is on") }.count == 1, "said once: \(texts)")
  }
}
