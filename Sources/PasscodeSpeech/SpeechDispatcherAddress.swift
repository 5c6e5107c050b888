/// Where a speech-dispatcher daemon listens, written as libspeechd's `SPEECHD_ADDRESS`.
///
/// The forms are `unix_socket:PATH` and `inet_socket:HOST:PORT`; as in libspeechd, the parts after the method are
/// optional (the default socket path, host `127.0.0.1`, port 6560).
package enum SpeechDispatcherAddress: Equatable, Sendable, CustomStringConvertible {
  /// A Unix domain socket at a path.
  case unixSocket(path: String)
  /// A TCP socket.
  case inetSocket(host: String, port: Int)

  /// The port libspeechd uses when the address names none.
  package static let defaultPort = 6560

  /// Parses an address as libspeechd reads `SPEECHD_ADDRESS`; fails when the method is neither `unix_socket` nor
  /// `inet_socket`, or the port is not a number from 1 to 65535.
  ///
  /// - Parameters:
  ///   - text: The address, such as `unix_socket:/run/user/1000/speech-dispatcher/speechd.sock`.
  ///   - runtimeDirectory: `XDG_RUNTIME_DIR`, used for the default socket path when the address names none.
  package init?(parsing text: String, runtimeDirectory: String? = SpeechSystemCalls.environmentValue("XDG_RUNTIME_DIR"))
  {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    switch parts[0] {
    case "unix_socket":
      if parts.count > 1, !parts[1].isEmpty {
        self = .unixSocket(path: parts[1])
      } else {
        self = .unixSocket(path: Self.defaultSocketPath(runtimeDirectory: runtimeDirectory))
      }
    case "inet_socket":
      let rest = parts.count > 1 ? parts[1].split(separator: ":", omittingEmptySubsequences: false) : []
      let host = rest.first.map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
      guard rest.count > 1 else {
        self = .inetSocket(host: host, port: Self.defaultPort)
        return
      }
      guard let port = Int(rest[1]), (1...65535).contains(port) else { return nil }
      self = .inetSocket(host: host, port: port)
    default:
      return nil
    }
  }

  /// The socket libspeechd uses by default: `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`.
  ///
  /// - Parameter runtimeDirectory: `XDG_RUNTIME_DIR`; without it, GLib's fallback `~/.cache` is used.
  /// - Returns: The path.
  package static func defaultSocketPath(runtimeDirectory: String?) -> String {
    let base = runtimeDirectory.flatMap { $0.isEmpty ? nil : $0 } ?? (SpeechSystemCalls.homeDirectory() + "/.cache")
    return base + "/speech-dispatcher/speechd.sock"
  }

  /// The address in `SPEECHD_ADDRESS` form.
  package var description: String {
    switch self {
    case let .unixSocket(path): "unix_socket:\(path)"
    case let .inetSocket(host, port): "inet_socket:\(host):\(port)"
    }
  }
}
