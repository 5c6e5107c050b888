import Synchronization

/// Runs blocking work on its own thread and waits for it at most a deadline: a library call that may hang (D-Bus,
/// BrlAPI, libspeechd's connection) must not hang the caller.
package enum DeadlineRunner {
  private final class Outcome<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
    let done = Semaphore()
  }

  /// Runs `body` on a new thread and waits for its result at most `deadline`.
  ///
  /// When the time runs out the thread is left to finish alone, so `body` must clean up after itself.
  /// - Parameters:
  ///   - deadline: The longest wait.
  ///   - body: The blocking work.
  /// - Returns: The work's result, or `nil` when it did not finish in time.
  package static func run<Value: Sendable>(deadline: Duration, _ body: @escaping @Sendable () -> Value) -> Value? {
    let outcome = Outcome<Value>()
    BackgroundThread.start {
      let value = body()
      outcome.value.withLock { $0 = value }
      outcome.done.signal()
    }
    guard outcome.done.wait(for: deadline) else { return nil }
    return outcome.value.withLock { $0 }
  }
}
