import Dispatch
import Foundation
import PasscodeTestSupport
import Synchronization
internal import SystemCalls
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// A minimal SSIP server on a Unix socket that answers just enough of the protocol for libspeechd (the
/// replies the real daemon sends, as its protocol log shows) and records when each SPEAK text arrives.
final class TimestampingSSIPServer: Sendable {
  /// One SPEAK request as it arrived.
  struct Speak: Sendable {
    /// The priority in force for its connection (`MESSAGE` unless set).
    var priority: String
    /// The text.
    var text: String
    /// When its first text line was read from the socket.
    var arrival: ContinuousClock.Instant
  }

  /// The socket's path.
  let path: String
  private let listener: UnixListeningSocket
  private let speaks = Mutex<[Speak]>([])
  private let commandLines = Mutex<[String]>([])
  private let connections = Mutex<[Int32]>([])
  private let messageCount = Mutex(0)
  private let arrived = DispatchSemaphore(value: 0)

  /// Listens at a path and serves each client on its own thread.
  ///
  /// - Parameter path: The socket's path.
  /// - Throws: ``BenchError``.
  init(path: String) throws(BenchError) {
    self.path = path
    do {
      listener = try UnixListeningSocket(path: path)
    } catch {
      throw .systemCall("listen \(path): \(error)", errno: 0)
    }
    let listener = listener
    Thread.detachNewThread { [self] in
      while true {
        let connection = listener.accept()
        guard connection >= 0 else { return }
        connections.withLock { $0.append(connection) }
        Thread.detachNewThread { [self] in serve(connection) }
      }
    }
  }

  /// The address in `SPEECHD_ADDRESS` form.
  var address: String { "unix_socket:\(path)" }

  /// How many SPEAK requests arrived so far.
  var speakCount: Int { speaks.withLock { $0.count } }

  /// The SPEAK requests so far.
  var allSpeaks: [Speak] { speaks.withLock { $0 } }

  /// Every command line clients sent (SPEAK text excluded), in order.
  var commands: [String] { commandLines.withLock { $0 } }

  /// Waits for a SPEAK request, among those from index `start` on, that satisfies a condition.
  ///
  /// - Parameters:
  ///   - start: The index of the first request to consider.
  ///   - timeout: The longest wait.
  ///   - matches: The condition.
  /// - Returns: The request and its index, or `nil` on timeout.
  func waitForSpeak(from start: Int, timeout: Duration = .seconds(5), where matches: (Speak) -> Bool) -> (
    speak: Speak, index: Int
  )? {
    let deadline = ContinuousClock.now + timeout
    while true {
      let found = speaks.withLock { list -> (Speak, Int)? in
        guard start < list.count else { return nil }
        for index in start..<list.count where matches(list[index]) { return (list[index], index) }
        return nil
      }
      if let found { return found }
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else { return nil }
      _ = arrived.wait(timeout: .now() + .nanoseconds(remaining.wholeNanoseconds))
    }
  }

  /// Stops listening and hangs up on every client.
  func stop() {
    UnixListeningSocket.shutdown(listener.descriptor)
    BenchSystemCalls.close(listener.descriptor)
    for connection in connections.withLock({ $0 }) { UnixListeningSocket.shutdown(connection) }
    BenchSystemCalls.removeFile(path)
  }

  private func serve(_ connection: Int32) {
    var buffered: [UInt8] = []
    var priority = "MESSAGE"
    var text: [String]?
    var firstArrival: ContinuousClock.Instant?
    defer { BenchSystemCalls.close(connection) }
    while true {
      let chunk = BenchSystemCalls.readSome(connection)
      let now = ContinuousClock.now
      if chunk.isEmpty { return }
      buffered += chunk
      while let newline = buffered.firstIndex(of: 10) {
        var lineBytes = Array(buffered[..<newline])
        buffered.removeFirst(newline + 1)
        if lineBytes.last == 13 { lineBytes.removeLast() }
        let line = String(decoding: lineBytes, as: UTF8.self)
        if var lines = text {
          if line == "." {
            let speak = Speak(priority: priority, text: lines.joined(separator: "\n"), arrival: firstArrival ?? now)
            speaks.withLock { $0.append(speak) }
            arrived.signal()
            text = nil
            reply(connection, "225-\(nextMessageNumber())\r\n225 OK MESSAGE QUEUED")
          } else {
            if firstArrival == nil { firstArrival = now }
            lines.append(line.hasPrefix("..") ? String(line.dropFirst()) : line)
            text = lines
          }
          continue
        }
        commandLines.withLock { $0.append(line) }
        let words = line.split(separator: " ").map { $0.uppercased() }
        switch (words.first, words.count > 2 ? words[2] : "") {
        case ("SPEAK", _):
          text = []
          firstArrival = nil
          reply(connection, "230 OK RECEIVING DATA")
        case ("QUIT", _):
          reply(connection, "231 HAPPY HACKING")
          return
        case ("SET", "CLIENT_NAME"): reply(connection, "208 OK CLIENT NAME SET")
        case ("SET", "PRIORITY"):
          priority = words.count > 3 ? words[3] : priority
          reply(connection, "202 OK PRIORITY SET")
        case ("SET", "PUNCTUATION"): reply(connection, "205 OK PUNCTUATION SET")
        case ("SET", "LANGUAGE"): reply(connection, "201 OK LANGUAGE SET")
        case ("SET", "NOTIFICATION"): reply(connection, "220 OK NOTIFICATION SET")
        case ("SOUND_ICON", _), ("CHAR", _), ("KEY", _):
          reply(connection, "225-\(nextMessageNumber())\r\n225 OK MESSAGE QUEUED")
        default: reply(connection, "200 OK")
        }
      }
    }
  }

  private func nextMessageNumber() -> Int {
    messageCount.withLock {
      $0 += 1
      return $0
    }
  }

  private func reply(_ connection: Int32, _ text: String) {
    BenchSystemCalls.writeAll(connection, Array((text + "\r\n").utf8))
  }
}
