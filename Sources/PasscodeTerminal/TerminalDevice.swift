internal import Glibc

/// The terminal the prompt reads keys from and writes to: the controlling terminal (`/dev/tty`) or a
/// named one (`--tty PATH`, or the tty gpg-agent names).
///
/// It is opened read-write with `O_NOCTTY` (so opening it never makes it the controlling terminal) and
/// `O_CLOEXEC`, and closed when the value is released.
package final class TerminalDevice {
  /// The path of the controlling terminal.
  package static let controllingTerminalPath = "/dev/tty"

  /// The path that was opened.
  package let path: String
  /// The open file descriptor, for raw mode and for polling.
  package let fileDescriptor: Int32
  private var isClosed = false

  /// Opens a terminal.
  ///
  /// - Parameter path: The terminal to open; the controlling terminal by default.
  /// - Throws: ``TerminalError`` with `.open` when it cannot be opened (for `/dev/tty`, usually `ENXIO`:
  ///   the process has no controlling terminal), or `.checkTerminal` with `ENOTTY` when the file is not
  ///   a terminal. Front ends map either to exit status 69.
  package init(path: String = TerminalDevice.controllingTerminalPath) throws(TerminalError) {
    let descriptor = try TerminalCalls.open(path, flags: O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard TerminalCalls.isTerminal(descriptor) else {
      TerminalCalls.close(descriptor)
      throw TerminalError(operation: .checkTerminal, errno: ENOTTY, path: path)
    }
    self.path = path
    fileDescriptor = descriptor
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
    try TerminalCalls.read(fileDescriptor, into: buffer) ?? 0
  }

  /// Writes all of the bytes.
  ///
  /// - Parameter bytes: The bytes to write.
  /// - Throws: ``TerminalError`` (`.write`).
  package func write(_ bytes: UnsafeRawBufferPointer) throws(TerminalError) {
    try TerminalCalls.write(fileDescriptor, bytes)
  }

  /// Writes text (never a secret) as UTF-8.
  ///
  /// - Parameter text: The text to write.
  /// - Throws: ``TerminalError`` (`.write`).
  package func write(_ text: String) throws(TerminalError) {
    try TerminalCalls.write(fileDescriptor, Array(text.utf8))
  }
}
