internal import Glibc

/// A detached thread for blocking work, such as a verification that must not hold up the input loop;
/// a plain POSIX thread rather than a Dispatch queue, so that programs using it do not link libdispatch.
package enum BackgroundThread {
  /// Runs `body` on a new detached thread and returns at once.
  ///
  /// The corresponding C functions are `pthread_create` and `pthread_detach`.
  ///
  /// - Parameter body: The work.
  /// - Returns: `true` when the thread started; otherwise `body` is not run.
  @discardableResult
  package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(ThreadBody(body))
    var thread = pthread_t()
    // The thread starts with every signal blocked, as Dispatch's worker threads do, so that signals sent to
    // the process reach the main thread's relay and never interrupt background work.
    let previous = SignalSet.all.blockInThread()
    defer { SignalSet.setThreadMask(previous) }
    let status = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        let body = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
        body.run()
        return nil
      }, box.toOpaque())
    guard status == 0 else {
      box.release()
      return false
    }
    pthread_detach(thread)
    return true
  }

  /// The closure a detached thread runs, boxed to pass through `pthread_create`'s context pointer.
  private final class ThreadBody {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
}
