internal import Glibc

/// A counting semaphore on a POSIX mutex and condition variable, in place of `DispatchSemaphore`, so that
/// the program does not link libdispatch (whose tables and start-up constructor cost every run of
/// `passcode`). Timed waits run on `CLOCK_MONOTONIC`, so changing the wall clock does not move a deadline.
package final class Semaphore: @unchecked Sendable {
  // The mutex and condition stay at one address for the semaphore's life; `count` is only touched with
  // the mutex held.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
  private let condition: UnsafeMutablePointer<pthread_cond_t> = .allocate(capacity: 1)
  private var count: UInt

  /// Makes a semaphore. The corresponding C functions are `pthread_mutex_init`, `pthread_condattr_setclock`
  /// and `pthread_cond_init`.
  ///
  /// - Parameter value: The starting count.
  package init(value: UInt = 0) {
    count = value
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Adds one to the count, waking a waiter.
  ///
  /// The corresponding C function is `pthread_cond_signal`.
  package func signal() {
    pthread_mutex_lock(mutex)
    count += 1
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Waits until the count is above zero, then takes one.
  ///
  /// The corresponding C function is `pthread_cond_wait`.
  package func wait() {
    pthread_mutex_lock(mutex)
    while count == 0 { pthread_cond_wait(condition, mutex) }
    count -= 1
    pthread_mutex_unlock(mutex)
  }

  /// Waits for a signal or for the duration to pass.
  ///
  /// The corresponding C function is `pthread_cond_timedwait`, against `CLOCK_MONOTONIC`.
  ///
  /// - Parameter duration: The longest wait.
  /// - Returns: `true` when signalled, `false` when the time ran out.
  package func wait(for duration: Duration) -> Bool {
    let start = SystemClock.monotonic.now
    var deadline = timespec(tv_sec: start.seconds, tv_nsec: start.nanoseconds)
    let nanoseconds = max(duration, .zero).wholeNanoseconds
    let fraction = deadline.tv_nsec + nanoseconds % 1_000_000_000
    let (seconds, overflow) = deadline.tv_sec.addingReportingOverflow(
      nanoseconds / 1_000_000_000 + fraction / 1_000_000_000)
    deadline.tv_sec = overflow ? .max : seconds
    deadline.tv_nsec = fraction % 1_000_000_000
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while count == 0 {
      if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
    }
    guard count > 0 else { return false }
    count -= 1
    return true
  }
}
