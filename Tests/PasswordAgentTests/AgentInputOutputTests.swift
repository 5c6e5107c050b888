import Foundation
import LockedSecretStorage
import PasscodeEngine
import PasscodeTestSupport
import PasswordAgent
import Synchronization
import Testing

/// A datagram socket bound in a temporary directory, standing in for the asker's (the real
/// systemd-ask-password is the asker in the end-to-end tests).
private func listeningSocket(in directory: String, name: String = "sck.test") throws -> BoundDatagramSocket {
  try BoundDatagramSocket(path: directory + "/" + name)
}

private func temporaryDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "agent-tests-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

private func secret(_ text: String) -> WipedSecretBuffer {
  let buffer = WipedSecretBuffer(capacity: 64)
  for byte in text.utf8 { buffer.append(byte) }
  return buffer
}

/// An answer sent on its own thread, as the agent's verifier sends it, and how it ended.
private final class AnswerOnThread: Sendable {
  private let ending = Mutex<AgentError??>(nil)
  private let done = DispatchSemaphore(value: 0)

  /// Starts sending.
  init(_ send: @escaping @Sendable () throws(AgentError) -> Void) {
    Thread.detachNewThread { [self] in
      let result: AgentError?
      do throws(AgentError) {
        try send()
        result = nil
      } catch {
        result = error
      }
      ending.withLock { $0 = .some(result) }
      done.signal()
    }
  }

  /// Waits until the send returned: `nil` when it was sent, else why not.
  func wait() -> AgentError? {
    done.wait()
    return ending.withLock { $0 } ?? nil
  }
}

@Suite(
  "Answers, the directory and the watcher, on real sockets, files and inotify",
  .enabled(if: geteuid() == 0, "ask files and sockets are trusted only when they are root's"))
