import Foundation
import PasscodeTestSupport
import Testing

/// `passcode agent` in a pseudo-terminal answering the real `systemd-ask-password --no-tty`.
@Suite(
  "passcode agent answering the real systemd-ask-password", .serialized,
  .enabled(if: SystemdAsker.isAvailable, "needs root and systemd-ask-password"))
struct AgentEndToEndTests {
  /// An `Id=` prefix that only this test's questions have.
  private let prefix = "passcode-e2e-\(UUID().uuidString.prefix(8)):"

  private func agent(_ arguments: [String], environment: [String: String] = [:]) throws -> DemoSession {
    try DemoSession(["agent", "--id", prefix, "--screen-reader"] + arguments, environment: environment)
  }

  /// Asks `message` with systemd-ask-password, starts `agent --query`, and types `text` once the question
  /// is shown; returns when the count of what was typed has been announced.
  private func askAndType(
    _ message: String, identifier: String, typing text: String, timeoutSeconds: Int = 60
  ) throws -> (asker: SystemdAsker, session: DemoSession) {
    let asker = try SystemdAsker(message, identifier: prefix + identifier, timeoutSeconds: timeoutSeconds)
    let session = try agent(["--query"])
    try session.waitFor(message)
    try session.type(text)
    try session.waitFor("\(text.count) characters entered")
    return (asker, session)
  }

  @Test("the answer arrives byte-exact, and the agent says who asks and shows only counts")
  func answerIsExact() throws {
    let asker = try SystemdAsker("Passphrase for e2e disk:", identifier: prefix + "/dev/e2e1")
    let session = try agent(["--query"])
    try session.waitFor("Passphrase for e2e disk:")
    try session.waitFor("Asked by \(prefix.dropLast()) for /dev/e2e1")
    let passphrase = "correct horse ☃ battery-staple 42"
    try session.type(passphrase)
    try session.waitFor("\(passphrase.count) characters entered")
    try session.type("\r")
    #expect(try session.finish() == .exited(0))
    let (code, output) = try asker.finish()
    #expect(code == 0)
    #expect(output == passphrase + "\n")
    #expect(!session.text.contains("horse"), "the transcript shows the passphrase")
    #expect(try session.terminalRestored())
  }

  @Test("Esc sends a cancel: systemd-ask-password fails with Operation canceled, the agent exits 2")
  func escapeCancels() throws {
    let (asker, session) = try askAndType("Cancel me:", identifier: "cancel", typing: "abc")
    try session.type("\u{1B}")
    try session.waitFor("Cancelled")
    #expect(try session.finish() == .exited(2))
    let (code, output) = try asker.finish()
    #expect(code == 1)
    #expect(output.contains("Operation canceled"), "asker printed: \(output)")
  }

  @Test(
    "--leave-on-cancel: Esc leaves the question to another agent, says systemd's own prompt asks next, without speech, and ends --watch with exit 2; the asker takes the other's answer"
  )
  func escapeLeavesTheQuestion() throws {
    let asker = try SystemdAsker("Leave me:", identifier: prefix + "left")
    let session = try agent(["--watch", "--leave-on-cancel"])
    try session.waitFor("Leave me:")
    try session.type("abc")
    try session.waitFor("3 characters entered")
    try session.type("\u{1B}")
    try session.waitFor("Question left for another agent")
    try session.waitFor("systemd's own prompt asks next, without speech or counts")
    #expect(try session.finish() == .exited(2))
    #expect(try session.terminalRestored())
    // Nothing was sent: the question is still pending, and the next agent's answer is the one taken.
    #expect(asker.questionFile() != nil, "the question was not left pending")
    let socket = try #require(asker.socketPath)
    let reply = try SpawnedProcess(
      executable: "sh", arguments: ["-c", "printf other | /lib/systemd/systemd-reply-password 1 \"$0\"", socket])
    #expect(reply.waitForExit(timeout: .seconds(30)) == 0)
    #expect(try asker.finish() == (0, "other\n"))
  }

