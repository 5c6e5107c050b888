import Foundation

/// What a spawned debug-built `passcode` sees of screen readers: a tree that stands for `/proc` and `/sys` and for
/// the session bus, named in the child's environment by ``variable`` (`ScreenReaderDetector.pinnedTree`, which
/// only a debug build reads).
///
/// Every spawner of the test support (``Spawn``, so ``ChildProcess`` and ``SpawnedProcess``, and ``PipedProcess``)
/// gives a child ``nothingRunning`` unless its environment names a tree of its own, so a test that doesn't test
/// detection sees no reader on any machine, a blind contributor's with Orca or Fenrir running included. A reader
/// lab pins a tree holding only the readers it started (``addProcess(_:)``, ``setSessionBus(_:)``).
package final class PinnedDetection: Sendable {
  /// The variable `ScreenReaderDetector.pinnedTreeVariable` reads.
  package static let variable = "PASSCODE_TEST_DETECTION_ROOT"

  /// No reader: no process but the reader's own (`proc/self`, so the prompt's terminal is still its own), no
  /// Speakup, no session bus. Made once per test process, and removed when it exits.
  package static let nothingRunning: PinnedDetection = {
    guard let tree = try? PinnedDetection() else {
      preconditionFailure("cannot make a pinned detection tree under /tmp")
    }
    atexit { PinnedDetection.nothingRunning.remove() }
    return tree
  }()

  /// The tree's root: `ROOT/proc`, `ROOT/sys` and, when set, `ROOT/session-bus-address`.
  package let root: String

  /// Makes an empty tree under `/tmp`, readable by every user (a lab's reader may run as another one).
  ///
  /// - Throws: `CocoaError` when a directory or link cannot be made.
  package init() throws {
    var template = Array("/tmp/passcode-detection.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    root = String(cString: made)
    chmod(root, 0o755)
    let manager = FileManager.default
    for directory in ["proc", "sys"] {
      try manager.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: false)
    }
    // Resolved by the process that reads it, so `proc/self` is always the reading process's own entry.
    try manager.createSymbolicLink(atPath: root + "/proc/self", withDestinationPath: "/proc/self")
  }

  /// The environment entry that pins a child to this tree.
  package var environment: [String: String] { [Self.variable: root] }

  /// Lets a process be seen: `ROOT/proc/PID` links to `/proc/PID`.
  ///
  /// - Parameter identifier: The process, such as a reader the test started.
  /// - Throws: `CocoaError` when the link cannot be made.
  package func addProcess(_ identifier: Int32) throws {
    let link = root + "/proc/\(identifier)"
    guard (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil else { return }
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/\(identifier)")
  }

  /// Names the session bus the AT-SPI check asks.
  ///
  /// - Parameter address: A D-Bus address, such as a lab desktop's.
  /// - Throws: `CocoaError` when the file cannot be written.
  package func setSessionBus(_ address: String) throws {
    let file = root + "/session-bus-address"
    try address.write(toFile: file, atomically: true, encoding: .utf8)
    chmod(file, 0o644)
  }

  /// Removes the tree.
  package func remove() {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// A child's environment with ``nothingRunning`` pinned, unless it names a tree of its own.
  ///
  /// - Parameter environment: The child's whole environment.
  /// - Returns: The environment to start it with.
  package static func pinning(_ environment: [String: String]) -> [String: String] {
    guard environment[variable] == nil else { return environment }
    return environment.merging(nothingRunning.environment) { given, _ in given }
  }
}
