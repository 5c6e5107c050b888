internal import Glibc
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
  /// The open file, read and written straight through the system-call layer.
  let descriptor: FileDescriptor
  /// The open file descriptor, for raw mode and for polling.
  package var fileDescriptor: Int32 { descriptor.rawValue }
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
    let descriptor = try TerminalCalls.open(path, flags: O_RDWR | O_NOCTTY | O_CLOEXEC)
    do {
      try Self.check(descriptor, path: path, requiresOwnTerminal: requiresOwnTerminal)
    } catch {
      TerminalCalls.close(descriptor)
      throw error
    }
    self.path = path
    self.descriptor = FileDescriptor(rawValue: descriptor)
  }

  /// Checks that an open file is a terminal to ask on.
  private static func check(_ descriptor: Int32, path: String, requiresOwnTerminal: Bool) throws(TerminalError) {
    guard TerminalCalls.isTerminal(descriptor) else {
      throw TerminalError(operation: .checkTerminal, errno: ENOTTY, path: path)
    }
    if TerminalCalls.isPseudoTerminalMaster(descriptor) {
      throw TerminalError(refusal: .pseudoTerminalMaster, path: path)
    }
    guard requiresOwnTerminal else { return }
    // `/dev/tty` itself belongs to root: it stands for the controlling terminal, which is the caller's own.
    let owner = try TerminalCalls.owner(descriptor, path: path)
    if owner != 0, owner != TerminalCalls.userIdentifier {
      throw TerminalError(refusal: .otherUsersTerminal(owner: owner), path: path)
    }
  }

  deinit {
    if !isClosed { TerminalCalls.close(fileDescriptor) }
  }

  /// Closes the terminal now instead of when the value is released. Calling it again does nothing.
  package func close() {
    guard !isClosed else { return }
    isClosed = true
    TerminalCalls.close(fileDescriptor)
  }

  /// The number of columns the kernel reports for the window, if it reports a positive one.
  ///
  /// - Returns: The columns, or `nil` when `TIOCGWINSZ` fails or reports zero.
  package func windowColumns() -> Int? {
    guard let size = try? TerminalCalls.windowSize(fileDescriptor), size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The width to render for: `COLUMNS` when it is a positive number, else the window size, else 80.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The width in columns.
  package func width(environment: [String: String]) -> Int {
    TerminalCapabilities.width(environment: environment, windowColumns: windowColumns())
  }

  /// Reads the bytes that are available, waiting for at least one.
  ///
  /// - Parameter buffer: Where to put them. Callers should wipe it after decoding.
  /// - Returns: The number of bytes read; `0` when the terminal has hung up.
  /// - Throws: ``TerminalError`` (`.read`).
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(TerminalError) -> Int {
    do {
      return try descriptor.read(into: buffer)
    } catch  where error == .wouldBlock {
      return 0
    } catch {
      throw TerminalError(operation: .read, errno: error.rawValue)
    }
  }

  /// Writes all of the bytes.
  ///
  /// - Parameter bytes: The bytes to write.
  /// - Throws: ``TerminalError`` (`.write`).
  package func write(_ bytes: UnsafeRawBufferPointer) throws(TerminalError) {
    try TerminalCalls.naming(.write) { () throws(Errno) in try descriptor.writeAll(bytes) }
  }

  /// Writes text (never a secret) as UTF-8.
  ///
  /// - Parameter text: The text to write.
  /// - Throws: ``TerminalError`` (`.write`).
  package func write(_ text: String) throws(TerminalError) {
    try TerminalCalls.naming(.write) { () throws(Errno) in try descriptor.writeAll(Array(text.utf8)) }
  }
}
