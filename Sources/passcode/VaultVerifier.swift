import PasscodeEngine
import PasscodeVault

/// Turns ``Vault/verify(_:now:)`` into the prompt's verdicts. It runs off the input thread, and the vault
/// counts the failure on disk before it compares, so the verdict is never shown before the failure is
/// stored.
struct VaultVerifier: Sendable {
  let vault: Vault
  /// Whether a lockout ends the prompt (`--no-wait`) instead of being counted down.
  let endsOnLockout: Bool

  /// Checks a complete code.
  ///
  /// - Parameter secret: The code typed; it is not kept.
  /// - Returns: `.accepted`, `.rejected` with the stored failure count, or `.lockedOut` when a lockout
  ///   is running.
  /// - Throws: The ``VaultError`` that stopped the check (corrupt, insecure, unreadable, not set), and
  ///   ``VaultError/lockedOut(remaining:)`` when ``endsOnLockout`` is set and a lockout runs or starts.
  func verdict(for secret: any SecretStorage) throws(VaultError) -> Verdict {
    let result: VerificationResult
    do throws(VaultError) {
      result = try vault.verify(secret, now: LockoutTime.current())
    } catch let .lockedOut(remaining) {
      if endsOnLockout { throw .lockedOut(remaining: remaining) }
      let failures = try vault.ledger.status(now: LockoutTime.current()).failures
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
