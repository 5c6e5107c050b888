import Foundation
import PasscodeTestSupport
import Testing

/// `pinentry-passcode` as a complete pinentry (issue 16), behind the real gpg-agent 2.2 and driven as other
/// clients drive pinentries: the quality bar, constraints, generated passphrases, the repeat texts, the
/// wrong-passphrase loop of `gpg --sign`, and pinentry's command-line options.
@Suite("pinentry-passcode as a drop-in pinentry", .serialized)
struct PinentryDropInEndToEndTests {
  /// The environment `gpg` needs to use the harness's agent and terminal.
  static func gpgEnvironment(_ agent: GnuPGAgentHarness, _ extra: [String: String] = [:]) -> [String: String] {
    [
      "GNUPGHOME": agent.home, "GPG_TTY": agent.terminal.slavePath, "TERM": "xterm", "LC_ALL": "C",
      "DISPLAY": "", "PASSCODE_SPEECH": "off",
    ].merging(extra) { _, new in new }
  }

  /// Adds lines to the agent's configuration before its first command starts it.
  static func configure(_ agent: GnuPGAgentHarness, _ lines: String) throws {
    let path = agent.home + "/gpg-agent.conf"
    let configuration = try String(contentsOfFile: path, encoding: .utf8) + lines
    try configuration.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// Runs `gpg` with the harness's agent; its output goes to `home/gpg.out`.
  static func gpg(_ agent: GnuPGAgentHarness, _ arguments: [String], environment: [String: String] = [:]) throws
    -> SpawnedProcess
  {
    try SpawnedProcess(
      executable: "gpg", arguments: ["--batch", "--no-tty"] + arguments,
      environment: gpgEnvironment(agent, environment), outputPath: agent.home + "/gpg.out")
  }

  /// Waits for the first text, then types each step's keys and waits for its text; returns all that was shown.
  static func play(_ agent: GnuPGAgentHarness, opening: String, _ steps: [(keys: String, shows: String)]) throws
    -> String
  {
    var screen = try agent.waitForScreen(opening)
    for step in steps {
      try agent.type(step.keys)
      screen += try agent.waitForScreen(step.shows)
    }
    return screen
  }

  static func exitCode(of process: SpawnedProcess) -> Int32? {
    guard let status = process.waitForExit(timeout: .seconds(60)) else {
      process.signal(SIGKILL)
      return nil
    }
    return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
  }

  @Test("GET_PASSPHRASE --qualitybar: the agent's rating is told in words as the passphrase grows")
  func qualityBar() throws {
    let agent = try GnuPGAgentHarness()
    defer { agent.stop() }
    let connection = try agent.send("GET_PASSPHRASE --data --qualitybar --repeat=0 cq X Passphrase: New+one")
    let screen = try Self.play(
      agent, opening: "New one",
      [
        ("a", "Strength: weak"),
        ("bcdefghijkLMN12%", "Strength: strong"),
        ("\r", "Passphrase entered"),
      ])
    #expect(try agent.replies(of: connection) == ["D abcdefghijkLMN12%25", "OK"], "agent log:\n\(agent.agentLog())")
    let strengthLines = screen.components(separatedBy: "Strength: ").count - 1
    let progressLines = screen.components(separatedBy: "characters entered").count - 1
    #expect(strengthLines >= 2 && strengthLines < progressLines, "never faster than the progress: \(screen)")
    #expect(!screen.contains("abcdef") && !screen.contains("accepted"), "screen: \(screen)")
  }

  @Test("gpg --quick-gen-key: the repeat, the agent's SETREPEATERROR text, neutral words, whole-phrase keys")
  func quickGenerateKey() throws {
    let agent = try GnuPGAgentHarness()
    defer { agent.stop() }
    let gpg = try Self.gpg(agent, ["--quick-gen-key", "Test <test@example.org>", "ed25519", "sign", "never"])
    let screen = try Self.play(
      agent, opening: "protect your new key",
      [
        ("abc\r", "Enter the same passphrase again"),
        ("abd\r", "does not match - try again"),
        ("abc\r", "Enter the same passphrase again"),
        // Then the agent asks whether to keep an insecure passphrase, with its own button labels.
        ("abc\r", "Enter: Take this one anyway. Esc: Enter new passphrase."),
      ])
    try agent.type("\r")
    #expect(screen.contains("Passphrase entered"), "screen: \(screen)")
    let log = (try? String(contentsOfFile: agent.home + "/gpg.out", encoding: .utf8)) ?? ""
    #expect(Self.exitCode(of: gpg) == 0, "gpg:\n\(log)\nagent log:\n\(agent.agentLog())")
    #expect(!screen.contains("asscode"), "the caller's noun, never passcode: \(screen)")
    #expect(!screen.contains("Press Enter for"), "no label pasted into a sentence: \(screen)")
  }

  @Test("A constraints-enforcing agent: CHECKPIN refuses a short passphrase in the dialog, which stays open")
  func enforcedConstraints() throws {
    let agent = try GnuPGAgentHarness()
    defer { agent.stop() }
    try Self.configure(agent, "enforce-passphrase-constraints\nmin-passphrase-len 12\n")
    let connection = try agent.send("GET_PASSPHRASE --data --newsymkey --repeat=1 cc X Passphrase: New+passphrase")
    let screen = try Self.play(
      agent, opening: "New passphrase",
      [
        ("abc\r", "at least 12 characters long"),
        ("correct horse 9 battery\r", "Enter the same passphrase again"),
        ("correct horse 9 batterz\r", "does not match - try again"),
        ("correct horse 9 battery\r", "Enter the same passphrase again"),
      ])
    try agent.type("correct horse 9 battery\r")
    #expect(
      try agent.replies(of: connection) == ["D correct horse 9 battery", "OK"], "agent log:\n\(agent.agentLog())")
    // With PIN_REPEATED the agent trusts the pinentry's repeat and asks no second dialog of its own.
    #expect(!screen.contains("Please re-enter"), "screen: \(screen)")
    #expect(!screen.contains("battery"), "screen: \(screen)")
  }

