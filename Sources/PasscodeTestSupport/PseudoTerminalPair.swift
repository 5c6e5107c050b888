internal import Glibc
package import SystemCalls

/// A new pseudo-terminal: the master side a terminal emulator holds, and the slave side a program uses as its
/// terminal. Both ends are closed on exec; the owner closes them.
package struct PseudoTerminalPair: Sendable {
  /// The master side.
  package let master: FileDescriptor
  /// The slave side.
  package let slave: FileDescriptor

  /// Opens a pair with a window size and the kernel's default settings. The corresponding C function is
  /// `openpty` (then `fcntl` with `FD_CLOEXEC`).
  ///
  /// - Parameter size: The window size.
  /// - Throws: The call's ``Errno``.
  package init(size: WindowSize) throws(Errno) {
    var (master, slave): (Int32, Int32) = (-1, -1)
    var size = winsize(
      ws_row: UInt16(clamping: size.rows), ws_col: UInt16(clamping: size.columns), ws_xpixel: 0, ws_ypixel: 0)
    try nothingOrErrno { openpty(&master, &slave, nil, nil, &size) }
    self.master = FileDescriptor(rawValue: master)
    self.slave = FileDescriptor(rawValue: slave)
    do {
      try self.master.setClosesOnExec(true)
      try self.slave.setClosesOnExec(true)
    } catch {
      self.master.closeIgnoringErrors()
      self.slave.closeIgnoringErrors()
      throw error
    }
  }
}