  @Test("two questions are answered in order, after \"2 questions waiting\"")
  func twoInOrder() throws {
    let first = try SystemdAsker("First question:", identifier: prefix + "first")
    let second = try SystemdAsker("Second question:", identifier: prefix + "second")
    // The queue goes by the files' modification times: set them apart, in this order.
    try first.setQuestionTime(secondsAgo: 2)
    try second.setQuestionTime(secondsAgo: 1)
    let session = try agent(["--query"])
    try session.waitFor("First question:")
    try session.waitFor("2 questions waiting")
    try session.type("one\r")
    try session.waitFor("Second question:")
    try session.type("two\r")
    #expect(try session.finish() == .exited(0))
    #expect(try first.finish() == (0, "one\n"))
    #expect(try second.finish() == (0, "two\n"))
  }

  @Test(
    "a question withdrawn mid-entry is announced and the entry is wiped: its file removed (SIGTERM), or its asker dead (SIGKILL)",
    arguments: [SIGTERM, SIGKILL])
  func withdrawnMidEntry(signal: Int32) throws {
    let (asker, session) = try askAndType("Soon withdrawn:", identifier: "withdrawn", typing: "abc")
    asker.stop(signal: signal, leavingFiles: true)
    if signal == SIGTERM { #expect(asker.questionFile() == nil, "systemd-ask-password left its file on SIGTERM") }
    try session.waitFor("Question withdrawn")
    #expect(try session.finish() == .exited(0))
    #expect(try session.terminalRestored())
    asker.removeLeftovers()
  }

  @Test("another agent answering first withdraws the question here; its answer is the one the asker prints")
  func anotherAgentFirst() throws {
    let (asker, session) = try askAndType("Raced question:", identifier: "raced", typing: "mine")
    let socket = try #require(asker.socketPath)
    let reply = try SpawnedProcess(
      executable: "sh", arguments: ["-c", "printf theirs | /lib/systemd/systemd-reply-password 1 \"$0\"", socket])
    #expect(reply.waitForExit(timeout: .seconds(30)) == 0)
    try session.waitFor("Question withdrawn")
    #expect(try session.finish() == .exited(0))
    #expect(try asker.finish() == (0, "theirs\n"))
  }

  @Test("a question that arrives while another is typed is announced at once, then asked next")
  func arrivalDuringEntry() throws {
    let (first, session) = try askAndType("Already asked:", identifier: "already", typing: "ab")
    let second = try SystemdAsker("Arrived later:", identifier: prefix + "later")
    try session.waitFor("2 questions waiting")
    try session.type("c\r")
    try session.waitFor("Arrived later:")
    try session.type("later\r")
    #expect(try session.finish() == .exited(0))
    #expect(try first.finish() == (0, "abc\n"))
    #expect(try second.finish() == (0, "later\n"))
  }

  @Test("NotAfter passing mid-entry is announced as a timeout and the agent exits 3")
  func notAfterPasses() throws {
    let (asker, session) = try askAndType("Answer quickly:", identifier: "expiring", typing: "ab", timeoutSeconds: 3)
    try session.waitFor("Question timed out", timeout: .seconds(30))
    #expect(try session.finish() == .exited(3))
    let (code, output) = try asker.finish()
    #expect(code == 1)
    #expect(output.contains("Timer expired"), "asker printed: \(output)")
  }

  @Test("NotAfter is warned of, spoken, with no key named; Tab cannot move it; then it times out and exits 3")
  func notAfterIsWarnedOf() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let asker = try SystemdAsker("Answer in time:", identifier: prefix + "warned", timeoutSeconds: 10)
    let session = try agent(["--query", "--speech", "on"], environment: ["SPEECHD_ADDRESS": daemon.address])
    try session.waitFor("Answer in time:")
    // Half of what is left when the prompt opens, in whole seconds: 5 unless the start took over a second.
    try session.waitFor("seconds left")
    try session.type("\t")
    try session.waitFor("No more time can be given")
    try session.waitFor("Question timed out")
    #expect(try session.finish() == .exited(3))
    #expect(try asker.finish().code == 1)
    #expect(!session.text.contains("Press Tab"), "the asker's deadline cannot move, so no key is named")
    let texts = daemon.waitForLastRequest(text: "Question timed out", timeout: .seconds(10)).map(\.text)
    #expect(texts.contains { $0.hasSuffix("seconds left") }, "spoken: \(texts)")
    #expect(texts.contains("No more time can be given"), "spoken: \(texts)")
    #expect(!texts.contains { $0.contains("Press Tab") }, "spoken: \(texts)")
  }

