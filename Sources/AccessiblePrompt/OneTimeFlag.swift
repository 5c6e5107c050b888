import Synchronization

/// A flag that says "first" exactly once, from any thread: for the one speech notice per session.
package final class OneTimeFlag: Sendable {
  private let taken = Mutex(false)

  /// A flag not taken yet.
  package init() {}

  /// `true` the first time it is called, `false` ever after.
  package func takeFirst() -> Bool {
    taken.withLock { taken in
      defer { taken = true }
      return !taken
    }
  }
}
