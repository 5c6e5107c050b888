import PasscodeEngine
internal import SystemCalls

/// ``BootTimeClock`` as an ``EntryClock``: the time since the clock was made.
struct MonotonicEntryClock: EntryClock {
  /// The instant the clock reads as zero.
  let origin = BootTimeClock.now

  func now() -> Duration { BootTimeClock.now - origin }

  /// The instant a reading of this clock stands for.
  func instant(at reading: Duration) -> BootTimeClock.Instant { origin + reading }
}
