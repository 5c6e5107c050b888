/// A point on `CLOCK_MONOTONIC`, in microseconds: the clock of an ask file's `NotAfter=`.
///
/// The queue policy takes these as plain values, so tests step time by hand.
public struct MonotonicInstant: Comparable, Hashable, Sendable {
  /// Microseconds since the clock's start (boot, for `CLOCK_MONOTONIC`).
  public var microseconds: UInt64

  /// Makes an instant.
  public init(microseconds: UInt64) {
    self.microseconds = microseconds
  }

  /// The instant `seconds` later, saturating instead of overflowing.
  public func adding(seconds: UInt64) -> MonotonicInstant {
    let (sum, overflow) = microseconds.addingReportingOverflow(
      seconds.multipliedReportingOverflow(by: 1_000_000).partialValue)
    return MonotonicInstant(microseconds: overflow ? .max : sum)
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
    lhs.microseconds < rhs.microseconds
  }
}
