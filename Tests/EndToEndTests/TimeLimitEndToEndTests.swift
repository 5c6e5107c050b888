import Foundation
import PasscodeTestSupport
import Testing

/// Time limits a slow or interrupted user can meet (WCAG 2.2.1), through the real binary in a pseudo-terminal
/// speaking to a real private speech-dispatcher: the warning names Tab, Tab gives the time again, and "Time is
/// up" is said before the exit. The waits are for what is said and shown, never for a time.
@Suite("time limits: warned of, extended with Tab, ended saying so", .serialized)
struct TimeLimitEndToEndTests {
  @Test("--timeout: the warning names Tab and is spoken, Tab gives the time again, Time is up is said before exit 3")
  func demoTimeout() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--timeout", "10", "--speech", "on", "--screen-reader"],
      environment: ["SPEECHD_ADDRESS": daemon.address])
    try session.waitFor("Enter Passcode, 4 digits")
    let warning = "5 seconds left. Press Tab for more time."
    try session.waitFor(warning)
    _ = daemon.waitForLastRequest(text: warning, timeout: .seconds(10))
    try session.type("\t")
    try session.waitFor("More time: 10 seconds left")
    _ = daemon.waitForLastRequest(text: "More time: 10 seconds left", timeout: .seconds(10))
    try session.waitFor(warning)
    try session.waitFor("Time is up")
    #expect(try session.finish() == .exited(3))
    #expect(try session.terminalRestored())
    // The program has exited: what reaches the daemon now was sent before it did.
    let requests = daemon.waitForLastRequest(text: "Time is up", timeout: .seconds(10))
    let timed = requests.filter { $0.text.contains("left") || $0.text == "Time is up" }
    #expect(
      timed.map(\.text) == [warning, "More time: 10 seconds left", warning, "Time is up"], "requests: \(requests)")
    #expect(timed.map(\.priority) == ["IMPORTANT", "MESSAGE", "IMPORTANT", "IMPORTANT"])
    #expect(!session.text.contains("\t"), "Tab is not echoed or typed into the entry")
  }

  @Test("pinentry's SETTIMEOUT: GETPIN and CONFIRM warned of with Tab named, GETPIN extended by Tab, then Timeout")
  func pinentrySetTimeout() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let terminal = try PseudoTerminal()
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let session = try PinentryEndToEndTests.runPinentryScript(
      [
        "OPTION ttyname=\(terminal.slavePath)", "OPTION ttytype=dumb", "SETTIMEOUT 10", "SETDESC Unlock",
        "GETPIN", "CONFIRM", "BYE",
      ], in: directory, environment: ["PASSCODE_SPEECH": "on", "SPEECHD_ADDRESS": daemon.address])
    let warning = "5 seconds left. Press Tab for more time."
    _ = try terminal.readUntil(warning, timeout: .seconds(30))
    try terminal.write("\t")
    _ = try terminal.readUntil("More time: 10 seconds left", timeout: .seconds(30))
    _ = try terminal.readUntil(warning, timeout: .seconds(30))
    _ = try terminal.readUntil("Time is up", timeout: .seconds(30))
    // The confirmation's own limit, which no entry engine runs, is warned of the same way.
    _ = try terminal.readUntil(warning, timeout: .seconds(30))
    _ = try terminal.readUntil("Time is up", timeout: .seconds(30))
    #expect(session.waitForExit(timeout: .seconds(30)) != nil)
    let replies = try String(contentsOfFile: directory + "/replies", encoding: .utf8)
      .split(whereSeparator: \.isNewline)
    #expect(replies.filter { $0.hasPrefix("ERR 83886142 Timeout") }.count == 2, "replies: \(replies)")
    let texts = daemon.waitForLastRequest(text: "Time is up", timeout: .seconds(10)).map(\.text)
    #expect(texts.filter { $0 == warning }.count == 3, "spoken: \(texts)")
    #expect(texts.contains("More time: 10 seconds left"), "spoken: \(texts)")
  }
}
