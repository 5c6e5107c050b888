/// The verdict on one passcode attempt.
package enum VerificationResult: Equatable, Hashable, Sendable {
  /// The passcode was right; the failure count is back to zero.
  case accepted
  /// The passcode was wrong; `failureCount` consecutive failures are now stored, counting this one.
  case rejected(failureCount: Int)
}
