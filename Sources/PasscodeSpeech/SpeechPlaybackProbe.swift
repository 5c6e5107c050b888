internal import SystemCalls

/// Whether a speech-dispatcher that answers can also play: one short text is spoken over SSIP with the
/// end-of-message event turned on, and the probe waits for that event. A daemon whose output module cannot
/// open the sound device answers every command and begins the text (`701 BEGIN`), but never ends it
/// (`702 END`), and from then on plays nothing until it is restarted. `passcode doctor` uses it, so that a
/// daemon that answers but is never heard is told apart from one that works.
package enum SpeechPlaybackProbe {
  /// How long the text may take to be spoken to its end.
  package static let deadline = Duration.seconds(4)

  /// What became of the text.
  package enum Outcome: Equatable, Sendable {
    /// The daemon said it finished speaking it (or that something else cut it off, which only a working
    /// daemon does).
    case finished
    /// The daemon took it but did not finish it within the deadline: it cannot play.
    case unfinished
    /// The daemon refused it, or the connection failed, so nothing is known about playing.
    case unknown
  }

  /// Speaks `text` at the daemon listening on a Unix socket, with the end event on, and waits for the end.
  /// The corresponding C functions are those of ``UnixSocket/connectedStream(to:)``, `write` and `poll`.
  ///
  /// - Parameters:
  /// Every value on an SSIP line passes ``SSIPValue``'s check, as libspeechd's do.
  ///
  /// - Parameters:
  ///   - text: The words; line breaks become spaces, control characters go.
  ///   - path: The daemon's socket.
  ///   - userName: The user's name for the SSIP client name (`user:passcode:doctor`); `nil` for this user's.
  ///   - language: The language of `text`, for the daemon's voice.
  ///   - deadline: The longest wait for the end.
  /// - Returns: What became of the text.
  package static func play(
    _ text: String, socketPath path: String, userName: String?, language: String, deadline: Duration = deadline
  ) -> Outcome {
    let user = SpeechDispatcherCalls.userName(userName)
    guard let client = SSIPValue(name: "passcode"), let connection = SSIPValue(name: "doctor"),
      let checkedLanguage = SSIPValue(name: language)
    else { return .unknown }
    guard let socket = try? UnixSocket.connectedStream(to: path) else { return .unknown }
    defer { socket.closeIgnoringErrors() }
    let start = MonotonicClock.now
    let end = MonotonicClock.Instant(
      microseconds: start.microseconds + UInt64(max(deadline.wholeMilliseconds, 0)) * 1000)
    var reader = LineReader(socket: socket)
    let line = SSIPValue(spoken: text).text
    // A line of one full stop ends the text; SSIP doubles a leading one.
    let spoken = line.hasPrefix(".") ? "." + line : line
    let commands = [
      "SET SELF CLIENT_NAME \(user.text):\(client.text):\(connection.text)", "SET SELF NOTIFICATION END on",
      "SET SELF NOTIFICATION CANCEL on", "SET SELF PRIORITY message", "SET SELF LANGUAGE \(checkedLanguage.text)",
      "SPEAK", "\(spoken)\r\n.",
    ]
    for command in commands {
      guard (try? socket.writeAll(Array((command + "\r\n").utf8))) != nil else { return .unknown }
      guard let reply = reader.reply(before: end) else { return .unknown }
      // 2xx: done; 230: send the text. A refused language (4xx/5xx) still speaks in the daemon's own.
      guard reply.hasPrefix("2") || command.hasPrefix("SET SELF LANGUAGE") else { return .unknown }
    }
    while let event = reader.line(before: end) {
      if event.hasPrefix("702 ") || event.hasPrefix("703 ") { return .finished }
    }
    return .unfinished
  }

  /// Reads CR LF lines from the socket, each within what is left of a deadline.
  private struct LineReader {
    let socket: FileDescriptor
    var pending: [UInt8] = []

    /// The last line of the reply to a command (`208 OK …`), skipping its `NNN-` lines and any event.
    mutating func reply(before end: MonotonicClock.Instant) -> String? {
      while let line = line(before: end) {
        let isFinal = line.count > 3 && line[line.index(line.startIndex, offsetBy: 3)] == " "
        if isFinal, !line.hasPrefix("7") { return line }
      }
      return nil
    }

    /// The next line, or `nil` when the deadline passes or the daemon hangs up first.
    mutating func line(before end: MonotonicClock.Instant) -> String? {
      while true {
        if let newline = pending.firstIndex(of: 10) {
          let line = pending[..<newline].filter { $0 != 13 }
          pending.removeSubrange(...newline)
          return String(decoding: line, as: UTF8.self)
        }
        let left = end - MonotonicClock.now
        guard left > .zero, let events = try? Poll<Int>.wait(for: socket, .readable, timeout: left),
          !events.isEmpty, let bytes = try? socket.read(upTo: 4096), !bytes.isEmpty
        else { return nil }
        pending += bytes
      }
    }
  }
}
