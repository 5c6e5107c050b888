import Glibc

/// What `passcode doctor` reports about speech: the daemon, its address and output module, and screen readers.
public struct SpeechDiagnostics: Equatable, Sendable {
  /// Whether a connection to speech-dispatcher succeeded within the deadline.
  public var reachable: Bool
  /// Why it did not, when it did not.
  public var failure: String?
  /// The address used: `SPEECHD_ADDRESS`, or libspeechd's default socket, in `SPEECHD_ADDRESS` form.
  public var address: String
  /// The output module the daemon uses for us, such as `espeak-ng`, when it said.
  public var outputModule: String?
  /// The screen readers found.
  public var detection: ScreenReaderDetection

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - reachable: Whether the daemon answered.
  ///   - failure: Why not.
  ///   - address: The address used.
  ///   - outputModule: The daemon's output module.
  ///   - detection: The screen readers found.
  public init(
    reachable: Bool, failure: String?, address: String, outputModule: String?, detection: ScreenReaderDetection
  ) {
    self.reachable = reachable
    self.failure = failure
    self.address = address
    self.outputModule = outputModule
    self.detection = detection
  }

  /// Tries a connection (with the deadline) and runs the screen-reader checks.
  ///
  /// - Parameters:
  ///   - configuration: How to connect; its address, autospawn and deadline are used.
  ///   - detector: The screen-reader checks.
  /// - Returns: The report; takes at most about the deadline plus the detector's own.
  public static func gather(
    configuration: SpeechDispatcherConfiguration = SpeechDispatcherConfiguration(),
    detector: ScreenReaderDetector = ScreenReaderDetector()
  ) -> SpeechDiagnostics {
    let address: String
    if let configured = configuration.address {
      address = configured.description
    } else {
      switch SpeechDispatcherCalls.defaultAddress() {
      case let .success(found): address = found.description
      case let .failure(error): address = error.description
      }
    }
    let probe = DeadlineRunner.run(deadline: configuration.deadline) { () -> Result<String?, SpeechError> in
      SpeechDispatcherCalls.ignoreBrokenPipeSignal()
      let opened = SpeechDispatcherCalls.open(
        clientName: configuration.clientName, connectionName: "doctor", userName: configuration.userName,
        address: configuration.address, autospawn: configuration.autospawn)
      return opened.map { connection in
        defer { SpeechDispatcherCalls.close(connection) }
        return SpeechDispatcherCalls.outputModule(connection)
      }
    }
    let outcome = probe ?? .failure(.timedOut(milliseconds: configuration.deadline.wholeMilliseconds))
    let detection = detector.detect()
    switch outcome {
    case let .success(module):
      return SpeechDiagnostics(
        reachable: true, failure: nil, address: address, outputModule: module, detection: detection)
    case let .failure(error):
      return SpeechDiagnostics(
        reachable: false, failure: error.description, address: address, outputModule: nil, detection: detection)
    }
  }

  /// The report as lines of plain words for `passcode doctor`.
  ///
  /// - Returns: One line per fact.
  public func lines() -> [String] {
    var lines = ["speech-dispatcher address: \(address)"]
    if reachable {
      lines.append("speech-dispatcher: reachable, output module \(outputModule ?? "unknown")")
    } else {
      lines.append("speech-dispatcher: not reachable (\(failure ?? "unknown reason"))")
    }
    let atspi = detection.atspiEnabled.map { $0 ? "on" : "off" } ?? "unknown"
    lines.append("AT-SPI screen reader setting: \(atspi)")
    lines.append("Orca running: \(detection.orcaRunning ? "yes" : "no")")
    let readers = detection.readerNames
    lines.append("Screen readers found: \(readers.isEmpty ? "none" : readers.joined(separator: ", "))")
    let echo = detection.speakupKeyEcho.map { ", key_echo \($0)" } ?? ""
    lines.append("Speakup: \(detection.speakupPresent ? "loaded\(echo)" : "not loaded")")
    return lines
  }
}
