import Foundation
import PasscodeTestSupport
import Testing

/// The terminal gpg-agent names is checked before anything is asked on it: a pseudo-terminal's master side,
/// which nobody can type on, and another user's terminal are refused at once, with the errors gpg-agent knows.
@Suite("pinentry refuses a terminal nobody can type on, or another user's", .serialized)
struct PinentryTerminalRefusalEndToEndTests {
  /// Runs `OPTION ttyname=PATH`, `GETPIN`, `CONFIRM` and `BYE`; returns the replies, with standard error.
  private func refusedSession(terminalPath: String) throws -> [String] {
    if let reason = PasscodeBinary.missingReason { throw EndToEndError.missingBinary(reason) }
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let session = try PinentryEndToEndTests.runPinentryScript(
      ["OPTION ttyname=\(terminalPath)", "OPTION ttytype=dumb", "GETPIN", "CONFIRM", "BYE"], in: directory)
    defer { session.signal(SIGKILL) }
    #expect(session.waitForExit(timeout: .seconds(20)) != nil, "the pinentry waited on \(terminalPath)")
    let replies = (try? String(contentsOfFile: directory + "/replies", encoding: .utf8)) ?? ""
    return replies.split(separator: "\n").map(String.init)
  }

  /// What gpg-agent must read: GETPIN cancelled, as without a terminal, and CONFIRM pinentry-curses' error.
  private func expectRefusal(_ replies: [String], reason: String) {
    let errors = replies.filter { $0.hasPrefix("ERR ") }
    #expect(errors.count == 2, "replies: \(replies)")
    #expect(errors.first?.hasPrefix("ERR 83886179 Operation cancelled") == true, "replies: \(replies)")
    #expect(replies.contains("S ERROR passcode.isatty 83918950 "), "replies: \(replies)")
    #expect(errors.last?.hasPrefix("ERR 83918950 ") == true, "replies: \(replies)")
    #expect(replies.contains { $0.hasPrefix("passcode pinentry: ") && $0.contains(reason) }, "replies: \(replies)")
    #expect(!replies.contains { $0.hasPrefix("D ") })
  }

  @Test(
    "OPTION ttyname of a pseudo-terminal master is refused at once instead of waiting for ever",
    arguments: ["/dev/ptmx"] + (geteuid() == 0 ? ["/dev/pts/ptmx"] : []))
  func masterIsRefused(path: String) throws {
    // /dev/pts/ptmx is mode 0000 on most systems: only root opens it, and others get EACCES anyway.
    try #require(access(path, R_OK | W_OK) == 0, "\(path) cannot be opened here")
    expectRefusal(try refusedSession(terminalPath: path), reason: "master side of a pseudo-terminal")
  }

  @Test(
    "OPTION ttyname of another user's terminal left at mode 0666 is refused; nothing is written to it",
    .enabled(if: geteuid() == 0, "only root can give a terminal to another user"))
  func otherUsersTerminalIsRefused() throws {
    let terminal = try PseudoTerminal()
    #expect(chown(terminal.slavePath, 65534, 65534) == 0)
    #expect(chmod(terminal.slavePath, 0o666) == 0)
    expectRefusal(try refusedSession(terminalPath: terminal.slavePath), reason: "belongs to another user")
    let written = (try? terminal.read(timeout: .milliseconds(100))) ?? []
    #expect(written.isEmpty, "the prompt wrote to it: \(String(decoding: written, as: UTF8.self).debugDescription)")
  }
}
