import Foundation
import PasscodeTestSupport
import Testing

/// A pinentry never refuses a character gpg-agent or scdaemon could take, and never hands over an entry from
/// which a typed key was dropped: behind a real gpg-agent, on a pseudo-terminal the test types on.
@Suite("pinentry-passcode sends every key typed, behind a real gpg-agent", .serialized)
struct PinentryRefusedKeyEndToEndTests {
  @Test("a card PIN with letters reaches gpg-agent whole, as an OpenPGP card or a YubiKey may need")
  func cardPinKeepsItsLetters() throws {
    let agent = try GnuPGAgentHarness()
    defer { agent.stop() }
    let connection = try agent.send("GET_PASSPHRASE --data --repeat=0 cardpin X PIN Please+unlock+the+card")
    try agent.waitForScreen("PIN")
    try agent.type("abc123\r")
    let replies = try agent.replies(of: connection)
    #expect(replies == ["D abc123", "OK"], "agent log:\n\(agent.agentLog())")
  }

  @Test("a key's passphrase whose user ID holds the word PIN takes letters too")
  func userIDNamingPinIsStillAPassphrase() throws {
    let agent = try GnuPGAgentHarness()
    defer { agent.stop() }
    let connection = try agent.send(
      "GET_PASSPHRASE --data --repeat=0 acme X Passphrase: Unlock+the+key+of+ACME+PIN+Team")
    try agent.waitForScreen("ACME PIN Team")
    try agent.type("hunter2x\r")
    let replies = try agent.replies(of: connection)
    #expect(replies == ["D hunter2x", "OK"], "agent log:\n\(agent.agentLog())")
  }

  @Test("a refused key holds the entry back: Enter says so and sends nothing until it is cleared and typed again")
  func refusedKeyIsNeverSentAsPartOfTheEntry() throws {
    let agent = try GnuPGAgentHarness()
    defer { agent.stop() }
    let connection = try agent.send("GET_PASSPHRASE --data --repeat=0 refused X Passphrase: Unlock+the+key")
    try agent.waitForScreen("Passphrase")
    // Ctrl-B is no character of a passphrase: it is refused, and "opensesame" is not what was typed.
    try agent.type("open\u{02}")
    try agent.waitForScreen("Not allowed")
    try agent.type("sesame\r")
    try agent.waitForScreen("Not submitted")
    try agent.type("\u{15}")
    try agent.waitForScreen("Cleared")
    try agent.type("open sesame\r")
    let replies = try agent.replies(of: connection)
    #expect(replies == ["D open sesame", "OK"], "agent log:\n\(agent.agentLog())")
  }
}
