/// What the failure ledger says now: never a secret.
package struct LockoutStatus: Equatable, Hashable, Sendable {
  /// Consecutive wrong passcodes since the last success.
  package let failures: Int
  /// How long entry is still refused; zero when it is allowed.
  package let remaining: Duration

  /// Creates a status.
  ///
  /// - Parameters:
  ///   - failures: Consecutive failures.
  ///   - remaining: The lockout time left.
  package init(failures: Int, remaining: Duration) {
    self.failures = failures
    self.remaining = remaining
  }

  /// Whether entry is refused now.
  package var isLockedOut: Bool { remaining > .zero }
}
