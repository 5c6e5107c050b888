/// The delays between attempts to reach speech-dispatcher: 0.5 s, 1 s, 2 s … at most 30 s.
package struct ReconnectBackoff: Equatable, Sendable {
  /// The first delay.
  package var initial: Duration
  /// The longest delay.
  package var maximum: Duration
  private var nextDelay: Duration

  /// Creates a backoff at its first delay.
  ///
  /// - Parameters:
  ///   - initial: The first delay.
  ///   - maximum: The longest delay.
  package init(initial: Duration = .milliseconds(500), maximum: Duration = .seconds(30)) {
    self.initial = initial
    self.maximum = maximum
    self.nextDelay = initial
  }

  /// The delay before the next attempt; each call doubles the following one up to the maximum.
  ///
  /// - Returns: The delay.
  package mutating func next() -> Duration {
    let delay = nextDelay
    nextDelay = min(nextDelay * 2, maximum)
    return delay
  }

  /// Starts again from the first delay, after a success.
  package mutating func reset() {
    nextDelay = initial
  }
}
