/// The time since an arbitrary start (boot, on Linux), suspend not counted, read with
/// `clock_gettime(CLOCK_MONOTONIC)`: the clock of systemd's password questions, whose `NotAfter=` is a
/// `CLOCK_MONOTONIC` reading in microseconds. Public because the password agent's question queue takes its
/// instants as plain values, so that tests step time by hand.
package enum MonotonicClock {
  /// A point on `CLOCK_MONOTONIC`, in microseconds.
  package struct Instant: Comparable, Hashable, Sendable {
    /// Microseconds since the clock's start.
    package var microseconds: UInt64

    /// Makes an instant.
    ///
    /// - Parameter microseconds: Microseconds since the clock's start.
    package init(microseconds: UInt64) {
      self.microseconds = microseconds
    }

    /// The instant `seconds` later, saturating instead of overflowing.
    ///
    /// - Parameter seconds: The whole seconds to add.
    /// - Returns: The later instant.
    package func adding(seconds: UInt64) -> Instant {
      let (sum, overflow) = microseconds.addingReportingOverflow(
        seconds.multipliedReportingOverflow(by: 1_000_000).partialValue)
      return Instant(microseconds: overflow ? .max : sum)
    }

    /// The time from `earlier` to `later`; negative when `later` is the earlier one, saturating at the ends.
    package static func - (later: Instant, earlier: Instant) -> Duration {
      let difference =
        later >= earlier
        ? Int64(clamping: later.microseconds - earlier.microseconds)
        : -Int64(clamping: earlier.microseconds - later.microseconds)
      return .microseconds(difference)
    }

    /// Whether `left` comes before `right`.
    package static func < (left: Instant, right: Instant) -> Bool {
      left.microseconds < right.microseconds
    }
  }

  /// The current instant, from `CLOCK_MONOTONIC`.
  package static var now: Instant {
    Instant(microseconds: UInt64(clamping: SystemClock.monotonic.nanosecondsNow / 1000))
  }
}
