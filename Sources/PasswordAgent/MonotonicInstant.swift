package import SystemCalls

/// A point on `CLOCK_MONOTONIC`, in microseconds: the clock of an ask file's `NotAfter=`.
///
/// The queue policy takes these as plain values, so tests step time by hand.
package typealias MonotonicInstant = MonotonicClock.Instant

extension MonotonicInstant {
  /// The current time on `CLOCK_MONOTONIC`.
  package static func now() -> MonotonicInstant {
    MonotonicClock.now
  }
}
