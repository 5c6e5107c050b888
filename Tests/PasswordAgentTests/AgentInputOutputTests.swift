import Foundation
import PasscodeEngine
import PasswordAgent
import Synchronization
import Testing

/// A datagram socket bound in a temporary directory, standing in for the asker's (the real
/// systemd-ask-password is the asker in the end-to-end tests).
private final class ListeningDatagramSocket {
  let path: String
  private let descriptor: Int32

  init(directory: String) throws {
    path = directory + "/sck.test"
    descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard descriptor >= 0, result == 0 else { throw POSIXError(.EIO) }
  }

  deinit { close(descriptor) }

  /// The next datagram, waiting up to 10 seconds.
  func receive() -> [UInt8]? {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 10_000) == 1 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    return count < 0 ? nil : Array(buffer[0..<count])
  }
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

@Suite("Answers, the directory and the watcher, on real sockets, files and inotify")
struct AgentInputOutputTests {
  @Test("an answer is one datagram: + and the passphrase's exact bytes; a cancel is -")
  func datagrams() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let listener = try ListeningDatagramSocket(directory: directory)
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
      let listener = try ListeningDatagramSocket(directory: directory)
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
}
