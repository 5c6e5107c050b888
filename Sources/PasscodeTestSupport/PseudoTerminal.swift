internal import SystemCalls
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// A pseudo-terminal pair for tests: the test writes keys to and reads output from the master side; the
/// code under test (in this process, or a ``ChildProcess``) uses the slave side as its terminal.
///
/// Waiting is bounded by deadlines on I/O (`poll`), never by sleeping for a fixed time.
package final class PseudoTerminal {
  /// The master side: what a terminal emulator would hold.
  package let masterFileDescriptor: Int32
  /// The slave side: the terminal the program sees.
  package let slaveFileDescriptor: Int32
  /// The slave's path, such as `/dev/pts/3`, for `--tty PATH`.
  package let slavePath: String
  private var pending: [UInt8] = []
  private var isSlaveOpen = true
  private var isMasterOpen = true

  /// Opens a new pseudo-terminal with the given window size and the kernel's default settings.
  ///
  /// - Parameters:
  ///   - columns: The window's width.
  ///   - rows: The window's height.
  /// - Throws: ``PseudoTerminalError``.
  package init(columns: Int = 80, rows: Int = 24) throws {
    let pair = try PseudoTerminalCalls.openPseudoTerminal(size: WindowSize(columns: columns, rows: rows))
    masterFileDescriptor = pair.master
    slaveFileDescriptor = pair.slave
    do {
      slavePath = try PseudoTerminalCalls.terminalName(pair.slave)
    } catch {
      PseudoTerminalCalls.close(pair.master)
      PseudoTerminalCalls.close(pair.slave)
      throw error
    }
  }

  deinit {
    closeSlave()
    if isMasterOpen { PseudoTerminalCalls.close(masterFileDescriptor) }
  }

  /// Closes this process's copy of the slave side, so that the master sees end of file once a child
  /// holding the slave exits. Calling it again does nothing.
  package func closeSlave() {
    guard isSlaveOpen else { return }
    isSlaveOpen = false
    PseudoTerminalCalls.close(slaveFileDescriptor)
  }

  /// Closes the master side, as a terminal emulator does when its window closes: the slave hangs up (reads give
  /// end of file or `EIO`). Calling it again does nothing.
  package func closeMaster() {
    guard isMasterOpen else { return }
    isMasterOpen = false
    PseudoTerminalCalls.close(masterFileDescriptor)
  }

  /// Types bytes, as if from the keyboard.
  ///
  /// - Parameter bytes: The bytes.
  /// - Throws: ``PseudoTerminalError``.
  package func write(_ bytes: [UInt8]) throws {
    try PseudoTerminalCalls.write(masterFileDescriptor, bytes)
  }

  /// Types many bytes (a flood, a huge paste) while reading the output, so that neither side blocks on a full
  /// buffer; what was read is kept for the next ``read(timeout:)``.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - timeout: The longest wait for the terminal to take or give anything.
  /// - Throws: ``PseudoTerminalError``.
  package func flood(_ bytes: [UInt8], timeout: Duration = .seconds(60)) throws {
    pending += try PseudoTerminalCalls.writeReading(masterFileDescriptor, bytes, timeout: timeout)
  }

  /// Types text as UTF-8.
  ///
  /// - Parameter text: The text.
  /// - Throws: ``PseudoTerminalError``.
  package func write(_ text: String) throws {
    try write(Array(text.utf8))
  }

  /// Reads output: waits up to `timeout` for some, then returns everything available at once.
  ///
  /// - Parameter timeout: The longest wait for the first byte.
  /// - Returns: The output; empty when none came in time or the slave side was closed.
  /// - Throws: ``PseudoTerminalError``.
  package func read(timeout: Duration) throws -> [UInt8] {
    if !pending.isEmpty {
      defer { pending = [] }
      return pending + (try readAvailable(waiting: .zero))
    }
    return try readAvailable(waiting: timeout)
  }

  /// Reads output until `needle` appears.
  ///
  /// - Parameters:
  ///   - needle: The bytes to wait for.
  ///   - timeout: The longest wait in all.
  /// - Returns: The output up to and including the needle; later output is kept for the next read.
  /// - Throws: ``PseudoTerminalError/timedOut(received:)`` or ``PseudoTerminalError/endOfFile(received:)``
  ///   with what arrived.
  package func readUntil(_ needle: [UInt8], timeout: Duration) throws -> [UInt8] {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var received = pending
    pending = []
    while true {
      if let end = Self.endOfFirstMatch(of: needle, in: received) {
        pending = Array(received[end...])
        return Array(received[..<end])
      }
      let remaining = deadline - clock.now
      guard remaining > .zero else { throw PseudoTerminalError.timedOut(received: received) }
      guard
        try PseudoTerminalCalls.waitUntilReadable(masterFileDescriptor, timeout: remaining)
      else { continue }
      let chunk = try PseudoTerminalCalls.read(masterFileDescriptor, maximumCount: 4096)
      if chunk.isEmpty { throw PseudoTerminalError.endOfFile(received: received) }
      received += chunk
    }
  }

  /// Reads output until `text` appears.
  ///
  /// - Parameters:
  ///   - text: The text to wait for.
  ///   - timeout: The longest wait in all.
  /// - Returns: The output up to and including the text.
  /// - Throws: ``PseudoTerminalError``.
  package func readUntil(_ text: String, timeout: Duration) throws -> [UInt8] {
    try readUntil(Array(text.utf8), timeout: timeout)
  }

  /// The slave side's settings as raw bytes, to compare before and after.
  ///
  /// - Returns: The bytes of the `termios` structure.
  /// - Throws: ``PseudoTerminalError``.
  package func termiosSnapshot() throws -> [UInt8] {
    try PseudoTerminalCalls.attributes(slaveFileDescriptor).bytes
  }

  /// Puts back settings taken with ``termiosSnapshot()``, as a shell does when a job stops and it takes the
  /// terminal back.
  ///
  /// - Parameter snapshot: The bytes of the `termios` structure.
  /// - Throws: ``PseudoTerminalError``.
  package func restoreTermios(_ snapshot: [UInt8]) throws {
    try PseudoTerminalCalls.setAttributes(slaveFileDescriptor, TerminalAttributes(bytes: snapshot))
  }

  /// Whether the slave side is in raw mode: echo and canonical (line-by-line) input both off.
  ///
  /// - Returns: `true` in raw mode.
  /// - Throws: ``PseudoTerminalError``.
  package func isRaw() throws -> Bool {
    try PseudoTerminalCalls.attributes(slaveFileDescriptor).echoesNothingAndReadsBytes
  }

  /// Changes the window size; the kernel sends `SIGWINCH` to the terminal's foreground process group.
  ///
  /// - Parameters:
  ///   - columns: The new width.
  ///   - rows: The new height.
  /// - Throws: ``PseudoTerminalError``.
  package func setWindowSize(columns: Int, rows: Int) throws {
    try PseudoTerminalCalls.setWindowSize(masterFileDescriptor, WindowSize(columns: columns, rows: rows))
  }

  private func readAvailable(waiting: Duration) throws -> [UInt8] {
    var received: [UInt8] = []
    var wait = waiting
    while try PseudoTerminalCalls.waitUntilReadable(masterFileDescriptor, timeout: wait) {
      let chunk = try PseudoTerminalCalls.read(masterFileDescriptor, maximumCount: 4096)
      if chunk.isEmpty { break }
      received += chunk
      wait = .zero
    }
    return received
  }

  private static func endOfFirstMatch(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard !needle.isEmpty else { return 0 }
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle)
    {
      return start + needle.count
    }
    return nil
  }
}
