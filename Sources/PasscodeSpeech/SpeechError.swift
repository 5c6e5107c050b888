/// Why speech did not work. Messages never carry a secret.
package enum SpeechError: Error, Equatable, Sendable {
  /// libspeechd could not connect; carries libspeechd's own explanation.
  case connectFailed(String)
  /// The daemon did not answer within the deadline.
  case timedOut(milliseconds: Int)
  /// The daemon stopped accepting messages (it may have died).
  case sendFailed
  /// An address could not be understood; carries the text or libspeechd's explanation.
  case addressInvalid(String)
  /// libspeechd, loaded at run time, is missing; carries the loader's explanation.
  case libraryMissing(String)

  /// A short sentence for diagnostics; the prompt shows a fixed notice instead.
  package var description: String {
    switch self {
    case let .connectFailed(reason): reason
    case let .timedOut(milliseconds): "speech-dispatcher did not answer within \(milliseconds) ms"
    case .sendFailed: "speech-dispatcher stopped answering"
    case let .addressInvalid(reason): "bad speech-dispatcher address: \(reason)"
    case let .libraryMissing(reason): reason
    }
  }
}
