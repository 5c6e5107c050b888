import Foundation
import PasscodeTestSupport
import Testing

/// `passcode demo --allowed` with a set of the person's own, through the real binary in a pseudo-terminal: a
/// refused key names the set, on screen and in speech, and never the key.
@Suite("--allowed with a set of one's own, through the real binary", .serialized)
struct CustomAllowedSetEndToEndTests {
  private static let hexadecimal = "Only digits and the capital letters A to F"

  @Test("--allowed 0-9A-F: a small letter and a capital beyond F are refused with the set's words, shown and spoken")
  func hexadecimalSet() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--allowed", "0-9A-F", "--screen-reader", "--speech", "on"],
      environment: ["SPEECHD_ADDRESS": daemon.address])
    try session.waitFor("Enter Passcode, 4 characters")
    try session.type("j")
    try session.waitFor(Self.hexadecimal)
    #expect(daemon.waitForLastRequest(text: Self.hexadecimal).last?.text == Self.hexadecimal)
    try session.type("W")
    try session.waitFor(Self.hexadecimal)
    try session.type("\u{15}")
    try session.waitFor("Cleared")
    try session.type("B")
    try session.waitFor("1 of 4 characters entered")
    try session.type("\u{15}")
    try session.waitFor("Cleared")
    #expect(try session.unlockAndQuit() == .exited(0))
    let refusals = daemon.protocolRequests().filter { $0.text == Self.hexadecimal }
    #expect(refusals.count == 2, "\(daemon.protocolRequests())")
    #expect(refusals.allSatisfy { $0.priority == "TEXT" })
    // Nothing shown or spoken names the refused keys, which no other words of this run hold either.
    for request in daemon.protocolRequests() {
      #expect(!request.text.contains("j") && !request.text.contains("W"), "spoken: \(request.text)")
    }
    #expect(!session.text.contains("j") && !session.text.contains("W"), "shown: \(session.text.debugDescription)")
  }

  @Test("a set with symbols is told by its size, in the person's language")
  func irregularSetInSpanish() throws {
    let environment = try CompiledMessageCatalogues.environment(language: "es")
    let session = try DemoSession(["demo", "--allowed", "0-9+*#", "--screen-reader"], environment: environment)
    try session.waitFor("4 caracteres")
    try session.type("x")
    try session.waitFor("Solo los 13 caracteres con los que se configuró esta solicitud")
    try session.type("\u{1b}")
    _ = try session.finish()
  }

  @Test("--allowed takes no set the demo's code cannot be typed in, and set takes only the named sets")
  func unusableSets() throws {
    let demo = try DemoSession(["demo", "--allowed", "A-F"])
    try demo.waitFor("The demo's code is made of the digits 2, 5, 8 and 0")
    #expect(try demo.finish() == .exited(64))
    let set = try DemoSession(["set", "--allowed", "0-9A-F"])
    try set.waitFor("A stored passcode is digits or alphanumeric")
    #expect(try set.finish() == .exited(64))
  }
}
