/// A detached thread for blocking work, such as a verification that must not hold up the input loop;
/// a plain POSIX thread rather than a Dispatch queue, so that programs using it do not link libdispatch.
public enum BackgroundThread {
  /// Runs `body` on a new detached thread and returns at once.
  ///
  /// - Parameter body: The work.
  /// - Returns: `true` when the thread started; otherwise `body` is not run.
  @discardableResult
  public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    SpeechSystemCalls.detachThread(body)
  }
}
