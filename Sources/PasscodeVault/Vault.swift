import PasscodeEngine
internal import SystemCalls

/// The stored passcode and its failure count, as the commands use them.
///
/// The hash lives in `dataDirectory/passcode.hash` (mode 0600, written atomically), the failure count in
/// the ledger in the state directory. Time is passed in as wall-clock seconds since the Unix epoch, so
/// tests step it by hand; ``currentTime()`` gives the real one.
package struct Vault: Sendable {
  /// Where the files are.
  package let location: StoreLocation
  /// The hash cost for new hashes; an older hash is remade at the next right passcode.
  package let parameters: HashParameters
  /// The persisted failure count.
  package let ledger: AttemptLedger

  /// Creates a vault over a location.
  ///
  /// - Parameters:
  ///   - location: Where the files are.
  ///   - schedule: The lockout delay after each failure count.
  ///   - parameters: The hash cost for new hashes.
  package init(location: StoreLocation, schedule: LockoutSchedule = .standard, parameters: HashParameters = .standard) {
    self.location = location
    self.parameters = parameters
    ledger = AttemptLedger(stateDirectory: location.stateDirectory, schedule: schedule)
  }

  /// The wall-clock time.
  ///
  /// - Returns: Seconds since the Unix epoch.
  package static func currentTime() -> Double {
    SystemClock.wall.secondsNow
  }

  /// Whether a passcode hash is stored.
  ///
  /// - Throws: A permission, ownership, corruption or I/O ``VaultError`` about the hash file.
  package var isPasscodeSet: Bool {
    get throws(VaultError) { try storedHash() != nil }
  }

  /// Reads the stored hash.
  ///
  /// - Returns: The hash, or `nil` when no passcode is set.
  /// - Throws: ``VaultError/corrupt(path:)`` when the file is not a hash, or a permission, ownership or I/O
  ///   ``VaultError``.
  package func storedHash() throws(VaultError) -> PasscodeHash? {
    try storedPasscode()?.hash
  }

  /// Reads the hash file: the hash and, when it was stored with one, the passcode's shape.
  ///
  /// - Returns: The content, or `nil` when no passcode is set.
  /// - Throws: ``VaultError/corrupt(path:)`` when the file is not a hash file, or a permission, ownership or
  ///   I/O ``VaultError``.
  package func storedPasscode() throws(VaultError) -> StoredPasscode? {
    guard let bytes = try SecureFile.read(location.hashFile, maximumSize: 1024) else { return nil }
    guard let stored = StoredPasscode(encoded: String(decoding: bytes, as: UTF8.self)) else {
      throw .corrupt(path: location.hashFile)
    }
    return stored
  }

  /// Stores a new passcode as an Argon2id hash, with its shape, replacing any old one atomically, and
  /// voids every grace stamp.
  ///
  /// Checking the old passcode first, and refusing weak ones, is the caller's job.
  ///
  /// - Parameters:
  ///   - secret: The new passcode.
  ///   - shape: Its length and characters, kept so later prompts ask for the same; `nil` stores the
  ///     hash alone, as earlier versions did.
  /// - Throws: A cryptography, permission or I/O ``VaultError``.
  package func setPasscode(_ secret: some SecretStorage, shape: PasscodeShape? = nil) throws(VaultError) {
    let hash = try PasscodeHash.make(from: secret, parameters: parameters)
    try write(StoredPasscode(hash: hash, shape: shape))
    try GraceStamp.voidAll(runtimeDirectory: location.runtimeDirectory)
  }

  /// Removes the stored passcode and its failure count, and voids every grace stamp.
  ///
  /// - Throws: ``VaultError/notSet`` when no passcode is set, or a permission or I/O ``VaultError``.
  package func removePasscode() throws(VaultError) {
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
  package func verify(_ secret: some SecretStorage, now: LockoutTime) throws(VaultError) -> VerificationResult {
    guard let stored = try storedPasscode() else { throw .notSet }
    let ticket = try ledger.beginAttempt(now: now)
    guard stored.hash.verify(secret) else {
      // A wrong code voids every grace stamp. The failure is already counted; a stamp that cannot be
      // voided (an unwritable runtime directory) also could not have been recorded there.
      try? GraceStamp.voidAll(runtimeDirectory: location.runtimeDirectory)
      return .rejected(failureCount: ticket.failureCount)
    }
    try ledger.recordSuccess()
    if stored.hash.needsRehash(parameters: parameters),
      let renewed = try? PasscodeHash.make(from: secret, parameters: parameters)
    {
      try? write(StoredPasscode(hash: renewed, shape: stored.shape))
    }
    return .accepted
  }

  /// Checks, before anything is asked, that a new passcode could be stored: the data and state
  /// directories exist (or are made) privately on a safe path, the state file is sound, and a file with
  /// content can be written in the data directory (a full disk fails here, not only a read-only one). So
  /// `set` never asks for a code twice only to find the store unusable.
  ///
  /// - Throws: The ``VaultError`` that storing would have met.
  package func checkStorable() throws(VaultError) {
    try SecureFile.ensureDirectory(location.dataDirectory)
    try SecureFile.ensureDirectory(location.stateDirectory)
    _ = try ledger.readRecord()
    try SecureFile.checkWritable(directory: location.dataDirectory)
  }

  /// Checks a passcode when failures cannot be written (``AttemptLedger/checkRecordable()`` failed: a
  /// read-only or full store): the failure count is kept in `record`, in memory, counted before the code is
  /// compared and with its lockout applied as the stored one would be. The stored count is left as it is;
  /// a right code clears `record` (and the stored count, if the store can be written again).
  ///
  /// - Parameters:
  ///   - secret: The passcode typed.
  ///   - now: The time now.
  ///   - record: The count so far, starting from the stored one.
  /// - Returns: ``VerificationResult/accepted`` or ``VerificationResult/rejected(failureCount:)``.
  /// - Throws: ``VaultError/notSet``, ``VaultError/lockedOut(remaining:)`` while `record`'s lockout runs, or
  ///   a ``VaultError`` about the hash file.
  package func verifyUnrecorded(
    _ secret: some SecretStorage, now: LockoutTime, record: inout FailureRecord
  ) throws(VaultError) -> VerificationResult {
    guard let stored = try storedPasscode() else { throw .notSet }
    let remaining = record.remainingLockout(schedule: ledger.schedule, now: now)
    if remaining > .zero { throw .lockedOut(remaining: remaining) }
    record = FailureRecord(failures: record.failures + 1, lastFailure: now.wallClock, lastFailureBoot: now.bootClock)
    guard stored.hash.verify(secret) else { return .rejected(failureCount: record.failures) }
    record = .clean
    try? ledger.recordSuccess()
    return .accepted
  }

  /// Reports whether a passcode is set and how the failure count stands.
  ///
  /// - Parameter now: The time now.
  /// - Returns: The status.
  /// - Throws: ``VaultError/corrupt(path:)`` (treat as locked), or a permission or I/O ``VaultError``.
  package func status(now: LockoutTime) throws(VaultError) -> VaultStatus {
    VaultStatus(isPasscodeSet: try isPasscodeSet, lockout: try ledger.status(now: now))
  }

  private func write(_ stored: StoredPasscode) throws(VaultError) {
    try SecureFile.ensureDirectory(location.dataDirectory)
    try SecureFile.write(Array(stored.encoded.utf8), to: location.hashFile)
  }
}