struct AgentInputOutputTests {
  @Test("an answer is one datagram: + and the passphrase's exact bytes; a cancel is -")
  func datagrams() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let listener = try listeningSocket(in: directory)
    let question = PasswordQuestion(fileName: "ask.x", socketPath: listener.path)
    let sender = AnswerSender { WipedSecretBuffer(capacity: $0) }
    try sender.answer(secret("pa ss\u{E9}!"), to: question)
    #expect(listener.receive() == [UInt8]("+pa ss\u{E9}!".utf8))
    try sender.cancel(question)
    #expect(listener.receive() == [UInt8(ascii: "-")])
  }

  @Test("answering a socket nobody reads any more says the asker is gone")
  func askerGone() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let sender = AnswerSender { WipedSecretBuffer(capacity: $0) }
    let missing = PasswordQuestion(fileName: "ask.x", socketPath: directory + "/sck.none")
    #expect(throws: AgentError.askerGone) { try sender.answer(secret("x"), to: missing) }
    var path = ""
    do {
      let listener = try listeningSocket(in: directory)
      path = listener.path
    }
    let closed = PasswordQuestion(fileName: "ask.x", socketPath: path)
    #expect(throws: AgentError.askerGone) { try sender.cancel(closed) }
  }

  @Test("a scan reads ask files oldest first, reports unreadable ones, and skips other names and links")
  func scan() throws {
    let path = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let directory = AskPasswordDirectory(path: path)
    try "[Ask]\nSocket=/s/1\nMessage=first\n".write(toFile: path + "/ask.b", atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: path + "/ask.b")
    try "[Ask]\nSocket=/s/2\nMessage=second\nPID=\(getpid())\n".write(
      toFile: path + "/ask.a", atomically: false, encoding: .utf8)
    try "[Ask]\nMessage=no socket\n".write(toFile: path + "/ask.c", atomically: false, encoding: .utf8)
    try "[Ask]\nSocket=/s/3\n".write(toFile: path + "/tmp.x", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: path + "/ask.link", withDestinationPath: path + "/ask.a")
    let entries = try directory.scan()
    #expect(entries.map(\.fileName).filter { $0 != "ask.c" } == ["ask.b", "ask.a"])
    #expect(entries.first { $0.fileName == "ask.c" }.map { (try? $0.question.get()) == nil } == true)
    #expect(try directory.answerableQuestions().map(\.message) == ["first", "second"])
  }

  @Test("a question whose asking process is gone is not answerable")
  func deadAsker() throws {
    let path = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: path) }
    // PID 2^22 + 1 is above the kernel's largest process number (pid_max is at most 2^22).
    try "[Ask]\nSocket=/s/1\nPID=4194305\n".write(toFile: path + "/ask.a", atomically: false, encoding: .utf8)
    let directory = AskPasswordDirectory(path: path)
    #expect(try directory.scan().map(\.askerIsAlive) == [false])
    #expect(try directory.answerableQuestions().isEmpty)
  }

  @Test("the watcher makes the directory and its parents, hands out questions as they come, withdraws a removed one")
  func watcher() throws {
    let base = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let path = base + "/systemd/ask-password"
    let actions = Mutex<[QueueAction]>([])
    let watcher = try QuestionWatcher(directory: AskPasswordDirectory(path: path), identifierPrefix: nil) { action in
      actions.withLock { $0.append(action) }
    }
    #expect(watcher.nextTurn(wait: false) == nil)
    #expect(FileManager.default.fileExists(atPath: path), "the directory and its parent were made")
    // Written elsewhere and moved in, as systemd does (IN_MOVED_TO).
    try "[Ask]\nSocket=/s/1\nMessage=one\n".write(toFile: base + "/tmp.1", atomically: false, encoding: .utf8)
    try FileManager.default.moveItem(atPath: base + "/tmp.1", toPath: path + "/ask.1")
    let turn = try #require(watcher.nextTurn(wait: true))
    #expect(turn.question.message == "one")
    try "[Ask]\nSocket=/s/2\nMessage=two\n".write(toFile: path + "/ask.2", atomically: false, encoding: .utf8)
    try FileManager.default.removeItem(atPath: path + "/ask.1")
    let deadline = ContinuousClock.now + .seconds(10)
    while actions.withLock({ !$0.contains(.withdraw(turn.question, .withdrawn)) }), ContinuousClock.now < deadline {
      usleep(10_000)
    }
    #expect(actions.withLock { $0 }.contains(.withdraw(turn.question, .withdrawn)))
    watcher.finish(turn.question, .withdrawn)
    #expect(watcher.nextTurn(wait: true)?.question.message == "two")
  }

  // MARK: - An asker that is not reading (its queue is full)

  @Test("an answer to an asker whose queue stays full waits its bounded time, then says it is not reading")
  func askerNotReading() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let listener = try listeningSocket(in: directory)
    #expect(listener.fillQueue() > 0)
    let question = PasswordQuestion(fileName: "ask.x", socketPath: listener.path)
    let sender = AnswerSender(makeSecretStorage: { WipedSecretBuffer(capacity: $0) }, readingWait: .milliseconds(50))
    #expect(throws: AgentError.askerNotReading) { try sender.answer(secret("pass"), to: question) }
    #expect(throws: AgentError.askerNotReading) { try sender.cancel(question) }
    #expect(listener.receiveAll().allSatisfy { $0 == [UInt8(ascii: "x")] }, "something besides the filler arrived")
  }

  @Test("an answer waiting on a full queue goes out once the asker reads and makes room")
  func answerWaitsForRoom() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let listener = try listeningSocket(in: directory)
    let filler = listener.fillQueue()
    #expect(filler > 0)
    let question = PasswordQuestion(fileName: "ask.x", socketPath: listener.path)
    let sender = AnswerSender(makeSecretStorage: { WipedSecretBuffer(capacity: $0) }, readingWait: .seconds(60))
    let answer = AnswerOnThread { () throws(AgentError) in try sender.answer(secret("pass"), to: question) }
    var received: [[UInt8]] = []
    while received.last != [UInt8]("+pass".utf8), received.count <= filler, let datagram = listener.receive() {
      received.append(datagram)
    }
    #expect(answer.wait() == nil)
    #expect(received.last == [UInt8]("+pass".utf8))
  }

  @Test("cancelling an answer that waits on a full queue stops it, from another thread; it is never sent")
  func cancellationStopsTheWait() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let listener = try listeningSocket(in: directory)
    #expect(listener.fillQueue() > 0)
    let question = PasswordQuestion(fileName: "ask.x", socketPath: listener.path)
    let cancellation = try AnswerCancellation()
    let sender = AnswerSender(
      makeSecretStorage: { WipedSecretBuffer(capacity: $0) }, readingWait: .seconds(600), cancellation: cancellation)
    let answer = AnswerOnThread { () throws(AgentError) in try sender.answer(secret("pass"), to: question) }
    cancellation.cancel()
    #expect(answer.wait() == .stopped)
    // Room now, after the stop: the answer must not go out late.
    #expect(listener.receiveAll().allSatisfy { $0 == [UInt8(ascii: "x")] })
    #expect(listener.receiveAll().isEmpty)
  }

  // MARK: - Questions root did not ask

  @Test("a scan trusts only root's ask files that group and others cannot write, naming why it ignores the others")
  func untrustedFiles() throws {
    let path = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let listener = try listeningSocket(in: path)
    for name in ["ask.good", "ask.everyone", "ask.group", "ask.nobody"] {
      try "[Ask]\nSocket=\(listener.path)\nMessage=\(name)\n".write(
        toFile: path + "/" + name, atomically: false, encoding: .utf8)
    }
    #expect(chmod(path + "/ask.good", 0o644) == 0)
    #expect(chmod(path + "/ask.everyone", 0o666) == 0)
    #expect(chmod(path + "/ask.group", 0o620) == 0)
    #expect(chmod(path + "/ask.nobody", 0o644) == 0 && chown(path + "/ask.nobody", 65534, 65534) == 0)
    let entries = try AskPasswordDirectory(path: path).scan()
    let reasons = Dictionary(uniqueKeysWithValues: entries.map { ($0.fileName, $0.question) })
    #expect((try? reasons["ask.good"]?.get())?.message == "ask.good")
    #expect(reasons["ask.everyone"].map { (try? $0.get()) == nil } == true)
    #expect(failure(reasons["ask.everyone"]) == .untrusted(.fileWritable(mode: S_IFREG | 0o666)))
    #expect(failure(reasons["ask.group"]) == .untrusted(.fileWritable(mode: S_IFREG | 0o620)))
    #expect(failure(reasons["ask.nobody"]) == .untrusted(.fileOwner(user: 65534)))
    #expect(try AskPasswordDirectory(path: path).answerableQuestions().map(\.message) == ["ask.good"])
  }

  @Test("a Socket= that is a link, runs through a linked directory, is not a socket or is not root's is not trusted")
  func untrustedSockets() throws {
    let path = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let rootSocket = try listeningSocket(in: path, name: "sck.root")
    let nobodySocket = try listeningSocket(in: path, name: "sck.nobody")
    #expect(chown(nobodySocket.path, 65534, 65534) == 0)
    try FileManager.default.createSymbolicLink(atPath: path + "/sck.link", withDestinationPath: rootSocket.path)
    try FileManager.default.createSymbolicLink(atPath: path + "/linked", withDestinationPath: path)
    try "not a socket".write(toFile: path + "/sck.file", atomically: false, encoding: .utf8)
    let sockets = [
      "ask.root": rootSocket.path, "ask.link": path + "/sck.link", "ask.directory": path + "/linked/sck.root",
      "ask.file": path + "/sck.file", "ask.nobody": nobodySocket.path, "ask.gone": path + "/sck.gone",
    ]
    for (name, socket) in sockets {
      try "[Ask]\nSocket=\(socket)\nMessage=\(name)\n".write(
        toFile: path + "/" + name, atomically: false, encoding: .utf8)
    }
    let entries = try AskPasswordDirectory(path: path).scan()
    let reasons = Dictionary(uniqueKeysWithValues: entries.map { ($0.fileName, $0.question) })
    #expect(failure(reasons["ask.link"]) == .untrusted(.socketLink))
    #expect(failure(reasons["ask.directory"]) == .untrusted(.socketLink))
    #expect(failure(reasons["ask.file"]) == .untrusted(.socketType))
    #expect(failure(reasons["ask.nobody"]) == .untrusted(.socketOwner(user: 65534)))
    // A socket already gone is no reason to distrust: the answer finds the asker gone (withdrawn).
    #expect(
      try AskPasswordDirectory(path: path).answerableQuestions().map(\.message).sorted() == ["ask.gone", "ask.root"])

    let sender = AnswerSender { WipedSecretBuffer(capacity: $0) }
    let refused: [(String, UntrustedReason)] = [
      (path + "/sck.link", .socketLink), (path + "/linked/sck.root", .socketLink), (path + "/sck.file", .socketType),
      (nobodySocket.path, .socketOwner(user: 65534)),
    ]
    for (socket, reason) in refused {
      let question = PasswordQuestion(fileName: "ask.x", socketPath: socket)
      #expect(throws: AgentError.untrustedSocket(reason)) { try sender.answer(secret("pass"), to: question) }
      #expect(throws: AgentError.untrustedSocket(reason)) { try sender.cancel(question) }
    }
    #expect(rootSocket.receiveAll().isEmpty, "an answer went through a link to root's socket")
    #expect(nobodySocket.receiveAll().isEmpty, "an answer went to nobody's socket")
  }
}

/// The error of a scanned entry's question, or `nil`.
private func failure(_ question: Result<PasswordQuestion, AskFileError>?) -> AskFileError? {
  guard case let .failure(error) = question else { return nil }
  return error
}
