internal import SystemCalls

/// Makes the process non-dumpable (`PR_SET_DUMPABLE` 0: no core dump, no `ptrace` by the same user) for the
/// rest of its life; the package's secret memory also does so from its first allocation on. It is never set
/// back: a process that held a secret may still hold a copy somewhere (a register spilled to the stack, a
/// terminal buffer), and a signal that dumps core usually arrives while the secret is being freed.
package enum CoreDumpGuard {
  /// Makes the process non-dumpable for the rest of its life. The command calls this first thing, before
  /// any key is read.
  ///
  /// - Throws: ``VaultError/io(path:operation:errno:)`` when `prctl` refuses.
  package static func forbidCoreDumps() throws(VaultError) {
    do {
      try CoreDumps.forbid()
    } catch {
      throw .io(path: "", operation: "prctl(PR_SET_DUMPABLE)", errno: error.rawValue)
    }
  }
}
