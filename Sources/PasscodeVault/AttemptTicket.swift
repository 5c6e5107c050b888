/// Proof that an attempt was counted as a failure, on disk, before the passcode was checked.
///
/// If the passcode turns out right, ``AttemptLedger/recordSuccess()`` cancels the count; if the process is
/// killed first, the failure stays counted.
package struct AttemptTicket: Equatable, Hashable, Sendable {
  /// The consecutive failure count that now stands on disk, including this attempt.
  package let failureCount: Int
  /// When the attempt began, in seconds since the Unix epoch.
  package let startedAt: Double

  /// Creates a ticket.
  ///
  /// - Parameters:
  ///   - failureCount: The stored failure count including this attempt.
  ///   - startedAt: When the attempt began.
  package init(failureCount: Int, startedAt: Double) {
    self.failureCount = failureCount
    self.startedAt = startedAt
  }
}
