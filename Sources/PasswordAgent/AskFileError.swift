/// Why an `ask.*` file is not a question this agent can answer. The texts name keys, never the file's values.
package enum AskFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is larger than ``AskFileParser/maximumByteCount``.
  case tooLarge(byteCount: Int)
  /// There is no `[Ask]` section.
  case missingAskSection
  /// `Socket=` is missing or empty.
  case missingSocket
  /// `Socket=` is not an absolute path that fits a Unix socket address.
  case invalidSocket
  /// A key's value is not what the key takes (a number, a yes/no).
  case invalidValue(key: String)
  /// The file, or the socket it names, is not root's: someone else asks, and the agent ignores it.
  case untrusted(UntrustedReason)

  /// The reason in words, naming keys, never the file's values.
  package var description: String {
    switch self {
    case let .tooLarge(byteCount): "the file is too large (\(byteCount) bytes)"
    case .missingAskSection: "there is no [Ask] section"
    case .missingSocket: "Socket= is missing"
    case .invalidSocket: "Socket= is not an absolute socket path of at most 107 bytes"
    case let .invalidValue(key): "\(key)= has a value that is not valid"
    case let .untrusted(reason): "not trusted: \(reason)"
    }
  }
}
