/// A short-lived mark that the right passcode was given on this terminal in this login session, so a
/// command run again soon does not ask again.
///
/// The stamp is a 0600 file `grace-<terminal>-<session>` in the runtime directory, keyed by the terminal's
/// name (for example `pts_3` for `/dev/pts/3`) and the session ID, so another terminal or a new login never
/// inherits it. It holds when it was recorded and when it expires, never a secret. Anything unreadable,
/// insecure or malformed counts as not valid.
public struct GraceStamp: Equatable, Hashable, Sendable {
  /// The stamp file.
  public let path: String

  /// Creates a stamp for a terminal and a session.
  ///
  /// - Parameters:
  ///   - runtimeDirectory: The directory of the stamp.
  ///   - terminalName: The terminal's path or name, such as `/dev/pts/3`; it is sanitised for a file name.
  ///   - sessionID: The session ID (`getsid`).
  public init(runtimeDirectory: String, terminalName: String, sessionID: Int32) {
    var name = Substring(terminalName)
    if name.hasPrefix("/dev/") { name = name.dropFirst(5) }
    let sanitised = String(
      decoding: name.utf8.map { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"):
          byte
        default: UInt8(ascii: "_")
        }
      }, as: UTF8.self)
    path = StoreLocation.joined(runtimeDirectory, "grace-\(sanitised)-\(sessionID)")
  }

  /// The stamp for the terminal on standard input and this process's session.
  ///
  /// - Parameter runtimeDirectory: The directory of the stamp.
  /// - Returns: The stamp, or `nil` when standard input is not a terminal or the session is unknown.
  public static func forCurrentTerminal(runtimeDirectory: String) -> GraceStamp? {
    guard let terminal = FileSystem.terminalName(of: 0), let session = try? FileSystem.currentSessionID() else {
      return nil
    }
    return GraceStamp(runtimeDirectory: runtimeDirectory, terminalName: terminal, sessionID: session)
  }

  /// Records that entry is not needed again until `expiry`.
  ///
  /// - Parameters:
  ///   - expiry: When the grace period ends, in seconds since the Unix epoch.
  ///   - now: The wall-clock time now; a later check before this time (a clock set back) is not valid.
  /// - Throws: A permission or I/O ``VaultError``.
  public func record(until expiry: Double, now: Double) throws(VaultError) {
    try SecureFile.ensureDirectory(SecureFile.parentDirectory(of: path))
    try SecureFile.write(Array("passcode-grace 1\nrecorded \(now)\nexpires \(expiry)\n".utf8), to: path)
  }

  /// Whether the grace period still runs.
  ///
  /// - Parameter now: The wall-clock time, in seconds since the Unix epoch.
  /// - Returns: `true` only for a readable, private, well-formed stamp with `recorded <= now < expires`.
  public func isValid(now: Double) -> Bool {
    remainingSeconds(now: now) > 0
  }

  /// How much of the grace period is left.
  ///
  /// - Parameter now: The wall-clock time, in seconds since the Unix epoch.
  /// - Returns: The seconds left; zero when the stamp is missing, expired, recorded in the future (a clock
  ///   set back), or cannot be trusted.
  public func remainingSeconds(now: Double) -> Double {
    guard let bytes = try? SecureFile.read(path, maximumSize: 256), bytes.last == UInt8(ascii: "\n") else {
      return 0
    }
    let lines = bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    guard lines.count == 3, lines[0] == "passcode-grace 1",
      lines[1].hasPrefix("recorded "), let recorded = Double(lines[1].dropFirst(9)), recorded.isFinite,
      lines[2].hasPrefix("expires "), let expiry = Double(lines[2].dropFirst(8)), expiry.isFinite,
      recorded <= now, now < expiry
    else { return 0 }
    return expiry - now
  }

  /// Ends the grace period.
  ///
  /// - Throws: An I/O ``VaultError``; a missing stamp is not an error.
  public func remove() throws(VaultError) {
    try SecureFile.remove(path)
  }
}
