/// What `GETINFO` can ask for.
package enum PinentryInfoTopic: String, Sendable, CaseIterable {
  /// The program's version.
  case version
  /// The server's process id.
  case pid
  /// The pinentry flavor, such as `tty` or `passcode`.
  case flavor
  /// The tty name and type, the display, the tty's mode/owner/group, the effective uid/gid and an Emacs
  /// status, separated by spaces, with `-` for what is unknown.
  case ttyinfo
}
