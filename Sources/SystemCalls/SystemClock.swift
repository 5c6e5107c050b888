internal import Glibc

/// The kernel's clocks, read with `clock_gettime`: the package's one place that reads the time.
package enum SystemClock: Sendable {
  /// Wall-clock time since the Unix epoch; setting the time moves it (`CLOCK_REALTIME`).
  case wall
  /// Time since an arbitrary start, not counting suspend (`CLOCK_MONOTONIC`).
  case monotonic
  /// Time since boot, counting suspend; setting the time does not move it (`CLOCK_BOOTTIME`).
  case sinceBoot

  /// The clock's reading now. The corresponding C function is `clock_gettime`.
  package var now: (seconds: Int, nanoseconds: Int) {
    var time = timespec()
    _ = clock_gettime(identifier, &time)
    return (time.tv_sec, time.tv_nsec)
  }

  /// The reading in nanoseconds.
  package var nanosecondsNow: Int64 {
    let (seconds, nanoseconds) = now
    return Int64(seconds) * 1_000_000_000 + Int64(nanoseconds)
  }

  /// The reading in seconds, with fractions.
  package var secondsNow: Double {
    let (seconds, nanoseconds) = now
    return Double(seconds) + Double(nanoseconds) / 1_000_000_000
  }

  private var identifier: clockid_t {
    switch self {
    case .wall: CLOCK_REALTIME
    case .monotonic: CLOCK_MONOTONIC
    case .sinceBoot: CLOCK_BOOTTIME
    }
  }
}
