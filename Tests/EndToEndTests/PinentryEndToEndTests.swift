import Foundation
import PasscodeTestSupport
import Testing

/// `pinentry-passcode` behind a real gpg-agent: the agent runs it on a pseudo-terminal the test types on.
@Suite("pinentry-passcode behind a real gpg-agent", .serialized)
struct PinentryEndToEndTests {
  @Test("GET_PASSPHRASE returns the typed passphrase, percent-escaped, in a D line")
  func returnsTypedPassphrase() throws {
    let agent = try GnuPGAgentHarness()
    defer { agent.stop() }
    let connection = try agent.send("GET_PASSPHRASE --data --repeat=0 cache1 X Passphrase: Unlock+the+key")
    try agent.waitForScreen("Passphrase")
    try agent.type("open sesame%1\r")
    let replies = try agent.replies(of: connection)
    #expect(replies == ["D open sesame%251", "OK"], "agent log:\n\(agent.agentLog())")
  }

  @Test("Esc cancels: the agent answers Operation cancelled")
  func escapeCancels() throws {
    let agent = try GnuPGAgentHarness()
    defer { agent.stop() }
    let connection = try agent.send("GET_PASSPHRASE --data --repeat=0 cache2 X Passphrase: Unlock+the+key")
    try agent.waitForScreen("Passphrase")
    try agent.type("abc")
    try agent.waitForScreen("3 characters entered")
    try agent.type("\u{1B}")
    let replies = try agent.replies(of: connection)
    #expect(replies.count == 1)
    #expect(replies.first?.hasPrefix("ERR ") == true)
    #expect(replies.first?.contains("Operation cancelled") == true, "replies: \(replies)")
  }

  @Test("--repeat=1: gpg-agent asks again; a mismatch starts over with its error, then a match is returned")
  func agentRepeatMismatchThenMatch() throws {
    let agent = try GnuPGAgentHarness()
    defer { agent.stop() }
    let connection = try agent.send("GET_PASSPHRASE --data --repeat=1 cache3 X Passphrase: New+passphrase")
    try agent.waitForScreen("New passphrase")
    try agent.type("first one\r")
    try agent.waitForScreen("Please re-enter this passphrase")
    try agent.type("first two\r")
    // gpg-agent 2.2 compares the two itself and asks again with SETERROR.
    try agent.waitForScreen("does not match - try again")
    try agent.type("second\r")
    try agent.waitForScreen("Please re-enter this passphrase")
    try agent.type("second\r")
    let replies = try agent.replies(of: connection)
    #expect(replies == ["D second", "OK"], "agent log:\n\(agent.agentLog())")
  }

