internal import SystemCalls

/// What `passcode doctor` reports about speech-dispatcher: whether it answers, at which address, and
/// with which output module. It never starts a daemon.
package struct SpeechDiagnostics: Equatable, Sendable {
  /// Whether a connection to speech-dispatcher succeeded within the deadline.
  package var reachable: Bool
  /// Why it did not, when it did not: libspeechd's text on one line, with control characters removed.
  package var failure: String?
  /// The address used: `SPEECHD_ADDRESS`, or libspeechd's default socket, in `SPEECHD_ADDRESS` form.
  package var address: String
  /// The output module the daemon uses for us, such as `espeak-ng`, when it said.
  package var outputModule: String?

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - reachable: Whether the daemon answered.
  ///   - failure: Why not.
  ///   - address: The address used.
  ///   - outputModule: The daemon's output module.
  package init(reachable: Bool, failure: String?, address: String, outputModule: String?) {
    self.reachable = reachable
    self.failure = failure.map(Self.oneLine)
    self.address = address
    self.outputModule = outputModule
  }

  /// Tries a connection with the deadline, never letting libspeechd start a daemon.
  ///
  /// - Parameter configuration: How to connect; its address and deadline are used.
  /// - Returns: The report; takes at most about the deadline.
  package static func gather(configuration: SpeechDispatcherConfiguration = SpeechDispatcherConfiguration())
    -> SpeechDiagnostics
  {
    let library = SpeechDispatcherCalls.load()
    let address: String
    if let configured = configuration.address {
      address = configured.description
    } else {
      switch library.flatMap({ $0.defaultAddress() }) {
      case let .success(found): address = found.description
      case let .failure(error): address = error.description
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
    switch probe ?? .failure(.timedOut(milliseconds: configuration.deadline.wholeMilliseconds)) {
    case let .success(module):
      return SpeechDiagnostics(reachable: true, failure: nil, address: address, outputModule: module)
    case let .failure(error):
      return SpeechDiagnostics(reachable: false, failure: error.description, address: address, outputModule: nil)
    }
  }

  /// The report as one line of words for `passcode doctor`.
  package var line: String {
    if reachable {
      return "speech-dispatcher: answering at \(address), output module \(outputModule ?? "unknown")."
    }
    return "speech-dispatcher: not answering at \(address). libspeechd says: \(failure ?? "no reason given")."
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
