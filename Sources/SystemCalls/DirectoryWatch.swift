internal import Glibc

/// An inotify descriptor watching one directory for files that appear (written and closed, or moved in)
/// and files that go (removed, or moved out); non-blocking and close-on-exec.
///
/// A watch does not close itself: the owner calls ``close()``, as with the C value.
package struct DirectoryWatch: Sendable {
  /// The inotify descriptor, readable when something changed, for a ``Poll``.
  package let descriptor: FileDescriptor

  /// Starts watching. The corresponding C functions are `inotify_init1` and `inotify_add_watch`.
  ///
  /// - Parameter path: The directory; anything else is refused (`IN_ONLYDIR`).
  /// - Throws: The ``Errno`` of the failing call.
  package init(_ path: String) throws(Errno) {
    let descriptor = FileDescriptor(rawValue: try valueOrErrno { inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK)) })
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR)
    do {
      try nothingOrErrno { inotify_add_watch(descriptor.rawValue, path, mask) }
    } catch {
      descriptor.closeIgnoringErrors()
      throw error
    }
    self.descriptor = descriptor
  }

  /// Reads and drops the events waiting, so that the next poll waits for new ones.
  package func drain() {
    while let bytes = try? descriptor.read(upTo: 4096), !bytes.isEmpty {}
  }

  /// Stops watching.
  package func close() {
    descriptor.closeIgnoringErrors()
  }
}