  @Test("SETREPEAT: the prompter asks twice, starts again on a mismatch and sends PIN_REPEATED on a match")
  func setRepeatMismatchThenMatch() throws {
    let terminal = try PseudoTerminal()
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let session = try Self.runPinentryScript(
      [
        "OPTION ttyname=\(terminal.slavePath)", "OPTION ttytype=xterm", "SETDESC Choose a new passphrase",
        "SETPROMPT Passphrase:", "SETREPEAT Repeat:", "SETREPEATERROR does not match", "GETPIN", "BYE",
      ], in: directory)
    func waitFor(_ text: String) throws {
      do {
        _ = try terminal.readUntil(text, timeout: .seconds(20))
      } catch {
        let replies = (try? String(contentsOfFile: directory + "/replies", encoding: .utf8)) ?? ""
        Issue.record("waiting for '\(text)' on \(terminal.slavePath): \(error); pinentry wrote: \(replies)")
        throw error
      }
    }
    try waitFor("Choose a new passphrase")
    try waitFor("Passphrase")
    try terminal.write("one\r")
    try waitFor("Enter the same passphrase again")
    try terminal.write("two\r")
    try waitFor("does not match")
    try terminal.write("three\r")
    try waitFor("Enter the same passphrase again")
    try terminal.write("three\r")
    #expect(session.waitForExit(timeout: .seconds(20)) != nil)
    let replies = try String(contentsOfFile: directory + "/replies", encoding: .utf8)
    #expect(
      replies.split(whereSeparator: \.isNewline) == [
        "OK Pleased to meet you", "OK", "OK", "OK", "OK", "OK", "OK", "S PIN_REPEATED", "D three", "OK",
        "OK closing connection",
      ])
  }

  @Test("SETTIMEOUT ends an unanswered GETPIN and an unanswered CONFIRM with pinentry's Timeout error")
  func timeouts() throws {
    let terminal = try PseudoTerminal()
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let session = try Self.runPinentryScript(
      [
        "OPTION ttyname=\(terminal.slavePath)", "OPTION ttytype=dumb", "SETTIMEOUT 1", "SETDESC Unlock",
        "GETPIN", "CONFIRM", "BYE",
      ], in: directory)
    _ = try terminal.readUntil("Time is up", timeout: .seconds(10))
    _ = try terminal.readUntil("Time is up", timeout: .seconds(10))
    #expect(session.waitForExit(timeout: .seconds(10)) != nil)
    let replies = try String(contentsOfFile: directory + "/replies", encoding: .utf8)
      .split(whereSeparator: \.isNewline)
    #expect(replies.filter { $0.hasPrefix("ERR 83886142 Timeout") }.count == 2, "replies: \(replies)")
    #expect(replies.last == "OK closing connection")
  }

  @Test("GET_CONFIRMATION: the description and keys are shown; Enter confirms, Esc cancels")
  func confirmation() throws {
    let agent = try GnuPGAgentHarness()
    defer { agent.stop() }
    let confirmed = try agent.send("GET_CONFIRMATION Allow+the+ssh+key")
    try agent.waitForScreen("Allow the ssh key")
    try agent.waitForScreen("Enter: OK. Esc: Cancel.")
    try agent.type("\r")
    #expect(try agent.replies(of: confirmed) == ["OK"])
    let cancelled = try agent.send("GET_CONFIRMATION Allow+it+again")
    try agent.waitForScreen("Enter: OK. Esc: Cancel.")
    try agent.type("\u{1B}")
    let replies = try agent.replies(of: cancelled)
    #expect(replies.count == 1 && replies.first?.hasPrefix("ERR ") == true, "replies: \(replies)")
  }

  @Test("Speech: the description is spoken once and no character of the passphrase is")
  func speaksDescriptionNeverPassphrase() throws {
    let speech = try PrivateSpeechDispatcher()
    defer { speech.stop() }
    let agent = try GnuPGAgentHarness(environment: ["PASSCODE_SPEECH": "on", "SPEECHD_ADDRESS": speech.address])
    defer { agent.stop() }
    let connection = try agent.send("GET_PASSPHRASE --data --repeat=0 cache4 X Passphrase: Unlock+the+signing+key")
    try agent.waitForScreen("Passphrase")
    // A listener hears the prompt and the description, as one utterance, before typing.
    _ = speech.waitForRequests(count: 1, timeout: .seconds(10))
    let passphrase = "QJ#Z%W"
    try agent.type(passphrase + "\r")
    let replies = try agent.replies(of: connection)
    #expect(replies == ["D QJ#Z%25W", "OK"])
    let requests = speech.waitForLastRequest(text: "Passphrase entered")
    let texts = requests.map(\.text)
    #expect(texts.filter { $0.contains("Unlock the signing key") }.count == 1, "requests: \(requests)")
    #expect(
      requests.first.map { $0.text.hasSuffix(". Unlock the signing key") && $0.priority == "MESSAGE" } == true,
      "the prompt, then the description, in the first request: \(requests)")
    #expect(texts.contains("6 characters entered"))
    let spoken = speech.waitForSpoken(count: 2) + texts
    for character in passphrase {
      #expect(!spoken.contains { $0.contains(character) }, "'\(character)' reached speech: \(spoken)")
    }
  }

  /// Runs `pinentry-passcode` with an Assuan script on standard input, as gpg-agent would drive it, with
  /// its replies going to `directory/replies`.
  static func runPinentryScript(
    _ lines: [String], in directory: String, environment: [String: String] = [:]
  ) throws -> SpawnedProcess {
    let script = lines.joined(separator: "\n") + "\n"
    try script.write(toFile: directory + "/script", atomically: true, encoding: .utf8)
    return try SpawnedProcess(
      executable: "sh",
      arguments: [
        "-c", "exec \"$0\" < \"$1\"", PasscodeBinary.makePinentryLink(in: directory), directory + "/script",
      ],
      environment: ["PASSCODE_SPEECH": "off"].merging(environment) { _, new in new },
      outputPath: directory + "/replies")
  }
}
