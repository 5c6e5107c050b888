import PasscodeEngine
internal import SystemCalls

/// ``MonotonicClock`` as an ``EntryClock``: the time since the clock was made.
struct MonotonicEntryClock: EntryClock {
  /// The instant the clock reads as zero.
  let origin = MonotonicClock.now

  func now() -> Duration { MonotonicClock.now - origin }

  /// The instant a reading of this clock stands for.
  func instant(at reading: Duration) -> MonotonicClock.Instant { origin + reading }
}
