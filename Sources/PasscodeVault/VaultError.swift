import PasscodeEngine
import PasscodeLocalization
internal import SystemCalls

/// Everything that can go wrong in the vault layer, with the path and `errno` where there is one.
///
/// No case carries a secret, and ``description`` never prints one. A command maps these to its exit codes:
/// ``notSet`` is "no passcode set" (66), ``lockedOut(remaining:)`` is "locked out" (4), and the rest,
/// ``corrupt(path:)``, ``insecurePermissions(path:mode:)`` and ``wrongOwner(path:)`` included, are storage
/// errors (74). None of them ever unlocks: the vault fails closed.
package enum VaultError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A stored file does not have the expected shape (truncated, edited or from another program).
  case corrupt(path: String)
  /// A file or directory grants access to the group or to other users; `mode` is the full `st_mode`.
  case insecurePermissions(path: String, mode: UInt32)
  /// A file or directory belongs to another user.
  case wrongOwner(path: String)
  /// A directory on the way to a store file can be changed by another user: it belongs to someone other
  /// than the user or root, or others may write it (and it is not a sticky directory owned by root, like
  /// `/tmp`). A symbolic link on the way is refused the same way, as a file could be moved under it.
  case unsafeDirectory(path: String)
  /// A system call failed: `operation` names it (for example `open`) and `errno` is its error code.
  case io(path: String, operation: String, errno: Int32)
  /// No passcode has been set.
  case notSet
  /// Too many wrong passcodes: entry is refused for `remaining`.
  case lockedOut(remaining: Duration)
  /// A line of the settings file could not be used; `reason` is the line's refusal as
  /// `ConfigurationLineError` words it, a refused value quoted with visible escapes.
  case invalidSetting(path: String, line: Int, reason: String)
  /// Neither `HOME` nor an absolute XDG directory was available to place the files.
  case noHomeDirectory
  /// A path names something that is not what the vault expects (for example a directory where a file
  /// belongs).
  case notRegularFile(path: String)
  /// libsodium failed: `operation` names the C function (for example `sodium_init` or `crypto_pwhash_str`).
  case cryptography(operation: String)

  /// The message to show a person: what happened, where, and what to do about it when there is a fix.
  ///
  /// Every path in it is quoted (``SanitizedText/init(quoting:)``): a line feed in a directory's name is
  /// shown as `\n`, so it cannot start a line of advice of its own.
  package var description: String {
    switch self {
    case let .corrupt(path):
      Localization.text(
        "The file {path} is damaged or was not written by passcode; entry stays locked until it is repaired "
          + "or removed.", ["path": Self.shown(path)])
    case let .insecurePermissions(path, mode):
      Self.permissionsMessage(path: path, mode: mode)
    case let .wrongOwner(path):
      Localization.text(
        "{path} belongs to another user, so it cannot be trusted; entry stays locked.", ["path": Self.shown(path)])
    case let .unsafeDirectory(path):
      Localization.text(
        "{path} is a symbolic link, or another user could change it, so no file under it can be trusted; "
          + "entry stays locked. Fix it with: chmod go-w {path}, or keep the store elsewhere.",
        ["path": Self.shown(path)])
    case let .io(path, operation, errno):
      Localization.text(
        "Could not {operation} {path}: {error}.",
        ["operation": operation, "path": Self.shown(path), "error": Self.errorName(errno)])
    case .notSet:
      Localization.text("No passcode is set. Set one with 'passcode set'.")
    case let .lockedOut(remaining):
      Localization.text("Too many wrong passcodes. Try again in {duration}.", ["duration": Self.spoken(remaining)])
    case let .invalidSetting(path, line, reason):
      Localization.text(
        "{path}, line {line}: {reason}.", ["path": Self.shown(path), "line": "\(line)", "reason": reason])
    case .noHomeDirectory:
      Localization.text("HOME is not set, so there is nowhere to keep the passcode. Set HOME or use --store DIR.")
    case let .notRegularFile(path):
      Localization.text("{path} is not a regular file.", ["path": Self.shown(path)])
    case let .cryptography(operation):
      Localization.text("The cryptography library failed ({operation}).", ["operation": operation])
    }
  }

  /// What is wrong, without the command that fixes it where ``description`` ends with one (`Fix it with:
  /// chmod …`): `passcode doctor` prints that command on a line of its own, once.
  package var problemStatement: String {
    if case let .insecurePermissions(path, mode) = self {
      return Self.permissionsMessage(path: path, mode: mode, withFix: false)
    }
    return description
  }

  /// Says what the group and other bits of `mode` let others do, and only that: 0644 lets them read a
  /// file, 0620 change it, 0711 reach a directory's files by name; then, when asked, the `chmod` that fixes it.
  private static func permissionsMessage(path: String, mode: UInt32, withFix: Bool = true) -> String {
    let isDirectory = mode & 0o170000 == 0o040000
    let permissions = String(mode & 0o7777, radix: 8)
    let wanted = isDirectory ? "700" : "600"
    let others = Localization.text(mode & 0o007 != 0 ? "other users" : "members of its group")
    let bits = (mode | mode >> 3) & 0o007
    var abilities: [String] = []
    if bits & 0o4 != 0 { abilities.append(Localization.text(isDirectory ? "list it" : "read it")) }
    if bits & 0o2 != 0 { abilities.append(Localization.text(isDirectory ? "add or remove files in it" : "change it")) }
    if bits & 0o1 != 0 { abilities.append(Localization.text(isDirectory ? "open the files in it by name" : "run it")) }
    let allowed =
      abilities.count > 1
      ? Localization.text(
        "{first} or {last}", ["first": abilities.dropLast().joined(separator: ", "), "last": abilities.last ?? ""])
      : abilities.joined()
    let problem = Localization.text(
      "{path} has permissions 0{permissions}, so {others} could {allowed}.",
      ["path": shown(path), "permissions": permissions, "others": others, "allowed": allowed])
    guard withFix else { return problem }
    return problem + " "
      + Localization.text("Fix it with: chmod {wanted} {path}", ["path": shown(path), "wanted": wanted])
  }

  /// A path as a message shows it: quoted by the sanitiser, so nothing in it acts on the terminal or starts
  /// a line.
  private static func shown(_ path: String) -> String {
    SanitizedText(quoting: path).text
  }

  private static func errorName(_ code: Int32) -> String {
    switch Errno(rawValue: code) {
    case .notPermitted: Localization.text("operation not permitted (EPERM)")
    case .noSuchFileOrDirectory: Localization.text("no such file or directory (ENOENT)")
    case .inputOutput: Localization.text("input/output error (EIO)")
    case .permissionDenied: Localization.text("permission denied (EACCES)")
    case .fileExists: Localization.text("file exists (EEXIST)")
    case .notADirectory: Localization.text("not a directory (ENOTDIR)")
    case .isADirectory: Localization.text("is a directory (EISDIR)")
    case .noSpaceLeft: Localization.text("no space left on device (ENOSPC)")
    case .readOnlyFileSystem: Localization.text("read-only file system (EROFS)")
    case .tooManySymbolicLinks: Localization.text("too many levels of symbolic links (ELOOP)")
    case .diskQuotaExceeded: Localization.text("disk quota exceeded (EDQUOT)")
    default: Localization.text("error {code}", ["code": "\(code)"])
    }
  }

  private static func spoken(_ duration: Duration) -> String {
    let seconds = max(1, duration.wholeSecondsRoundedUp)
    if seconds < 60 { return Localization.text(singular: "{count} second", plural: "{count} seconds", count: seconds) }
    let minutes = seconds / 60 + (seconds % 60 > 0 ? 1 : 0)
    return Localization.text(singular: "{count} minute", plural: "{count} minutes", count: minutes)
  }
}
