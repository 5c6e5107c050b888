/// Why a question is not trusted to be root's: the agent neither asks it nor sends its socket anything.
///
/// systemd's askers run as root and write their `ask.*` files (mode 0644) and sockets as root, so anything
/// else was put there by someone else.
package enum UntrustedReason: Equatable, Sendable, CustomStringConvertible {
  /// The `ask.*` file is not root's.
  case fileOwner(user: UInt32)
  /// The group or others may write the `ask.*` file; `mode` holds its permission bits.
  case fileWritable(mode: UInt32)
  /// `Socket=` names a symbolic link, or a path through one.
  case socketLink
  /// `Socket=` names something that is not a socket.
  case socketType
  /// The socket is not root's.
  case socketOwner(user: UInt32)

  /// The reason in words (English; the command line words it in the user's language).
  package var description: String {
    switch self {
    case let .fileOwner(user): "the file is owned by user \(user), not root"
    case let .fileWritable(mode): "group or others can write the file (mode \(Self.octal(mode)))"
    case .socketLink: "its socket is reached through a symbolic link"
    case .socketType: "its Socket= is not a socket"
    case let .socketOwner(user): "its socket is owned by user \(user), not root"
    }
  }

  /// Permission bits as `ls` and `chmod` spell them, such as `0666`.
  package static func octal(_ mode: UInt32) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
