import PasscodeLocalization

/// Why speech did not work. Messages never carry a secret.
package enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
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
  /// The client or connection name is not one word SSIP can carry (``SSIPValue``), so nothing was sent.
  case nameRefused

  /// A short sentence for diagnostics, in the user's language; the prompt shows a fixed notice instead.
  package var description: String {
    switch self {
    case let .connectFailed(reason): LibspeechdMessage.translated(reason)
    case let .timedOut(milliseconds):
      Localization.text(
        "speech-dispatcher did not answer within {milliseconds} ms", ["milliseconds": "\(milliseconds)"])
    case .sendFailed: Localization.text("speech-dispatcher stopped answering")
    case let .addressInvalid(reason):
      Localization.text("bad speech-dispatcher address: {reason}", ["reason": LibspeechdMessage.translated(reason)])
    case let .libraryMissing(reason): reason
    case .nameRefused: Localization.text("the client or connection name is not a plain word, so it was not sent")
    }
  }
}
