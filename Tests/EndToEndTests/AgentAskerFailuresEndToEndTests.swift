import Foundation
import PasscodeTestSupport
import Testing

/// `passcode agent` in a pseudo-terminal against hand-made questions on real datagram sockets: an asker
/// that stops reading, one whose socket vanishes, and questions that root did not ask.
@Suite(
  "passcode agent against askers that misbehave or are not root's", .serialized,
  .enabled(if: geteuid() == 0, "needs root: the agent answers only as root, and trusts only root's questions"))
struct AgentAskerFailuresEndToEndTests {
  /// An `Id=` prefix that only this test's questions have.
  private let prefix = "passcode-e2e-\(UUID().uuidString.prefix(8)):"

  private func agent(_ arguments: [String]) throws -> DemoSession {
    try DemoSession(["agent", "--id", prefix, "--screen-reader"] + arguments)
  }

  /// Starts `agent --query` on a question whose asker's queue is full, types a passphrase and Enter, and
  /// returns once the answer is waiting for room ("Checking").
  private func answerWithFullQueue() throws -> (question: HandMadeQuestion, session: DemoSession) {
    let question = try HandMadeQuestion("Full queue:", identifier: prefix + "full")
    #expect(question.socket.fillQueue() > 0, "the queue did not fill")
    let session = try agent(["--query"])
    try session.waitFor("Full queue:")
    try session.type("zebra42")
    try session.waitFor("7 characters entered")
    try session.type("\r")
    try session.waitFor("Checking")
    return (question, session)
  }

  /// Whether nothing but the filler bytes reached the socket: no answer and no cancel.
  private func onlyFillerArrived(_ question: HandMadeQuestion) -> Bool {
    question.socket.receiveAll().allSatisfy { $0 == [UInt8(ascii: "x")] }
  }

  @Test("an asker that does not read is told nothing, and the agent says so after its bounded wait (exit 74)")
  func askerNotReading() throws {
    let (question, session) = try answerWithFullQueue()
    try session.waitFor("The asker is not reading: nothing was sent")
    #expect(try session.finish() == .exited(74))
    #expect(try session.terminalRestored())
    #expect(onlyFillerArrived(question))
    #expect(!session.text.contains("zebra"))
  }

  @Test("Esc while the answer waits for a full queue cancels at once (exit 2), the terminal restored")
  func escapeWhileWaiting() throws {
    let (question, session) = try answerWithFullQueue()
    try session.type("\u{1B}")
    try session.waitFor("Cancelled")
    // Exit 2, not 74: the cancel ended the agent, not the end of the wait.
    #expect(try session.finish() == .exited(2))
    #expect(try session.terminalRestored())
    #expect(onlyFillerArrived(question))
  }

  @Test("SIGTERM while the answer waits for a full queue ends the agent by that signal, the terminal restored")
  func terminateWhileWaiting() throws {
    let (question, session) = try answerWithFullQueue()
    try session.process.signal(SIGTERM)
    #expect(try session.finish() == .signalled(SIGTERM))
    #expect(try session.terminalRestored())
    #expect(onlyFillerArrived(question))
  }

  enum Vanishing: String, CaseIterable, CustomTestStringConvertible {
    case socketFileRemoved, socketClosed
    var testDescription: String { rawValue }
  }

  @Test(
    "an asker whose socket vanished before the answer withdrew its question: said in words, exit 0",
    arguments: Vanishing.allCases)
  func socketVanished(_ vanishing: Vanishing) throws {
    let question = try HandMadeQuestion("Vanishing asker:", identifier: prefix + "vanishing")
    let session = try agent(["--query"])
    try session.waitFor("Vanishing asker:")
    try session.type("zebra42")
    try session.waitFor("7 characters entered")
    switch vanishing {
    case .socketFileRemoved: question.removeSocketFile()
    case .socketClosed: question.socket.close()
    }
    try session.type("\r")
    try session.waitFor("Question withdrawn")
    #expect(try session.finish() == .exited(0))
    #expect(try session.terminalRestored())
  }

  /// One question of each kind that root did not ask, and one that it did.
  private func untrustedQuestions() throws -> [String: HandMadeQuestion] {
    [
      "writable": try HandMadeQuestion("Writable file:", identifier: prefix + "writable", fileMode: 0o666),
      "nobody's file": try HandMadeQuestion("Nobody's file:", identifier: prefix + "file", fileOwner: 65534),
      "linked socket": try HandMadeQuestion("Linked socket:", identifier: prefix + "link", socketThroughLink: true),
      "nobody's socket": try HandMadeQuestion("Nobody's socket:", identifier: prefix + "socket", socketOwner: 65534),
    ]
  }

  @Test("--list names each question root did not ask as not trusted, with the reason, and shows none of its text")
  func listShowsUntrusted() throws {
    let questions = try untrustedQuestions()
    let trusted = try HandMadeQuestion("Root's question:", identifier: prefix + "trusted")
    let session = try agent(["--list"])
    #expect(try session.finish() == .exited(0))
    let reasons = [
      "writable": "group or others can write the file (mode 0666)",
      "nobody's file": "the file is owned by user 65534, not root",
      "linked socket": "its socket is reached through a symbolic link",
      "nobody's socket": "its socket is owned by user 65534, not root",
    ]
    for (kind, question) in questions {
      let line = "\(question.fileName): not trusted, so not answered: \(reasons[kind] ?? "")"
      #expect(session.text.contains(line), "\(kind): \(session.text)")
    }
    #expect(session.text.contains("Root's question: (Id \(prefix)trusted"))
    for hidden in ["Writable file:", "Nobody's file:", "Linked socket:", "Nobody's socket:"] {
      #expect(!session.text.contains(hidden), "the untrusted message \(hidden) was shown")
    }
    _ = trusted
  }

  @Test("--query asks none of the questions root did not ask, and sends their sockets nothing")
  func queryIgnoresUntrusted() throws {
    let questions = try untrustedQuestions()
    let session = try agent(["--query"])
    #expect(try session.finish() == .exited(0))
    #expect(!session.text.contains("entered"))
    for (kind, question) in questions {
      #expect(question.socket.receiveAll().isEmpty, "\(kind) got an answer")
    }
  }
}
