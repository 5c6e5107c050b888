import PasscodeEngine

/// The persisted failure count, shared safely between processes.
///
/// Every change happens under an exclusive `flock` on `state.lock` in the state directory, so two
/// processes (or two threads) that try at once both get counted. An attempt is counted as a failure and
/// written durably *before* the passcode is checked, so killing the process after the last digit cannot
/// erase it. A state file that is corrupt or truncated is reported as ``VaultError/corrupt(path:)``, which
/// callers must treat as locked.
package struct AttemptLedger: Sendable {
  /// The directory of `state` and `state.lock`.
  package let stateDirectory: String
  /// The delay after each failure count.
  package let schedule: LockoutSchedule

  /// Creates a ledger over a state directory.
  ///
  /// - Parameters:
  ///   - stateDirectory: The directory; created with mode 0700 on the first attempt.
  ///   - schedule: The delay after each failure count.
  package init(stateDirectory: String, schedule: LockoutSchedule) {
    self.stateDirectory = stateDirectory
    self.schedule = schedule
  }

  private var stateFile: String { StoreLocation.joined(stateDirectory, "state") }
  private var lockFile: String { StoreLocation.joined(stateDirectory, "state.lock") }

  /// Starts an attempt: refuses it during a lockout, otherwise counts it as a failure on disk.
  ///
  /// - Parameter now: The time now.
  /// - Returns: The ticket, with the failure count that now stands.
  /// - Throws: ``VaultError/lockedOut(remaining:)`` while a lockout runs, ``VaultError/corrupt(path:)`` for
  ///   a damaged state file, or a permission or I/O ``VaultError``.
  package func beginAttempt(now: LockoutTime) throws(VaultError) -> AttemptTicket {
    try SecureFile.ensureDirectory(stateDirectory)
    return try SecureFile.withExclusiveLock(on: lockFile) { () throws(VaultError) in
      let record = try readRecord()
      let remaining = record.remainingLockout(schedule: schedule, now: now)
      if remaining > .zero { throw .lockedOut(remaining: remaining) }
      if let anchored = record.anchored(at: now) { try SecureFile.write(anchored.encoded(), to: stateFile) }
      let counted = FailureRecord(
        failures: record.failures + 1, lastFailure: now.wallClock, lastFailureBoot: now.bootClock)
      try SecureFile.write(counted.encoded(), to: stateFile)
      return AttemptTicket(failureCount: counted.failures, startedAt: now.wallClock)
    }
  }

  /// Checks that a failure could be counted now, without counting one, by writing as counting would: under
  /// the lock, the state record is written back as it stands (a clean one where there is none yet), the
  /// same atomic write with its `fsync`s. So a store that is read-only, full or over its quota fails here,
  /// before any code is typed, with the error counting would meet. (A probe would not do: a full tmpfs still
  /// takes an empty file, an inode and no data page.)
  ///
  /// - Throws: The ``VaultError`` that counting would meet: ``VaultError/io(path:operation:errno:)`` when
  ///   the store cannot be written (read-only, full, missing), ``VaultError/corrupt(path:)`` for a damaged
  ///   state file, or a permission or ownership error.
  package func checkRecordable() throws(VaultError) {
    try SecureFile.ensureDirectory(stateDirectory)
    try SecureFile.withExclusiveLock(on: lockFile) { () throws(VaultError) in
      try SecureFile.write(try readRecord().encoded(), to: stateFile)
    }
  }

  /// Cancels the failure count after a right passcode.
  ///
  /// - Throws: A permission or I/O ``VaultError``.
  package func recordSuccess() throws(VaultError) {
    try SecureFile.ensureDirectory(stateDirectory)
    try SecureFile.withExclusiveLock(on: lockFile) { () throws(VaultError) in
      try SecureFile.write(FailureRecord.clean.encoded(), to: stateFile)
    }
  }

  /// Reads the failure count and the lockout time left. A record not yet tied to this boot's clock is
  /// tied to it (and stored, when the directory can be written), so a lockout seen once runs out in real
  /// time, whatever the wall clock does next.
  ///
  /// - Parameter now: The time now.
  /// - Returns: The status; no failures when nothing was stored yet.
  /// - Throws: ``VaultError/corrupt(path:)`` for a damaged state file, or a permission or I/O
  ///   ``VaultError``.
  package func status(now: LockoutTime) throws(VaultError) -> LockoutStatus {
    var record = try readRecord()
    if record.anchored(at: now) != nil {
      let stored = try? SecureFile.withExclusiveLock(on: lockFile) { () throws(VaultError) -> FailureRecord in
        let current = try readRecord()
        guard let anchored = current.anchored(at: now) else { return current }
        try SecureFile.write(anchored.encoded(), to: stateFile)
        return anchored
      }
      record = stored ?? record
    }
    return LockoutStatus(failures: record.failures, remaining: record.remainingLockout(schedule: schedule, now: now))
  }

  /// The stored record; clean when there is no state file.
  ///
  /// - Returns: The record.
  /// - Throws: ``VaultError/corrupt(path:)`` for a damaged state file, or a permission or I/O
  ///   ``VaultError``.
  package func readRecord() throws(VaultError) -> FailureRecord {
    guard let bytes = try SecureFile.read(stateFile) else { return .clean }
    guard let record = FailureRecord.decode(bytes) else { throw .corrupt(path: stateFile) }
    return record
  }
}
