/// An error from the pseudo-terminal test driver.
package enum PseudoTerminalError: Error, Equatable, CustomStringConvertible {
  /// A C call failed.
  case systemCall(name: String, errno: Int32)
  /// The expected output did not arrive in time; `received` holds what did (test output, not secrets).
  case timedOut(received: [UInt8])
  /// The other side closed the terminal before the expected output arrived.
  case endOfFile(received: [UInt8])

  /// A sentence describing the failure, with received bytes shown as escaped text.
  package var description: String {
    switch self {
    case .systemCall(let name, let errno): "\(name) failed with errno \(errno)"
    case .timedOut(let received): "timed out; received \(String(decoding: received, as: UTF8.self).debugDescription)"
    case .endOfFile(let received):
      "the terminal closed; received \(String(decoding: received, as: UTF8.self).debugDescription)"
    }
  }
}
