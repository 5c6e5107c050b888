import PasscodeEngine
package import SystemCalls

/// The clock the speech worker reads and waits on: an ``EntryClock`` that a thread can also sleep on until a
/// reading, waking early when a semaphore is signalled.
///
/// The worker's start-up grace, reconnection backoff and watchdog all run on it, so that tests move them by
/// advancing `PasscodeTestSupport`'s `ManualClock` instead of waiting for them.
package protocol SpeechClock: EntryClock, Sendable {
  /// Sleeps until the clock reads `reading` or `signal` is signalled, whichever comes first; at once when the
  /// reading has passed. It may also return early for neither, so a caller checks again what it waits for.
  ///
  /// - Parameters:
  ///   - signal: What wakes the sleeper early; a signal it returns for is taken.
  ///   - reading: The reading to sleep until.
  func sleep(wakingOn signal: Semaphore, until reading: Duration)
}

/// ``BootTimeClock`` as a ``SpeechClock``: the time since the clock was made, suspend included.
struct BootTimeSpeechClock: SpeechClock {
  /// The instant the clock reads as zero.
  private let origin = BootTimeClock.now

  func now() -> Duration { BootTimeClock.now - origin }

  func sleep(wakingOn signal: Semaphore, until reading: Duration) {
    let remaining = reading - now()
    guard remaining > .zero else { return }
    _ = signal.wait(for: remaining)
  }
}
