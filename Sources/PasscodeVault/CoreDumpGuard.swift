import Synchronization

/// Keeps the process non-dumpable (`PR_SET_DUMPABLE` 0: no core dump, no `ptrace` by the same user) while
/// at least one secret buffer is alive, and restores the previous flag when the last one goes.
enum CoreDumpGuard {
  private struct State {
    var liveCount = 0
    var previousFlag: Int32?
  }

  private static let state = Mutex(State())

  /// Notes that a secret buffer was created; the first one clears the dumpable flag.
  static func retain() {
    state.withLock { state in
      if state.liveCount == 0 {
        if let flag = try? FileSystem.dumpableFlag(), (try? FileSystem.setDumpableFlag(0)) != nil {
          state.previousFlag = flag
        } else {
          state.previousFlag = nil
        }
      }
      state.liveCount += 1
    }
  }

  /// Notes that a secret buffer was released; the last one restores the flag found by the first.
  static func release() {
    state.withLock { state in
      precondition(state.liveCount > 0, "a secret buffer was released more often than created")
      state.liveCount -= 1
      if state.liveCount == 0, let flag = state.previousFlag {
        try? FileSystem.setDumpableFlag(flag)
        state.previousFlag = nil
      }
    }
  }

  /// The number of secret buffers alive now (for tests).
  static var liveCount: Int { state.withLock { $0.liveCount } }
}
