import Foundation
import PasscodeTestSupport
import Testing

/// Outside text that libspeechd would put on an SSIP line (`USER` in `SET SELF CLIENT_NAME`, a voice name in
/// `SET SELF SYNTHESIS_VOICE`, `LANGUAGE`), given to the real binary against a real private speech-dispatcher,
/// whose protocol log shows every line it received.
@Suite("Outside text cannot add SSIP commands", .serialized)
struct SSIPInjectionEndToEndTests {
  private static let opening = "Enter Passcode, 4 digits. The passcode is two five eight zero"
  /// A `USER` that ends the CLIENT_NAME line, says a text of its own and turns the voice down.
  private static let hostileUser = "u\"\r\nSPEAK\r\nINJECTED\r\n.\r\nSET SELF VOLUME -100\r\n"

  @Test("a USER holding SSIP lines adds none: one CLIENT_NAME line, no INJECTED, no volume, the opening said")
  func hostileUserName() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--speech", "on"],
      environment: [
        "SPEECHD_ADDRESS": daemon.address, "USER": Self.hostileUser,
        "LANGUAGE": "es\r\nSET SELF VOLUME -100\r\n",
      ])
    try session.waitFor("Enter Passcode, 4 digits")
    let requests = daemon.waitForLastRequest(text: Self.opening)
    #expect(try session.unlockAndQuit() == .exited(0))

    let commands = daemon.protocolCommands()
    #expect(!commands.contains { $0.contains("INJECTED") }, "\(commands)")
    #expect(!commands.contains { $0.uppercased().contains("VOLUME") }, "\(commands)")
    let clientNames = commands.filter { $0.uppercased().hasPrefix("SET SELF CLIENT_NAME") }
    #expect(clientNames.count == 1, "\(commands)")
    for line in clientNames {
      // The user part is one name: no quote, backslash, colon, white space or control of its own.
      let pattern = #"^SET SELF CLIENT_NAME "[^"\\:\s\p{Cc}]+:passcode:main"$"#
      #expect(line.range(of: pattern, options: .regularExpression) != nil, "\(line.debugDescription)")
    }
    #expect(requests.first?.text == Self.opening, "the prompt's own first words are said: \(requests)")
    #expect(!daemon.protocolRequests().contains { $0.text.contains("INJECTED") })
  }

  @Test("a voice name with a quote is not sent; the words are still said")
  func quotedVoiceName() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--speech", "on", "--speech-voice", "Annie\" x"], environment: ["SPEECHD_ADDRESS": daemon.address])
    try session.waitFor("Enter Passcode, 4 digits")
    let requests = daemon.waitForLastRequest(text: Self.opening)
    #expect(try session.unlockAndQuit() == .exited(0))
    let commands = daemon.protocolCommands()
    #expect(!commands.contains { $0.uppercased().hasPrefix("SET SELF SYNTHESIS_VOICE") }, "\(commands)")
    #expect(requests.first?.text == Self.opening)
  }
}
