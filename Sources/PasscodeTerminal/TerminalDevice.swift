internal import SystemCalls

/// The terminal the prompt reads keys from and writes to: the controlling terminal (`/dev/tty`) or a
/// named one (`--tty PATH`, or the tty gpg-agent names).
///
/// It is opened read-write with `O_NOCTTY` (so opening it never makes it the controlling terminal) and
/// `O_CLOEXEC`, and closed when the value is released. What was opened is checked, not the path, so a path
/// changed in between cannot slip anything else in: it must be a terminal, never the master side of a
/// pseudo-terminal (nobody types on one: `/dev/ptmx` makes a new one that a prompt would wait on for ever),
/// and, when asked, one that belongs to this process's user or to root.
package final class TerminalDevice {
  /// The path of the controlling terminal.
  package static let controllingTerminalPath = "/dev/tty"

  /// The path that was opened.
  package let path: String
  /// The open file, which ``TerminalSession`` reads and writes straight through the system-call layer.
  package let descriptor: FileDescriptor
  private var isClosed = false

  /// Opens a terminal.
  ///
  /// - Parameters:
  ///   - path: The terminal to open; the controlling terminal by default.
  ///   - requiresOwnTerminal: Whether a terminal that belongs to another user (neither this process's user nor
  ///     root) is refused: pinentry asks on the terminal gpg-agent names, and another user's left at mode
  ///     0666 would show them the dialog and let them type into it.
  /// - Throws: ``TerminalError`` with `.open` when it cannot be opened (for `/dev/tty`, usually `ENXIO`:
  ///   the process has no controlling terminal), or `.checkTerminal` with `ENOTTY` when the file is not
  ///   a terminal or is refused (with its ``TerminalError/Refusal``). Front ends map either to exit status 69.
  package init(
    path: String = TerminalDevice.controllingTerminalPath, requiresOwnTerminal: Bool = false
  ) throws(TerminalError) {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, .readWrite, options: [.noControllingTerminal, .closeOnExec])
    } catch {
      throw TerminalError(operation: .open, errno: error, path: path)
    }
    do {
      try Self.check(descriptor, path: path, requiresOwnTerminal: requiresOwnTerminal)
    } catch {
      descriptor.closeIgnoringErrors()
      throw error
    }
    self.path = path
    self.descriptor = descriptor
  }

  /// Checks that an open file is a terminal to ask on: a terminal, not a pseudo-terminal's master side (one
  /// from `/dev/ptmx`, which the kernel gives a number, or a BSD-style one, device major 2), and, when asked,
  /// this process's user's or root's.
  private static func check(
    _ descriptor: FileDescriptor, path: String, requiresOwnTerminal: Bool
  ) throws(TerminalError) {
    guard descriptor.isTerminal else {
      throw TerminalError(operation: .checkTerminal, errno: .notATerminal, path: path)
    }
    let status = try? FileStatus(descriptor: descriptor)
    if descriptor.isPseudoTerminalMaster || status.map({ $0.isCharacterDevice && $0.deviceMajor == 2 }) == true {
      throw TerminalError(refusal: .pseudoTerminalMaster, path: path)
    }
    guard requiresOwnTerminal else { return }
    // `/dev/tty` itself belongs to root: it stands for the controlling terminal, which is the caller's own.
    let owner: UInt32
    do {
      owner = try FileStatus(descriptor: descriptor).owner
    } catch {
      throw TerminalError(operation: .checkTerminal, errno: error, path: path)
    }
    if owner != 0, owner != ProcessCredentials.effective.user {
      throw TerminalError(refusal: .otherUsersTerminal(owner: owner), path: path)
    }
  }

  deinit {
    if !isClosed { descriptor.closeIgnoringErrors() }
  }

  /// Closes the terminal now instead of when the value is released. Calling it again does nothing.
  package func close() {
    guard !isClosed else { return }
    isClosed = true
    descriptor.closeIgnoringErrors()
  }

  /// The number of columns the kernel reports for the window, if it reports a positive one.
  ///
  /// - Returns: The columns, or `nil` when `TIOCGWINSZ` fails or reports zero.
  package func windowColumns() -> Int? {
    guard let size = try? descriptor.windowSize(), size.columns > 0 else { return nil }
    return size.columns
  }

  /// The width to render for: `COLUMNS` when it is a positive number, else the window size, else 80.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The width in columns.
  package func width(environment: [String: String]) -> Int {
    TerminalCapabilities.width(environment: environment, windowColumns: windowColumns())
  }
}
