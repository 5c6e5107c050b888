/// What `passcode status` reports: whether a passcode is set and how the failure count stands.
package struct VaultStatus: Equatable, Hashable, Sendable {
  /// Whether a passcode hash is stored.
  package let isPasscodeSet: Bool
  /// The failure count and lockout time left.
  package let lockout: LockoutStatus

  /// Creates a status.
  ///
  /// - Parameters:
  ///   - isPasscodeSet: Whether a passcode hash is stored.
  ///   - lockout: The failure count and lockout time left.
  package init(isPasscodeSet: Bool, lockout: LockoutStatus) {
    self.isPasscodeSet = isPasscodeSet
    self.lockout = lockout
  }
}
