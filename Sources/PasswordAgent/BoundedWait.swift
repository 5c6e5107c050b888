internal import SystemCalls

/// Polls a condition every 10 ms until it holds or the time is up.
///
/// The agent uses it once, before its first question, to give speech-dispatcher a moment to connect:
/// until the connection is up only the newest announcement is kept, and the first question's message
/// must not be lost to it.
public enum BoundedWait {
  /// Waits for `condition`.
  ///
  /// - Parameters:
  ///   - milliseconds: The longest wait.
  ///   - condition: Checked at once and then every 10 ms.
  /// - Returns: Whether the condition held in time.
  @discardableResult
  public static func until(milliseconds: Int, _ condition: () -> Bool) -> Bool {
    var waited = 0
    while !condition() {
      guard waited < milliseconds else { return false }
      sleep(for: .milliseconds(10))
      waited += 10
    }
    return true
  }
}
