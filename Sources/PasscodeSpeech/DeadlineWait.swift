import Dispatch

/// Waiting on a semaphore for at most a `Duration`.
extension DispatchSemaphore {
  /// Waits for a signal or for the duration to pass.
  ///
  /// - Parameter duration: The longest wait.
  /// - Returns: `true` when signalled, `false` when the time ran out.
  func wait(for duration: Duration) -> Bool {
    wait(timeout: .now() + .nanoseconds(duration.wholeNanoseconds)) == .success
  }
}

extension Duration {
  /// The duration in nanoseconds, clamped to `Int`.
  var wholeNanoseconds: Int {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? Int.min : Int.max }
    return Int(clamping: scaled + attoseconds / 1_000_000_000)
  }

  /// The duration in whole milliseconds.
  var wholeMilliseconds: Int {
    wholeNanoseconds / 1_000_000
  }
}
