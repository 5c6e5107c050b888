/// Looks whether a speech-dispatcher is listening at the address libspeechd would use, without speaking
/// SSIP and without ever starting one: what the speech policy's `SpeechPolicyInputs.gather` is given to ask.
package enum SpeechDaemonProbe {
  /// The longest a TCP connection attempt may take.
  package static let deadline = Duration.milliseconds(100)

  /// Tries one connection to `SPEECHD_ADDRESS`, or libspeechd's default socket, and closes it at once.
  ///
  /// A daemon that accepts connections but never answers counts as answering here; the announcer's own
  /// deadline then finds it out and the one notice is shown.
  ///
  /// - Parameter address: The address to try; `nil` uses libspeechd's own choice.
  /// - Returns: `true` when the connection was accepted.
  package static func answers(address: SpeechDispatcherAddress? = nil) -> Bool {
    let target: SpeechDispatcherAddress
    if let address {
      target = address
    } else {
      guard case let .success(found) = SpeechDispatcherCalls.load().flatMap({ $0.defaultAddress() }) else {
        return false
      }
      target = found
    }
    switch target {
    case let .unixSocket(path): return SpeechSystemCalls.unixSocketAccepts(path)
    case let .inetSocket(host, port):
      return SpeechSystemCalls.tcpSocketAccepts(host: host, port: port, deadline: deadline)
    }
  }
}
