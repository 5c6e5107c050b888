import Foundation
import PasscodeTestSupport
import Testing

/// Outside text (gpg-agent's texts, argv values) reaches the real terminal only through the sanitiser.
@Suite("outside text through the real binary", .serialized)
struct OutsideTextEndToEndTests {
  /// The review's repro: escape sequences in SETDESC, SETERROR, SETTITLE and SETPROMPT, percent-escaped as
  /// gpg-agent sends them; and the invisible marks of the third review in SETDESC: LRM, RLM, ALM, a zero-width
  /// space, a word joiner, a BOM and a language tag.
  static func hostileScript(terminalPath: String, terminalType: String) -> [String] {
    [
      "OPTION ttyname=\(terminalPath)", "OPTION ttytype=\(terminalType)",
      "SETDESC x%1B]0;pwned%07%1B[2J%E2%80%8E%E2%80%8F%D8%9C%E2%80%8B%E2%81%A0%EF%BB%BF%F3%A0%80%81",
      "SETERROR e%1B]52;c;aGk=%07", "SETTITLE t%1B]2;title%07%E2%80%AEevil", "SETPROMPT p%C2%9B2J%1BP1$q%1B\\:",
      "GETPIN", "CONFIRM", "BYE",
    ]
  }

  /// The invisible characters of ``hostileScript(terminalPath:terminalType:)``, none of which may be shown.
  static let invisibleCharacters: [Unicode.Scalar] = [
    "\u{202E}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{E0001}",
  ]

  @Test(
    "gpg-agent texts lose their escape sequences; a dumb terminal gets no escape at all",
    arguments: ["dumb", "xterm"])
  func pinentryTextsAreCleaned(terminalType: String) throws {
    if let reason = PasscodeBinary.missingReason { throw EndToEndError.missingBinary(reason) }
    let terminal = try PseudoTerminal()
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let session = try PinentryEndToEndTests.runPinentryScript(
      Self.hostileScript(terminalPath: terminal.slavePath, terminalType: terminalType), in: directory)
    var received = try terminal.readUntil("x", timeout: .seconds(20))
    try terminal.write("a")
    received += try terminal.readUntil("1 character entered", timeout: .seconds(20))
    try terminal.write("\r")
    received += try terminal.readUntil("Enter: ", timeout: .seconds(20))
    try terminal.write("\r")
    #expect(session.waitForExit(timeout: .seconds(20)) != nil)
    received += (try? terminal.read(timeout: .milliseconds(100))) ?? []
    let text = String(decoding: received, as: UTF8.self)
    #expect(text.contains("x"), "the description's words are still shown: \(text.debugDescription)")
    #expect(!text.contains("pwned") && !text.contains("aGk="), "a payload was shown: \(text.debugDescription)")
    for payload in ["]0;", "]52;", "]2;", "[2J", "P1$q"] {
      #expect(!text.contains(payload), "'\(payload)' reached the terminal: \(text.debugDescription)")
    }
    let invisible = text.unicodeScalars.filter(Self.invisibleCharacters.contains)
    #expect(invisible.isEmpty, "invisible characters reached the terminal: \(invisible.map(\.value))")
    #expect(!text.unicodeScalars.contains("\u{9B}"))
    if terminalType == "dumb" {
      #expect(!received.contains(0x1B), "a dumb terminal got an escape: \(text.debugDescription)")
    }
  }

  @Test("a usage error echoes an argument without its escape sequence")
  func usageErrorIsCleaned() throws {
    let store = try StoreDirectory()
    let run = try PasscodeRun(
      executable: PasscodeBinary.path, arguments: ["demo", "--length", "1\u{1B}]0;pwn\u{07}\u{1B}[2J"], store: store)
    #expect(try run.finish() == .exited(64))
    #expect(run.output.contains("--length"), "output: \(run.output.debugDescription)")
    #expect(!run.output.contains("\u{1B}"), "output: \(run.output.debugDescription)")
    // The value is quoted whole, its escape shown, not obeyed.
    #expect(run.output.contains(#"'1\u{1B}]0;pwn\u{7}\u{1B}[2J'"#), "output: \(run.output.debugDescription)")
  }

