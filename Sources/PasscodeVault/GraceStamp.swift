internal import SystemCalls

/// A short-lived mark that the right passcode was given on this terminal in this login session, so a
/// command run again soon does not ask again.
///
/// The stamp is a 0600 file `grace-<terminal>-<session>` in the runtime directory, keyed by the terminal's
/// name (for example `pts_3` for `/dev/pts/3`) and the session ID, so another terminal or a new login never
/// inherits it. It holds when it was recorded, when it expires and the epoch it belongs to, never a secret.
/// Anything unreadable, insecure or malformed counts as not valid.
///
/// A stamp counts only within the grace period in force when it is checked (a stamp recorded for a day
/// does not let `--grace 1` through), and only while the runtime directory's epoch (`grace-epoch`, a random
/// value) is the one it was recorded under: ``voidAll(runtimeDirectory:)`` replaces the epoch, which voids
/// every stamp at once. A new passcode, a removed one and a wrong code do that.
package struct GraceStamp: Equatable, Hashable, Sendable {
  /// The stamp file.
  package let path: String
  /// The epoch file every stamp of the directory must match.
  let epochPath: String

  /// Creates a stamp for a terminal and a session.
  ///
  /// - Parameters:
  ///   - runtimeDirectory: The directory of the stamp.
  ///   - terminalName: The terminal's path or name, such as `/dev/pts/3`; it is sanitised for a file name.
  ///   - sessionID: The session ID (`getsid`).
  package init(runtimeDirectory: String, terminalName: String, sessionID: Int32) {
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
    epochPath = Self.epochPath(in: runtimeDirectory)
  }

  private static func epochPath(in runtimeDirectory: String) -> String {
    StoreLocation.joined(runtimeDirectory, "grace-epoch")
  }

  /// Voids every stamp in a runtime directory, on every terminal, by giving the directory a new epoch.
  ///
  /// - Parameter runtimeDirectory: The directory of the stamps.
  /// - Throws: A permission, cryptography or I/O ``VaultError``.
  package static func voidAll(runtimeDirectory: String) throws(VaultError) {
    try SecureFile.ensureDirectory(runtimeDirectory)
    try writeNewEpoch(to: epochPath(in: runtimeDirectory))
  }

  @discardableResult
  private static func writeNewEpoch(to path: String) throws(VaultError) -> String {
    let epoch = try Sodium.randomBytes(count: 16).map { byte in
      let digits = Array("0123456789abcdef".utf8)
      return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]], as: UTF8.self)
    }.joined()
    try SecureFile.write(Array("\(epoch)\n".utf8), to: path)
    return epoch
  }

  /// The directory's epoch, or `nil` when it has none (or it is unreadable or malformed).
  private func currentEpoch() -> String? {
    guard let bytes = try? SecureFile.read(epochPath, maximumSize: 64), bytes.count == 33,
      bytes.last == UInt8(ascii: "\n")
    else { return nil }
    return String(decoding: bytes.dropLast(), as: UTF8.self)
  }

  /// The stamp for the terminal on standard input and this process's session.
  ///
  /// - Parameter runtimeDirectory: The directory of the stamp.
  /// - Returns: The stamp, or `nil` when standard input is not a terminal or the session is unknown.
  package static func forCurrentTerminal(runtimeDirectory: String) -> GraceStamp? {
    guard let terminal = FileDescriptor.standardInput.terminalName,
      let session = try? ProcessIdentifier.currentSession()
    else {
      return nil
    }
    return GraceStamp(runtimeDirectory: runtimeDirectory, terminalName: terminal, sessionID: session.rawValue)
  }

  /// Records that entry is not needed again until `expiry`.
  ///
  /// - Parameters:
  ///   - expiry: When the grace period ends, in seconds since the Unix epoch.
  ///   - now: The wall-clock time now; a later check before this time (a clock set back) is not valid.
  /// - Throws: A permission or I/O ``VaultError``.
  package func record(until expiry: Double, now: Double) throws(VaultError) {
    try SecureFile.ensureDirectory(SecureFile.parentDirectory(of: path))
    let epoch: String
    if let current = currentEpoch() {
      epoch = current
    } else {
      epoch = try Self.writeNewEpoch(to: epochPath)
    }
    try SecureFile.write(
      Array("passcode-grace 2\nrecorded \(now)\nexpires \(expiry)\nepoch \(epoch)\n".utf8), to: path)
  }

  /// Whether the grace period still runs.
  ///
  /// - Parameters:
  ///   - now: The wall-clock time, in seconds since the Unix epoch.
  ///   - grace: The grace period in force now, in seconds; it caps the stamp's own expiry.
  /// - Returns: `true` only for a readable, private, well-formed stamp of the current epoch with
  ///   `recorded <= now < min(expires, recorded + grace)`.
  package func isValid(now: Double, grace: Double) -> Bool {
    remainingSeconds(now: now, grace: grace) > 0
  }

  /// How much of the grace period is left.
  ///
  /// - Parameters:
  ///   - now: The wall-clock time, in seconds since the Unix epoch.
  ///   - grace: The grace period in force now, in seconds; it caps the stamp's own expiry. NaN is no grace.
  /// - Returns: The seconds left, finite; zero when the stamp is missing, expired, recorded in the future (a
  ///   clock set back), of a voided epoch, or cannot be trusted.
  package func remainingSeconds(now: Double, grace: Double) -> Double {
    guard !grace.isNaN, let bytes = try? SecureFile.read(path, maximumSize: 256), bytes.last == UInt8(ascii: "\n")
    else {
      return 0
    }
    let lines = bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    guard lines.count == 4, lines[0] == "passcode-grace 2",
      lines[1].hasPrefix("recorded "), let recorded = Double(lines[1].dropFirst(9)), recorded.isFinite,
      lines[2].hasPrefix("expires "), let expiry = Double(lines[2].dropFirst(8)), expiry.isFinite,
      lines[3].hasPrefix("epoch "), let epoch = currentEpoch(), lines[3].dropFirst(6) == epoch,
      recorded <= now, now < min(expiry, recorded + grace)
    else { return 0 }
    return min(expiry, recorded + grace) - now
  }

  /// Ends the grace period.
  ///
  /// - Throws: An I/O ``VaultError``; a missing stamp is not an error.
  package func remove() throws(VaultError) {
    try SecureFile.remove(path)
  }
}
