import Synchronization

/// Makes the process non-dumpable (`PR_SET_DUMPABLE` 0: no core dump, no `ptrace` by the same user) from
/// the first secret buffer on, and keeps it so until the process exits or `exec`s another program (which
/// resets the flag). It is never set back: a process that held a secret may still hold a copy somewhere
/// (a register spilled to the stack, a terminal buffer), and a signal that dumps core usually arrives while
/// the secret is being freed.
public enum CoreDumpGuard {
  private static let liveBuffers = Mutex(0)

  /// Makes the process non-dumpable for the rest of its life. The command calls this first thing, before
  /// any key is read.
  ///
  /// - Throws: ``VaultError/io(path:operation:errno:)`` when `prctl` refuses.
  public static func forbidCoreDumps() throws(VaultError) {
    do {
      try FileSystem.setDumpableFlag(0)
    } catch {
      throw .io(path: "", operation: "prctl(PR_SET_DUMPABLE)", errno: error.rawValue)
    }
  }

  /// Notes that a secret buffer was created, and makes sure the process is non-dumpable.
  static func retain() {
    try? forbidCoreDumps()
    liveBuffers.withLock { $0 += 1 }
  }

  /// Notes that a secret buffer was released; the process stays non-dumpable.
  static func release() {
    liveBuffers.withLock { count in
      precondition(count > 0, "a secret buffer was released more often than created")
      count -= 1
    }
  }

  /// The number of secret buffers alive now (for tests).
  static var liveCount: Int { liveBuffers.withLock { $0 } }
}
