package import SystemCalls

extension Spawn {
  /// Starts the program with ``PinnedDetection/nothingRunning``'s entry added to its environment when the
  /// environment names no pinned detection tree of its own: how the tests and passcode-bench start every program,
  /// so that a reader running on the machine is never what a spawned `passcode` detects.
  ///
  /// - Returns: The child's process identifier.
  /// - Throws: The ``Errno`` of ``run()``.
  package func runPinned() throws(Errno) -> ProcessIdentifier {
    var pinned = self
    pinned.environment = PinnedDetection.pinning(environment)
    return try pinned.run()
  }
}
