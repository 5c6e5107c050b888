import PasscodeEngine
import PasscodeVault
import Synchronization

/// Turns ``Vault/verify(_:now:)`` into the prompt's verdicts. It runs off the input thread, and the vault
/// counts the failure on disk before it compares, so the verdict is never shown before the failure is
/// stored. With ``unrecorded`` (`lock` on a store that cannot be written) it counts in memory instead.
struct VaultVerifier: Sendable {
  let vault: Vault
  /// Whether a lockout ends the prompt (`--no-wait`) instead of being counted down.
  let endsOnLockout: Bool
  /// Where failures are counted when the store cannot be written, or `nil` to count them on disk.
  var unrecorded: UnrecordedFailures?

  /// Checks a complete code.
  ///
  /// - Parameter secret: The code typed; it is not kept.
  /// - Returns: `.accepted`, `.rejected` with the failure count, or `.lockedOut` when a lockout is running.
  /// - Throws: The ``VaultError`` that stopped the check (corrupt, insecure, unreadable, not set), and
  ///   ``VaultError/lockedOut(remaining:)`` when ``endsOnLockout`` is set and a lockout runs or starts.
  func verdict(for secret: any SecretStorage) throws(VaultError) -> Verdict {
    let result: VerificationResult
    do throws(VaultError) {
      if let unrecorded {
        result = try unrecorded.verify(secret, on: vault)
      } else {
        result = try vault.verify(secret, now: LockoutTime.current())
      }
    } catch let .lockedOut(remaining) {
      if endsOnLockout { throw .lockedOut(remaining: remaining) }
      let failures =
        if let unrecorded { unrecorded.status.failures } else {
          try vault.ledger.status(now: LockoutTime.current()).failures
        }
      return .lockedOut(remaining: remaining, failureCount: failures)
    }
    switch result {
    case .accepted:
      return .accepted
    case let .rejected(failureCount):
      let lockout = vault.ledger.schedule.delay(afterFailures: failureCount)
      if endsOnLockout, lockout > .zero { throw .lockedOut(remaining: lockout) }
      return .rejected(failureCount: failureCount)
    }
  }
}

/// The failure count `lock` keeps in memory while the store cannot be written (read-only, full): it starts
/// from the stored count and applies the same lockouts, for as long as this process runs. Shared between
/// the prompts of one `lock` and the verifier's thread.
final class UnrecordedFailures: Sendable {
  private let schedule: LockoutSchedule
  private let record: Mutex<FailureRecord>

  /// Starts from a stored record.
  ///
  /// - Parameters:
  ///   - record: The stored record (clean when there is none).
  ///   - schedule: The lockout delay after each failure count.
  init(startingFrom record: FailureRecord, schedule: LockoutSchedule) {
    self.schedule = schedule
    self.record = Mutex(record)
  }

  /// Checks a code, counting a failure in memory first (``Vault/verifyUnrecorded(_:now:record:)``).
  ///
  /// - Parameters:
  ///   - secret: The code typed; it is not kept.
  ///   - vault: The vault whose hash is compared.
  /// - Returns: The result.
  /// - Throws: ``VaultError/lockedOut(remaining:)`` while a lockout runs, or a ``VaultError`` about the hash.
  func verify(_ secret: any SecretStorage, on vault: Vault) throws(VaultError) -> VerificationResult {
    try record.withLock { (record: inout FailureRecord) throws(VaultError) -> VerificationResult in
      try vault.verifyUnrecorded(secret, now: LockoutTime.current(), record: &record)
    }
  }

  /// The count and the lockout left now, for the next prompt.
  var status: LockoutStatus {
    let now = LockoutTime.current()
    return record.withLock { record in
      LockoutStatus(failures: record.failures, remaining: record.remainingLockout(schedule: schedule, now: now))
    }
  }
}
