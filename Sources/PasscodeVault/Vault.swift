import PasscodeEngine

/// The stored passcode and its failure count, as the commands use them.
///
/// The hash lives in `dataDirectory/passcode.hash` (mode 0600, written atomically), the failure count in
/// the ledger in the state directory. Time is passed in as wall-clock seconds since the Unix epoch, so
/// tests step it by hand; ``currentTime()`` gives the real one.
public struct Vault: Sendable {
  /// Where the files are.
  public let location: StoreLocation
  /// The hash cost for new hashes; an older hash is remade at the next right passcode.
  public let parameters: HashParameters
  /// The persisted failure count.
  public let ledger: AttemptLedger

  /// Creates a vault over a location.
  ///
  /// - Parameters:
  ///   - location: Where the files are.
  ///   - schedule: The lockout delay after each failure count.
  ///   - parameters: The hash cost for new hashes.
  public init(location: StoreLocation, schedule: LockoutSchedule = .standard, parameters: HashParameters = .standard) {
    self.location = location
    self.parameters = parameters
    ledger = AttemptLedger(stateDirectory: location.stateDirectory, schedule: schedule)
  }

  /// The wall-clock time.
  ///
  /// - Returns: Seconds since the Unix epoch.
  public static func currentTime() -> Double {
    FileSystem.wallClockSeconds()
  }

  /// Whether a passcode hash is stored.
  ///
  /// - Throws: A permission, ownership, corruption or I/O ``VaultError`` about the hash file.
  public var isPasscodeSet: Bool {
    get throws(VaultError) { try storedHash() != nil }
  }

  /// Reads the stored hash.
  ///
  /// - Returns: The hash, or `nil` when no passcode is set.
  /// - Throws: ``VaultError/corrupt(path:)`` when the file is not a hash, or a permission, ownership or I/O
  ///   ``VaultError``.
  public func storedHash() throws(VaultError) -> PasscodeHash? {
    guard var bytes = try SecureFile.read(location.hashFile, maximumSize: 1024) else { return nil }
    if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
    guard let hash = PasscodeHash(encoded: String(decoding: bytes, as: UTF8.self)) else {
      throw .corrupt(path: location.hashFile)
    }
    return hash
  }

  /// Stores a new passcode as an Argon2id hash, replacing any old one atomically, and voids every grace
  /// stamp.
  ///
  /// Checking the old passcode first, and refusing weak ones, is the caller's job.
  ///
  /// - Parameter secret: The new passcode.
  /// - Throws: A cryptography, permission or I/O ``VaultError``.
  public func setPasscode(_ secret: some SecretStorage) throws(VaultError) {
    let hash = try PasscodeHash.make(from: secret, parameters: parameters)
    try writeHash(hash)
    try GraceStamp.voidAll(runtimeDirectory: location.runtimeDirectory)
  }

  /// Removes the stored passcode and its failure count, and voids every grace stamp.
  ///
  /// - Throws: ``VaultError/notSet`` when no passcode is set, or a permission or I/O ``VaultError``.
  public func removePasscode() throws(VaultError) {
    guard try SecureFile.remove(location.hashFile) else { throw .notSet }
    try SecureFile.remove(location.stateFile)
    try GraceStamp.voidAll(runtimeDirectory: location.runtimeDirectory)
  }

  /// Checks a passcode: counts the attempt as a failure on disk first, then verifies, and cancels the
  /// count when the passcode is right. A right passcode whose hash was made with other parameters is
  /// re-hashed; if that re-hash fails the old hash stays, and the verdict is still accepted.
  ///
  /// - Parameters:
  ///   - secret: The passcode typed.
  ///   - now: The time now.
  /// - Returns: ``VerificationResult/accepted`` or ``VerificationResult/rejected(failureCount:)``.
  /// - Throws: ``VaultError/notSet``, ``VaultError/lockedOut(remaining:)``, ``VaultError/corrupt(path:)``
  ///   (treat as locked), or a permission or I/O ``VaultError``.
  public func verify(_ secret: some SecretStorage, now: LockoutTime) throws(VaultError) -> VerificationResult {
    guard let hash = try storedHash() else { throw .notSet }
    let ticket = try ledger.beginAttempt(now: now)
    guard hash.verify(secret) else {
      // A wrong code voids every grace stamp. The failure is already counted; a stamp that cannot be
      // voided (an unwritable runtime directory) also could not have been recorded there.
      try? GraceStamp.voidAll(runtimeDirectory: location.runtimeDirectory)
      return .rejected(failureCount: ticket.failureCount)
    }
    try ledger.recordSuccess()
    if hash.needsRehash(parameters: parameters),
      let renewed = try? PasscodeHash.make(from: secret, parameters: parameters)
    {
      try? writeHash(renewed)
    }
    return .accepted
  }

  /// Checks, before anything is asked, that a new passcode could be stored: the data and state
  /// directories exist (or are made) privately on a safe path, the state file is sound, and a file can be
  /// created in the data directory. So `set` never asks for a code twice only to find the store unusable.
  ///
  /// - Throws: The ``VaultError`` that storing would have met.
  public func checkStorable() throws(VaultError) {
    try SecureFile.ensureDirectory(location.dataDirectory)
    try SecureFile.ensureDirectory(location.stateDirectory)
    _ = try ledger.readRecord()
    let probe = StoreLocation.joined(location.dataDirectory, ".passcode-probe-\(FileSystem.currentProcessID())")
    try SecureFile.write([], to: probe)
    try SecureFile.remove(probe)
  }

  /// Reports whether a passcode is set and how the failure count stands.
  ///
  /// - Parameter now: The time now.
  /// - Returns: The status.
  /// - Throws: ``VaultError/corrupt(path:)`` (treat as locked), or a permission or I/O ``VaultError``.
  public func status(now: LockoutTime) throws(VaultError) -> VaultStatus {
    VaultStatus(isPasscodeSet: try isPasscodeSet, lockout: try ledger.status(now: now))
  }

  private func writeHash(_ hash: PasscodeHash) throws(VaultError) {
    try SecureFile.ensureDirectory(location.dataDirectory)
    try SecureFile.write(Array((hash.encoded + "\n").utf8), to: location.hashFile)
  }
}
