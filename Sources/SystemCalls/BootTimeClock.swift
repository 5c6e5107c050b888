/// The time since boot, suspend included, read with `clock_gettime(CLOCK_BOOTTIME)`: the clock of the prompt's
/// timeouts and the speech worker's retries, so that a suspended machine does not hold a timeout open. What Swift's
/// `ContinuousClock` reads on Linux, without linking the `_Concurrency` runtime and libdispatch into every
/// program that only needs to measure a timeout (about 6,000 relocations and 50 page faults at each start).
package enum BootTimeClock {
  /// A point in time on this clock.
  package struct Instant: Comparable, Hashable, Sendable {
    /// Nanoseconds since boot.
    fileprivate let nanoseconds: Int64

    /// The instant a duration later (or earlier, for a negative one); saturates rather than overflows.
    package static func + (instant: Instant, duration: Duration) -> Instant {
      let (sum, overflow) = instant.nanoseconds.addingReportingOverflow(Int64(duration.wholeNanoseconds))
      return Instant(nanoseconds: overflow ? (duration < .zero ? .min : .max) : sum)
    }

    /// The time from `earlier` to `later`; negative when `later` is the earlier one.
    package static func - (later: Instant, earlier: Instant) -> Duration {
      let (difference, overflow) = later.nanoseconds.subtractingReportingOverflow(earlier.nanoseconds)
      return .nanoseconds(overflow ? (later < earlier ? Int64.min : Int64.max) : difference)
    }

    /// Whether `left` comes before `right`.
    package static func < (left: Instant, right: Instant) -> Bool {
      left.nanoseconds < right.nanoseconds
    }
  }

  /// The current instant, from `CLOCK_BOOTTIME`.
  package static var now: Instant {
    Instant(nanoseconds: SystemClock.sinceBoot.nanosecondsNow)
  }

  /// Sleeps until an instant has passed (at once when it has), waking on no descriptor: a signal that ends a
  /// slice early only starts the next.
  ///
  /// - Parameter instant: When to wake.
  package static func sleep(until instant: Instant) {
    while true {
      let remaining = instant - now
      guard remaining > .zero else { return }
      SystemCalls.sleep(for: min(remaining, .seconds(1)))
    }
  }
}
