import PasscodeEngine
import PasscodeLocalization

/// Why the config file's security settings (`lockout`, `length`, `grace`) are not used: another user could
/// change the file, and a weaker schedule or a long grace period written by someone else must not count.
///
/// The file holds no secret, so others reading it is fine (0644 is honoured). It is refused only when
/// someone other than the user or root could change what it says: it is writable by its group or by
/// others, it belongs to another user, it is a symbolic link (which could lead anywhere, so it is not
/// followed for these settings), or a directory on the way to it is a link or open to others. Its
/// accessibility choices (profile, speech, reduce-motion, sound, progress) are still read from it, through the
/// link if it is one: none of them can reveal or weaken anything. `progress` is a privacy choice, and keeping
/// it is the safe direction: refusing it would give the default, `count`, which reveals the most, and the most
/// another user could write there is that same `count`; keeping it honours the person's `tick` or `silent`.
package struct ConfigurationRefusal: Equatable, Sendable, CustomStringConvertible {
  /// What makes the file changeable by others.
  package enum Reason: Equatable, Sendable {
    /// The group or others may write it; `mode` is the full `st_mode`.
    case writable(mode: UInt32)
    /// It belongs to a user other than this one and root.
    case anotherOwner
    /// It is a symbolic link.
    case symbolicLink
    /// A directory on the way to it, `path`, is a symbolic link or can be changed by another user.
    case unsafeDirectory(path: String)
  }

  /// The config file.
  package var path: String
  /// What makes it changeable by others.
  package var reason: Reason

  /// Creates a refusal, as the vault's reading does and as tests do.
  ///
  /// - Parameters:
  ///   - path: The config file.
  ///   - reason: What makes it changeable by others.
  package init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// The refusal a vault error about the config file amounts to, or `nil` when the error is not about who
  /// could change it (the file is damaged, unreadable, or not a file at all).
  ///
  /// - Parameters:
  ///   - error: What reading the file under ``SecureFile/Rule/unchangeableByOthers`` threw.
  ///   - file: The config file's path.
  init?(_ error: VaultError, file: String) {
    switch error {
    case let .insecurePermissions(_, mode): reason = .writable(mode: mode)
    case .wrongOwner: reason = .anotherOwner
    case let .unsafeDirectory(directory): reason = .unsafeDirectory(path: directory)
    case let .notRegularFile(path) where path == file && SecureFile.isSymbolicLink(path): reason = .symbolicLink
    default: return nil
    }
    path = file
  }

  /// What was found and what it means, without the fix.
  package var explanation: String {
    let file = SanitizedText(quoting: path).text
    let found: String
    switch reason {
    case let .writable(mode):
      found = Localization.text(
        "{path} has permissions 0{permissions}, so {others} could change it",
        [
          "path": file, "permissions": String(mode & 0o7777, radix: 8),
          "others": Localization.text(mode & 0o002 != 0 ? "other users" : "members of its group"),
        ])
    case .anotherOwner:
      found = Localization.text("{path} belongs to another user, who could change it", ["path": file])
    case .symbolicLink:
      found = Localization.text(
        "{path} is a symbolic link, which could lead to a file others can change", ["path": file])
    case let .unsafeDirectory(directory):
      found = Localization.text(
        "{directory} is a symbolic link or another user could change it, and so {path} under it",
        ["directory": SanitizedText(quoting: directory).text, "path": file])
    }
    return Localization.text(
      "{found}; its lockout, length and grace are not used, only its profile, speech, reduce-motion, sound, "
        + "progress, mask and voice.",
      ["found": found])
  }

  /// The one step that makes the file honoured: a command where there is one, else words.
  package var fix: String {
    if let command = fixCommand(quoting: { SanitizedText(quoting: $0).text }) { return command }
    return Localization.text(
      "make {directory} a directory, not a link, that only you can change (chmod go-w)",
      ["directory": SanitizedText(quoting: directoryInQuestion ?? path).text])
  }

  /// The shell command that makes the file honoured, its paths quoted by `quote`, or `nil` when the step is a
  /// directory to set right rather than one command.
  ///
  /// - Parameter quote: Makes a path one shell word (or, for messages, shows it with visible escapes).
  /// - Returns: The command.
  package func fixCommand(quoting quote: (String) -> String) -> String? {
    let file = quote(path)
    switch reason {
    case .writable: return "chmod go-w \(file)"
    case .anotherOwner: return "cp \(file) \(file).new && mv \(file).new \(file)"
    case .symbolicLink: return "cp --remove-destination \"$(readlink -f \(file))\" \(file)"
    case .unsafeDirectory: return nil
    }
  }

  private var directoryInQuestion: String? {
    if case let .unsafeDirectory(directory) = reason { return directory }
    return nil
  }

  /// The explanation and the fix, for `status` and the like.
  package var description: String {
    explanation + "\n" + Localization.text("Fix it with: {fix}", ["fix": fix])
  }
}
