/// What the failure ledger says now: never a secret.
public struct LockoutStatus: Equatable, Hashable, Sendable {
  /// Consecutive wrong passcodes since the last success.
  public let failures: Int
  /// How long entry is still refused; zero when it is allowed.
  public let remaining: Duration

  /// Creates a status.
  ///
  /// - Parameters:
  ///   - failures: Consecutive failures.
  ///   - remaining: The lockout time left.
  public init(failures: Int, remaining: Duration) {
    self.failures = failures
    self.remaining = remaining
  }

  /// Whether entry is refused now.
  public var isLockedOut: Bool { remaining > .zero }
}
