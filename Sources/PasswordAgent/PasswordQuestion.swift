/// One question from `/run/systemd/ask-password`: what an `ask.*` file says.
///
/// Every text here is outside text, written by whoever asks; it is sanitised before it is shown or
/// spoken, never trusted.
package struct PasswordQuestion: Equatable, Hashable, Sendable {
  /// The file's name in the directory, such as `ask.BL8SiQ`; it names the question while it is pending.
  package var fileName: String
  /// `PID=`: the asking process; the question is dropped when it is gone.
  package var processIdentifier: Int32?
  /// `Socket=`: the absolute path of the datagram socket the answer goes to.
  package var socketPath: String
  /// `AcceptCached=`: whether the asker would also take a cached answer (this agent keeps none).
  package var acceptsCached: Bool
  /// `Echo=` and `Silent=`: how typing may be shown.
  package var echo: EchoMode
  /// `NotAfter=`: when the asker gives up, or `nil` for never (`0` or missing).
  package var notAfter: MonotonicInstant?
  /// `Message=`: the question's words, raw.
  package var message: String
  /// `Icon=`: an icon name, such as `drive-harddisk`, or `nil`.
  package var icon: String?
  /// `Id=`: who asks and for what, such as `cryptsetup:/dev/sda2`, or `nil`.
  package var identifier: String?

  /// Makes a question; the defaults are those of a file that leaves the key out.
  package init(
    fileName: String, processIdentifier: Int32? = nil, socketPath: String, acceptsCached: Bool = false,
    echo: EchoMode = .masked, notAfter: MonotonicInstant? = nil, message: String = "", icon: String? = nil,
    identifier: String? = nil
  ) {
    self.fileName = fileName
    self.processIdentifier = processIdentifier
    self.socketPath = socketPath
    self.acceptsCached = acceptsCached
    self.echo = echo
    self.notAfter = notAfter
    self.message = message
    self.icon = icon
    self.identifier = identifier
  }

  /// Whether the asker's deadline has passed at `now`.
  package func hasExpired(at now: MonotonicInstant) -> Bool {
    guard let notAfter else { return false }
    return now > notAfter
  }
}