  @Test("SETGENPIN: Ctrl-G puts the agent's generated passphrase in the entry, never on screen, unrepeated")
  func generatedPassphrase() throws {
    let agent = try GnuPGAgentHarness()
    defer { agent.stop() }
    let connection = try agent.send("GET_PASSPHRASE --data --newsymkey --repeat=1 cg X Passphrase: New+passphrase")
    let screen = try Self.play(
      agent, opening: "Ctrl-G generates a passphrase.",
      [
        ("\u{07}", "Passphrase generated"),
        ("\r", "Passphrase entered"),
      ])
    let replies = try agent.replies(of: connection)
    #expect(replies.count == 2 && replies.last == "OK", "replies: \(replies)")
    let generated = replies.first.map { String($0.dropFirst(2)) } ?? ""
    #expect(replies.first?.hasPrefix("D ") == true && generated.count >= 20, "replies: \(replies)")
    #expect(!screen.contains(generated), "the generated passphrase reached the screen")
  }

  @Test("gpg --sign: a wrong passphrase is only 'entered'; the agent's Bad Passphrase is IMPORTANT; then it signs")
  func signRetryLoop() throws {
    let speech = try PrivateSpeechDispatcher()
    defer { speech.stop() }
    let agent = try GnuPGAgentHarness(environment: ["PASSCODE_SPEECH": "on", "SPEECHD_ADDRESS": speech.address])
    defer { agent.stop() }
    let made = try Self.gpg(
      agent,
      [
        "--pinentry-mode", "loopback", "--passphrase", "right one", "--quick-gen-key", "Signer <signer@example.org>",
        "ed25519", "sign", "never",
      ])
    #expect(Self.exitCode(of: made) == 0, "agent log:\n\(agent.agentLog())")
    // A new agent forgets the passphrase the loopback generation cached.
    _ = try SpawnedProcess.run(executable: "gpgconf", arguments: ["--homedir", agent.home, "--kill", "gpg-agent"])
    try "to be signed\n".write(toFile: agent.home + "/message.txt", atomically: true, encoding: .utf8)
    let sign = try Self.gpg(
      agent, ["--yes", "--output", agent.home + "/message.sig", "--sign", agent.home + "/message.txt"],
      environment: ["PASSCODE_SPEECH": "on", "SPEECHD_ADDRESS": speech.address])
    let screen = try Self.play(
      agent, opening: "Please enter the passphrase to unlock",
      [
        ("wrong one\r", "Bad Passphrase (try 2 of 3)"),
        ("right one\r", "Passphrase entered"),
      ])
    #expect(screen.components(separatedBy: "Passphrase entered").count - 1 == 2, "screen: \(screen)")
    #expect(Self.exitCode(of: sign) == 0, "agent log:\n\(agent.agentLog())")
    #expect(FileManager.default.fileExists(atPath: agent.home + "/message.sig"))
    #expect(!screen.contains("accepted"), "a pinentry cannot know the passphrase was right: \(screen)")
    let requests = speech.waitForLastRequest(text: "Passphrase entered", timeout: .seconds(10))
    let error = requests.first { $0.text.contains("Bad Passphrase (try 2 of 3)") }
    #expect(error?.priority == "IMPORTANT", "requests: \(requests)")
    #expect(requests.filter { $0.text == "Passphrase entered" }.count == 2, "requests: \(requests)")
    #expect(!requests.contains { $0.text.contains("accepted") }, "requests: \(requests)")
    #expect(!requests.contains { $0.text.contains("wrong one") || $0.text.contains("right one") })
  }

