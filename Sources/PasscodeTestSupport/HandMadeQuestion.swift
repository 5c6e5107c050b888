import Foundation
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// A question written by hand into `/run/systemd/ask-password`, as systemd-ask-password 252 writes one,
/// with a real datagram socket of its own in a temporary directory: for the askers systemd would never be
/// (one that stops reading, one whose socket vanishes, one that is not root's).
///
/// `passcode agent` reads only the system's directory, so these tests (and `passcode-bench`'s agent item)
/// need root and point the agent at their own questions with `--id`.
package final class HandMadeQuestion {
  /// The question directory.
  package static let directory = "/run/systemd/ask-password"

  /// The `ask.*` file's name.
  package let fileName = "ask.passcode-e2e-\(UUID().uuidString.prefix(8))"
  /// The directory the socket is bound in.
  package let socketDirectory: String
  /// The asker's socket.
  package let socket: BoundDatagramSocket
  /// When the file was moved into the directory, read just before the move: an agent's inotify watch can see
  /// it from then on, never earlier.
  package private(set) var writtenAt = ContinuousClock.now

  /// Binds the socket and writes the question (written beside its name and moved in, as systemd does).
  ///
  /// - Parameters:
  ///   - message: `Message=`.
  ///   - identifier: `Id=`; make it start with the test's own prefix.
  ///   - fileMode: The ask file's permission bits.
  ///   - fileOwner: The ask file's owner.
  ///   - socketOwner: The socket's owner.
  ///   - socketThroughLink: Whether `Socket=` names a symbolic link to the socket.
  /// - Throws: When the socket or the file cannot be made.
  package init(
    _ message: String, identifier: String, fileMode: mode_t = 0o644, fileOwner: uid_t = 0, socketOwner: uid_t = 0,
    socketThroughLink: Bool = false
  ) throws {
    socketDirectory = NSTemporaryDirectory() + "passcode-asker-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: socketDirectory, withIntermediateDirectories: true)
    socket = try BoundDatagramSocket(path: socketDirectory + "/sck.asker")
    guard chown(socket.path, socketOwner, socketOwner) == 0 else { throw POSIXError(.EPERM) }
    var socketEntry = socket.path
    if socketThroughLink {
      socketEntry = socketDirectory + "/sck.link"
      try FileManager.default.createSymbolicLink(atPath: socketEntry, withDestinationPath: socket.path)
    }
    try FileManager.default.createDirectory(atPath: Self.directory, withIntermediateDirectories: true)
    let text =
      "[Ask]\nPID=\(getpid())\nSocket=\(socketEntry)\nAcceptCached=0\nEcho=0\nNotAfter=0\n"
      + "Message=\(message)\nId=\(identifier)\n"
    let temporary = Self.directory + "/.tmp-\(fileName)"
    try text.write(toFile: temporary, atomically: false, encoding: .utf8)
    guard chmod(temporary, fileMode) == 0, chown(temporary, fileOwner, fileOwner) == 0 else {
      throw POSIXError(.EIO)
    }
    writtenAt = ContinuousClock.now
    guard rename(temporary, Self.directory + "/" + fileName) == 0 else { throw POSIXError(.EIO) }
  }

  deinit {
    socket.close()
    unlink(Self.directory + "/" + fileName)
    try? FileManager.default.removeItem(atPath: socketDirectory)
  }

  /// Removes the `ask.*` file, as an asker that gives up does: the question is withdrawn.
  package func withdraw() {
    unlink(Self.directory + "/" + fileName)
  }

  /// Removes the socket's file (the socket stays open): the asker's socket vanished.
  package func removeSocketFile() {
    unlink(socket.path)
  }
}