  @Test("Echo=yes shows what is typed (a user name); a masked question never does")
  func echoShowsTyping() throws {
    let shown = try SystemdAsker("User name:", identifier: prefix + "user", echo: "yes")
    let visual = try DemoSession(["agent", "--id", prefix + "user", "--query"])
    try visual.waitFor("User name:")
    try visual.type("alice")
    try visual.waitFor("alice")
    try visual.type("\r")
    #expect(try visual.finish() == .exited(0))
    #expect(visual.text.contains("User name:\r\n"), "the message is not kept as a line above the entry")
    #expect(try shown.finish() == (0, "alice\n"))

    let masked = try SystemdAsker("Secret:", identifier: prefix + "masked")
    let hidden = try DemoSession(["agent", "--id", prefix + "masked", "--query"])
    try hidden.waitFor("Secret:")
    try hidden.type("alice")
    try hidden.waitFor("5 characters entered")
    try hidden.type("\r")
    #expect(try hidden.finish() == .exited(0))
    #expect(try masked.finish() == (0, "alice\n"))
    #expect(!hidden.text.contains("alice"))
  }

  @Test("the same Id asked again soon after an answer says the passphrase was wrong, and which try this is")
  func askedAgain() throws {
    let first = try SystemdAsker("Disk passphrase:", identifier: prefix + "/dev/again")
    let session = try agent(["--watch"])
    try session.waitFor("Disk passphrase:")
    try session.type("wrong one\r")
    #expect(try first.finish() == (0, "wrong one\n"))
    let second = try SystemdAsker("Disk passphrase:", identifier: prefix + "/dev/again")
    try session.waitFor("Wrong passphrase. Try 2")
    try session.type("right one\r")
    #expect(try second.finish() == (0, "right one\n"))
    try session.process.signal(SIGTERM)
    #expect(try session.finish() == .signalled(SIGTERM))
    #expect(try session.terminalRestored())
  }

  @Test("speech says the message, who asks, the counts and the waiting questions, and never the passphrase")
  func speech() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let first = try SystemdAsker("Unlock the e2e disk", identifier: prefix + "/dev/spoken")
    let second = try SystemdAsker("Unlock the other disk", identifier: prefix + "/dev/other")
    try first.setQuestionTime(secondsAgo: 2)
    try second.setQuestionTime(secondsAgo: 1)
    let session = try agent(["--query", "--speech", "on"], environment: ["SPEECHD_ADDRESS": daemon.address])
    try session.waitFor("Unlock the e2e disk")
    let source = "Asked by \(prefix.dropLast()) for /dev/spoken"
    // A question's opening (its message, who asks, how many wait) is one utterance.
    let opening = "Unlock the e2e disk. \(source). 2 questions waiting"
    _ = daemon.waitForLastRequest(text: opening)
    try session.type("zebra")
    _ = daemon.waitForLastRequest(text: "5 characters entered")
    try session.type("\r")
    try session.waitFor("Unlock the other disk")
    let secondOpening = "Unlock the other disk. Asked by \(prefix.dropLast()) for /dev/other"
    _ = daemon.waitForLastRequest(text: secondOpening)
    try session.type("\u{1B}")
    #expect(try session.finish() == .exited(2))
    #expect(try first.finish() == (0, "zebra\n"))
    #expect(try second.finish().code == 1)