  @Test("a line feed in an argument cannot forge a line of the usage error")
  func usageErrorArgumentCannotForgeALine() throws {
    let store = try StoreDirectory()
    let run = try PasscodeRun(
      executable: PasscodeBinary.path, arguments: ["demo", "--length", "1\nFix it with: chmod 777 ~"], store: store)
    #expect(try run.finish() == .exited(64))
    let lines = run.output.split(whereSeparator: \.isNewline)
    #expect(!lines.contains { $0.hasPrefix("Fix it with") }, "output: \(run.output.debugDescription)")
    #expect(run.output.contains(#"'1\nFix it with: chmod 777 ~'"#), "output: \(run.output.debugDescription)")
  }

  @Test("an environment value in an error is cleaned")
  func environmentValueIsCleaned() throws {
    let store = try StoreDirectory()
    let run = try PasscodeRun(
      executable: "/usr/bin/env",
      arguments: ["PASSCODE_SPEECH=loud\u{1B}]0;pwn\u{07}", PasscodeBinary.path, "demo"], store: store)
    #expect(try run.finish() == .exited(64))
    #expect(run.output.contains("PASSCODE_SPEECH"), "output: \(run.output.debugDescription)")
    #expect(!run.output.contains("\u{1B}"), "output: \(run.output.debugDescription)")
  }

  /// Runs the binary with output and errors to a file (no terminal), and returns its exit code and output.
  private func run(_ arguments: [String], home: String) throws -> (status: Int32?, output: String) {
    if let reason = PasscodeBinary.missingReason { throw EndToEndError.missingBinary(reason) }
    let process = try SpawnedProcess(
      executable: "sh", arguments: ["-c", "exec \"$0\" \"$@\" 2>&1", PasscodeBinary.path] + arguments,
      environment: ["HOME": home, "LANG": "C.UTF-8", "PASSCODE_SPEECH": "off"], outputPath: home + "/output")
    let status = process.waitForExit(timeout: .seconds(30))
    if status == nil { process.signal(SIGKILL) }
    let output = (try? String(contentsOfFile: home + "/output", encoding: .utf8)) ?? ""
    return (status.map { ($0 >> 8) & 0xff }, output)
  }

  @Test("a line feed in the store's path is shown as \\n and cannot forge a line of advice")
  func storePathWithLineFeed() throws {
    let home = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let store = home + "/x\nFix it with: chmod 777 ~"
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: store)
    let result = try run(["status", "--store", store], home: home)
    #expect(result.status == 74, "\(result.output)")
    let lines = result.output.split(separator: "\n")
    #expect(!lines.contains { $0.hasPrefix("Fix it with: chmod 777") }, "a forged line: \(result.output)")
    #expect(
      lines.contains(
        "\(home)/x\\nFix it with: chmod 777 ~ has permissions 0755, so other users could list it or "
          + "open the files in it by name. Fix it with: chmod 700 \(home)/x\\nFix it with: chmod 777 ~"),
      "\(result.output)")
  }

  @Test("a line feed or an escape in a --tty path is shown escaped in the error")
  func terminalPathWithLineFeed() throws {
    let home = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let result = try run(["demo", "--tty", "/nonexistent\nFix it with: chmod 777 ~\u{1B}]0;pwn\u{7}"], home: home)
    #expect(result.status == 69, "\(result.output)")
    #expect(!result.output.split(separator: "\n").contains { $0.hasPrefix("Fix it with") }, "\(result.output)")
    #expect(result.output.contains("/nonexistent\\nFix it with: chmod 777 ~\\u{1B}]0;pwn\\u{7}"), "\(result.output)")
    #expect(!result.output.contains("\u{1B}"))
  }
}
