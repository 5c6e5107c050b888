import PasscodeEngine
internal import SystemCalls

/// What `passcode doctor` reports about speech-dispatcher: whether it answers, at which address, and
/// with which output module. It never starts a daemon. The doctor puts it in words.
package struct SpeechDiagnostics: Equatable, Sendable {
  /// Whether a connection to speech-dispatcher succeeded within the deadline.
  package var reachable: Bool
  /// Why it did not, when it did not: libspeechd's text on one line, with control characters removed.
  package var failure: String?
  /// The address used: `SPEECHD_ADDRESS`, or libspeechd's default socket, in `SPEECHD_ADDRESS` form.
  package var address: String
  /// The output module the daemon uses for us, such as `espeak-ng`, when it said.
  package var outputModule: String?
  /// Whether something accepted a connection at the address, whether or not it then answered: one that
  /// accepts and never answers is a daemon that is running but hangs.
  package var accepting: Bool
  /// Whether a test text was spoken to its end, when one was tried (``SpeechPlaybackProbe``).
  package var playback: SpeechPlaybackProbe.Outcome?
  /// The daemon's process, from the pid file speech-dispatcher keeps beside its default socket
  /// (`…/speech-dispatcher/pid/speech-dispatcher.pid`), when that names a running speech-dispatcher.
  package var processID: Int32?
  /// The daemon's own log, `speech-dispatcher.log`, where it says why it cannot play: the one its process
  /// has open, else the one beside its default socket, when there is one.
  package var logFile: String?

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - reachable: Whether the daemon answered.
  ///   - failure: Why not.
  ///   - address: The address used.
  ///   - outputModule: The daemon's output module.
  ///   - accepting: Whether a connection was accepted; by default, whether the daemon answered.
  ///   - playback: What became of a test text, if one was tried.
  ///   - processID: The daemon's process.
  ///   - logFile: The daemon's log.
  package init(
    reachable: Bool, failure: String?, address: String, outputModule: String?, accepting: Bool? = nil,
    playback: SpeechPlaybackProbe.Outcome? = nil, processID: Int32? = nil, logFile: String? = nil
  ) {
    self.reachable = reachable
    self.failure = failure.map(Self.oneLine)
    self.address = address
    self.outputModule = outputModule
    self.accepting = accepting ?? reachable
    self.playback = playback
    self.processID = processID
    self.logFile = logFile
  }

  /// Tries a connection with the deadline, never letting libspeechd start a daemon; when it answers and a
  /// text is given, speaks that text to see whether the daemon can play.
  ///
  /// - Parameters:
  ///   - configuration: How to connect; its address, deadline, user name and language are used.
  ///   - playbackText: The words to speak as a test, or `nil` to speak nothing.
  /// - Returns: The report; takes at most about the deadline, plus ``SpeechPlaybackProbe/deadline`` when
  ///   a text is spoken.
  package static func gather(
    configuration: SpeechDispatcherConfiguration = SpeechDispatcherConfiguration(), playbackText: String? = nil
  ) -> SpeechDiagnostics {
    let library = SpeechDispatcherCalls.load()
    let address: String
    let target: SpeechDispatcherAddress?
    if let configured = configuration.address {
      address = configured.description
      target = configured
    } else {
      switch library.flatMap({ $0.defaultAddress() }) {
      case let .success(found):
        address = found.description
        target = found
      case let .failure(error):
        address = error.description
        target = nil
      }
    }
    let probe = DeadlineRunner.run(deadline: configuration.deadline) { () -> Result<String?, SpeechError> in
      SpeechDispatcherCalls.ignoreBrokenPipeSignal()
      return library.flatMap { calls in
        calls.open(
          clientName: configuration.clientName, connectionName: "doctor", userName: configuration.userName,
          address: configuration.address, autospawn: false
        ).map { connection in
          defer { calls.close(connection) }
          return calls.outputModule(connection)
        }
      }
    }
    var diagnostics: SpeechDiagnostics
    switch probe ?? .failure(.timedOut(milliseconds: configuration.deadline.wholeMilliseconds)) {
    case let .success(module):
      diagnostics = SpeechDiagnostics(reachable: true, failure: nil, address: address, outputModule: module)
    case let .failure(error):
      diagnostics = SpeechDiagnostics(
        reachable: false, failure: error.description, address: address, outputModule: nil,
        accepting: target.map { SpeechDaemonProbe.answers(address: $0) } ?? false)
    }
    guard case let .unixSocket(path) = target else { return diagnostics }
    (diagnostics.processID, diagnostics.logFile) = daemonProcess(socketPath: path)
    if diagnostics.reachable, let playbackText {
      diagnostics.playback = SpeechPlaybackProbe.play(
        playbackText, socketPath: path, userName: configuration.userName, language: configuration.language)
    }
    return diagnostics
  }

  /// The process of the speech-dispatcher at a socket, from the pid file it keeps beside it, when that names
  /// a running speech-dispatcher (a stale file may name another program), and its log.
  private static func daemonProcess(socketPath: String) -> (Int32?, String?) {
    let directory = socketPath.lastIndex(of: "/").map { String(socketPath[..<$0]) } ?? "."
    let besideSocket = directory + "/log/speech-dispatcher.log"
    let defaultLog = FileSystem.exists(besideSocket) ? besideSocket : nil
    guard let text = readText(directory + "/pid/speech-dispatcher.pid"),
      let pid = Int32(text.trimmingWhitespace()), pid > 0,
      readText("/proc/\(pid)/comm")?.hasPrefix("speech-dispatch") == true
    else { return (nil, defaultLog) }
    let open = ((try? FileSystem.directoryEntries("/proc/\(pid)/fd")) ?? []).sorted().compactMap {
      FileSystem.resolvedPath("/proc/\(pid)/fd/\($0)")
    }
    return (pid, open.first { $0.hasSuffix("/speech-dispatcher.log") } ?? defaultLog)
  }

  private static func readText(_ path: String) -> String? {
    guard let file = try? FileDescriptor.open(path, .readOnly) else { return nil }
    defer { file.closeIgnoringErrors() }
    return (try? file.readToEnd()).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Text from a library, on one line: line breaks and tabs become spaces, other control characters go,
  /// runs of spaces shrink to one, a trailing full stop goes, and at most 300 characters are kept.
  private static func oneLine(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      let isControl = scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
      if scalar.properties.isWhitespace || scalar == "\u{85}" {
        if !result.hasSuffix(" "), !result.isEmpty { result.append(" ") }
      } else if !isControl {
        result.unicodeScalars.append(scalar)
      }
    }
    var trimmed = Substring(result)
    while let last = trimmed.last, last == "." || last == " " { trimmed.removeLast() }
    return String(trimmed.prefix(300))
  }
}