    let texts = daemon.protocolRequests().map(\.text)
    // Progress messages may replace each other before they are sent; the last one is always sent.
    for expected in [opening, "5 characters entered", "Answer sent", secondOpening, "Cancelled"] {
      #expect(texts.contains(expected), "not spoken: \(expected); spoken: \(texts)")
    }
    #expect(texts.firstIndex(of: opening) ?? 99 < texts.firstIndex(of: "Answer sent") ?? 0)
    for file in try FileManager.default.subpathsOfDirectory(atPath: daemon.base) {
      let contents = (try? String(contentsOfFile: daemon.base + "/" + file, encoding: .utf8)) ?? ""
      #expect(!contents.contains("zebra"), "\(file) holds the passphrase")
    }
  }

  @Test("--console=TTY asks on that terminal, not on the agent's own")
  func consoleTerminal() throws {
    let console = try PseudoTerminal(columns: 80, rows: 24)
    let asker = try SystemdAsker("On the console:", identifier: prefix + "console")
    let session = try agent(["--query", "--console=\(console.slavePath)"])
    let prompt = try console.readUntil("On the console:", timeout: .seconds(30))
    #expect(!prompt.isEmpty)
    try console.write("via console\r")
    #expect(try session.finish() == .exited(0))
    #expect(try asker.finish() == (0, "via console\n"))
    #expect(!session.text.contains("On the console:"), "asked on the agent's own terminal")
  }

  @Test("Ctrl-R on a systemd question says what was typed and no count of tries, which the agent does not keep")
  func statusHasNoTries() throws {
    let (asker, session) = try askAndType("Status check:", identifier: "status", typing: "abc")
    try session.type("\u{12}")
    let heard = try session.waitFor("3 characters entered")
    #expect(!heard.contains("tries left") && !heard.contains("try left"), "\(heard)")
    try session.type("\u{1B}")
    _ = try session.finish()
    _ = try asker.finish()
    #expect(!session.text.contains("tries left"), "\(session.text)")
  }

  @Test("--query with nothing for it says so, printed and spoken, with how many others are pending")
  func queryWithNothingPending() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let other = try SystemdAsker("Someone else's question", identifier: prefix + "other")
    let session = try DemoSession(
      ["agent", "--id", prefix + "none:", "--screen-reader", "--query", "--speech", "on"],
      environment: ["SPEECHD_ADDRESS": daemon.address])
    #expect(try session.finish() == .exited(0))
    // Other tests' questions may be pending too: at least this one is.
    let line = try #require(
      session.text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("No questions for this agent; ") },
      "\(session.text)")
    #expect(line.hasSuffix(" pending."))
    let spoken = daemon.waitForLastRequest(text: String(line.dropLast())).map(\.text)
    #expect(spoken.last == String(line.dropLast()), "spoken: \(spoken)")
    #expect(other.questionFile() != nil, "--query answered another agent's question")
    other.stop(signal: SIGTERM)
  }

  @Test("--list with --id says how many other questions are pending, not that none are")
  func listOthers() throws {
    let other = try SystemdAsker("Another's question", identifier: prefix + "elsewhere")
    let session = try DemoSession(["agent", "--id", prefix + "nothing:", "--list"])
    #expect(try session.finish() == .exited(0))
    #expect(session.text.contains("No questions for this agent; "), "\(session.text)")
    #expect(!session.text.contains("No questions are pending"), "\(session.text)")
    other.stop(signal: SIGTERM)
  }

  @Test("--list prints each pending question with who asks and how, and answers none")
  func list() throws {
    let asker = try SystemdAsker("Listed \u{1B}[31mquestion", identifier: prefix + "listed", echo: "no")
    let session = try agent(["--list"])
    let line = try session.waitFor("left)")
    #expect(session.text.contains("Listed question (Id \(prefix)listed, PID "), "\(line)")
    #expect(session.text.contains("typing hidden, silent"))
    #expect(try session.finish() == .exited(0))
    #expect(asker.questionFile() != nil, "--list answered the question")
  }
}
