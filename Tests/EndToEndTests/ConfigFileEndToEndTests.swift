import Foundation
import PasscodeTestSupport
import Testing

/// The config file's preferences reach every subcommand, pinentry included, under options and environment.
@Suite("the config file's preferences", .serialized)
struct ConfigFileEndToEndTests {
  @Test("profile = screen-reader gives the same bytes as --screen-reader; --screen-reader is not needed")
  func profileFromConfig() throws {
    let session = try DemoSession(["demo"], configFile: "profile = screen-reader\n")
    try session.waitFor("Enter Passcode, 4 digits")
    #expect(try session.unlockAndQuit(keyByKey: true) == .exited(0))
    try Transcript.expectMatchesGolden(session.text, named: "right-code-screen-reader")
  }

  @Test("a bad line: demo says so once, with file, line and accepted values, and works with the defaults")
  func badLineInDemo() throws {
    let session = try DemoSession(["demo"], configFile: "# mine\nreduce-motion = sometimes\n")
    try session.waitFor("line 2: reduce-motion must be yes or no.")
    try session.waitFor("using the default preferences.")
    try session.waitFor("Enter Passcode, 4 digits")
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(!session.text.contains("sometimes"))
  }

  @Test("speech = on in the config file reaches the pinentry, which gpg-agent starts with no options")
  func pinentryTakesConfig() throws {
    let speech = try PrivateSpeechDispatcher()
    defer { speech.stop() }
    let store = try StoreDirectory(settings: "speech = on\n")
    let agent = try GnuPGAgentHarness(environment: [
      "PASSCODE_SPEECH": "", "PASSCODE_HOME": store.path, "SPEECHD_ADDRESS": speech.address,
    ])
    defer { agent.stop() }
    let connection = try agent.send("GET_PASSPHRASE --data --repeat=0 cache9 X Passphrase: Unlock+the+config+key")
    try agent.waitForScreen("Passphrase")
    // The dialog's opening (gpg's prompt and description) is one utterance.
    let requests = speech.waitForLastRequest(text: "Passphrase. Unlock the config key", timeout: .seconds(10))
    #expect(requests.last?.text == "Passphrase. Unlock the config key", "agent log:\n\(agent.agentLog())")
    try agent.type("x\r")
    #expect(try agent.replies(of: connection) == ["D x", "OK"])
  }
}
