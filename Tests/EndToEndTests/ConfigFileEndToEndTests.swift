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

  @Test("a bad line: demo says so once, with file, line, accepted values and the value, and works with the defaults")
  func badLineInDemo() throws {
    let session = try DemoSession(["demo"], configFile: "# mine\nreduce-motion = sometimes\n")
    try session.waitFor(#"line 2: reduce-motion must be yes or no, not "sometimes"."#)
    try session.waitFor("using the default preferences.")
    try session.waitFor("Enter Passcode, 4 digits")
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(session.text.components(separatedBy: "sometimes").count == 2, "said once")
  }

  @Test("a config file with a UTF-8 BOM and CRLF line ends is used: the screen-reader profile, status works")
  func byteOrderMarkAndCRLF() throws {
    let text = "\u{FEFF}# written on another system\r\nprofile = screen-reader\r\nsound = no\r\n"
    let session = try DemoSession(["demo"], configFile: text)
    try session.waitFor("Enter Passcode, 4 digits")
    #expect(try session.unlockAndQuit(keyByKey: true) == .exited(0))
    try Transcript.expectMatchesGolden(session.text, named: "right-code-screen-reader")

    let store = try StoreDirectory(settings: "\u{FEFF}lockout = 0,0,2,3\r\ngrace = 30\rprofile = screen-reader\r\n")
    let status = try PasscodeRun("status", store: store)
    #expect(try status.finish() == .exited(66), "not set, and no refused line (74):\n\(status.output)")
    #expect(status.output.contains("Passcode: not set"), "\(status.output)")
  }

  @Test("a bad value is shown quoted with visible escapes, by demo and by status")
  func badValueQuoted() throws {
    let session = try DemoSession(["demo"], configFile: "profile = scren-reader\u{1B}[2J\r\nsound = no\r\n")
    try session.waitFor(#"line 1: profile must be auto, visual, screen-reader or plain, not "scren-reader\u{1B}[2J"."#)
    try session.waitFor("Enter Passcode, 4 digits")
    #expect(try session.unlockAndQuit() == .exited(0))

    let store = try StoreDirectory(settings: "grace = 30\r\nlength = twelve\r\n")
    let status = try PasscodeRun("status", store: store)
    #expect(try status.finish() == .exited(74))
    #expect(
      status.output.contains(#"config, line 2: length must be a whole number from 1 to 12, not "twelve"."#),
      "\(status.output)")
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

/// The config file's rule: others may read it; a file others could change keeps its accessibility choices,
/// loses its security settings, and every prompt says so; nothing exits 74 for it.
@Suite("the config file others could change", .serialized)
struct RefusedConfigFileEndToEndTests {
  /// What every prompt says, once, when the config file was refused.
  static let notice =
    "Others could change your config file, so its lockout, length and grace are not used; passcode doctor says why"

  @Test("a 0644 config file (others may read it) is honoured: profile = screen-reader, the same bytes, no notice")
  func readableByOthersIsHonoured() throws {
    let session = try DemoSession(["demo"], configFile: "profile = screen-reader\n", configFileMode: 0o644)
    try session.waitFor("Enter Passcode, 4 digits")
    #expect(try session.unlockAndQuit(keyByKey: true) == .exited(0))
    try Transcript.expectMatchesGolden(session.text, named: "right-code-screen-reader")
  }

  @Test("a group-writable config file: the prompt says so once, in words, and profile = screen-reader is kept")
  func groupWritableIsRefusedAloud() throws {
    let session = try DemoSession(
      ["demo"], configFile: "profile = screen-reader\ngrace = 3600\n", configFileMode: 0o664)
    try session.waitFor(Self.notice)
    try session.waitFor("Enter Passcode, 4 digits")
    #expect(try session.unlockAndQuit(keyByKey: true) == .exited(0))
    #expect(session.text.components(separatedBy: Self.notice).count == 2, "said once:\n\(session.text)")
    // The screen-reader profile's transcript, with the notice on its own line before the prompt's first words.
    let lines = session.text.components(separatedBy: "\r\n")
    #expect(lines.contains { $0.hasSuffix(Self.notice) }, "\(lines)")
    #expect(lines.contains("1 of 4 digits entered") && lines.contains("Passcode accepted"), "\(lines)")
    #expect(!session.text.contains("\u{1B}[?25l"), "the visual profile hides the cursor; this one never does")
  }

  @Test("status, check and exec go on with a group-writable config file, without its grace; doctor gives the fix")
  func storeCommandsGoOn() throws {
    let store = try StoreDirectory()
    _ = try StoredPasscodeEndToEndTests.setPasscode(in: store)
    try store.write("grace = 3600\nlockout = 0,0,2,3\n", to: "config", mode: 0o664)
    let configFile = store.child("config")

    let status = try PasscodeRun("status", store: store)
    #expect(try status.finish() == .exited(0))
    #expect(status.output.contains("\(configFile) has permissions 0664, so members of its group could change it"))
    #expect(status.output.contains("Fix it with: chmod go-w \(configFile)"))
    #expect(status.output.contains("Passcode: set"))

    for _ in 0..<2 {
      // A grace of an hour from the file would let the second check through without asking.
      let check = try PasscodeRun("check", store: store)
      try check.expect(Self.notice)
      try check.enter(StoredPasscodeEndToEndTests.rightCode, after: "Enter Passcode, 6 digits")
      try check.expect("Passcode accepted")
      #expect(try check.finish() == .exited(0))
    }
    let exec = try PasscodeRun("exec", store: store, ["--", "/bin/sh", "-c", "exit 7"])
    try exec.expect(Self.notice)
    try exec.enter(StoredPasscodeEndToEndTests.rightCode, after: "Enter Passcode, 6 digits")
    #expect(try exec.finish() == .exited(7))

    let doctor = try DemoSession(["doctor", "--store", store.path])
    #expect(try doctor.finish() == .exited(0), "a refused config file stops no prompt")
    #expect(doctor.text.contains("Config file: \(configFile) has permissions 0664, so members of its group could"))
    #expect(doctor.text.contains("  Run: chmod go-w \(configFile)"))
    #expect(doctor.text.contains("Result: nothing found that stops a prompt from working."), "\(doctor.text)")
  }
}