  @Test("Driven like other clients: pinentry's options on argv, unknown ones noted once, commands pipelined")
  func otherClient() throws {
    let terminal = try PseudoTerminal()
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Every command at once, before any OK: a pinentry reads them in order from its input.
    let script =
      [
        "OPTION lc-messages=de_DE.UTF-8", "SETDESC Unlock the vault", "SETPROMPT Master password:",
        "SETKEYINFO n/ABCDEF",
        "GETPIN", "GETINFO flavor", "MESSAGE", "BYE",
      ].joined(separator: "\n") + "\n"
    try script.write(toFile: directory + "/script", atomically: true, encoding: .utf8)
    let arguments = [
      "--timeout", "0", "--ttyname", terminal.slavePath, "-N", "xterm", "--lc-ctype", "C.UTF-8", "-M", "C",
      "--display", ":0", "--no-global-grab", "--debug", "--parent-wid", "0", "--colors", "default",
      "--ttyalert", "none", "--grab", "--no-grab", "--window-role=password", "--unknown-with-value", "42",
    ]
    let session = try SpawnedProcess(
      executable: "sh",
      arguments: ["-c", "exec \"$0\" \"$@\" < \"$SCRIPT\"", try PasscodeBinary.makePinentryLink(in: directory)]
        + arguments,
      environment: ["PASSCODE_SPEECH": "off", "SCRIPT": directory + "/script"], outputPath: directory + "/replies")
    var screen = String(decoding: try terminal.readUntil("Unlock the vault", timeout: .seconds(20)), as: UTF8.self)
    try terminal.write("s3cret one\r")
    // lc-messages names German, which ships: the build tree's catalogue (no PASSCODE_LOCALEDIR) applies.
    screen += String(decoding: try terminal.readUntil("Passphrase eingegeben", timeout: .seconds(20)), as: UTF8.self)
    // MESSAGE's key line, "Enter: OK." while it is still English, "Eingabetaste: OK." once translated.
    screen += String(decoding: try terminal.readUntil(": OK.", timeout: .seconds(20)), as: UTF8.self)
    try terminal.write("\r")
    #expect(session.waitForExit(timeout: .seconds(20)) != nil)
    let lines = try String(contentsOfFile: directory + "/replies", encoding: .utf8).split(whereSeparator: \.isNewline)
    #expect(
      lines.filter { !$0.hasPrefix("passcode pinentry:") } == [
        "OK Pleased to meet you", "OK", "OK", "OK", "OK", "D s3cret one", "OK", "D passcode", "OK", "OK",
        "OK closing connection",
      ])
    #expect(
      lines.filter { $0.hasPrefix("passcode pinentry:") } == [
        "passcode pinentry: ignoring unknown options: --grab --no-grab --window-role --unknown-with-value"
      ])
    #expect(!screen.contains("s3cret"))
  }
}
