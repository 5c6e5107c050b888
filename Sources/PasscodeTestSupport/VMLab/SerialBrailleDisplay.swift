import Foundation
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// The host's end of a guest serial port on which brltty runs its TTY braille driver (`tt`, with `lines=1`):
/// QEMU serves the port as a Unix socket (`-chardev socket,server=on,wait=off`), this connects to it, and reads
/// what the driver draws there with ncurses: the braille window's text on the first row, its cells as Unicode
/// braille (or, in a locale without it, caret notation) on the second. Keys written to it reach brltty as its
/// display's keys: a printable character is typed into the console it reads.
///
/// Each time what arrived changes the first row, the row is kept as a window (``windows``): a window that
/// came in pieces may be kept half drawn too, so tests look for the windows they expect among them.
package final class SerialBrailleDisplay {
  /// Every window seen, in order, each the first row without its trailing blanks.
  package private(set) var windows: [String] = []
  /// When each of ``windows`` was seen, from the display's connection.
  package private(set) var windowTimes: [Duration] = []
  private var screen = TerminalScreen()
  private let socket: Int32
  private let clock = ContinuousClock()
  private let connected: ContinuousClock.Instant
  private let recording: FileHandle?

  /// Connects to the socket QEMU serves the port on, waiting for QEMU to make it.
  ///
  /// - Parameters:
  ///   - path: The socket's path (QEMU's `path=`).
  ///   - recordingPath: A file that gets every byte read, as it came (for a failure's diagnosis), or `nil`.
  ///   - timeout: How long QEMU may take to make it.
  /// - Throws: ``VMLabError`` when nothing listens there in time.
  package init(socketPath path: String, recordingTo recordingPath: String? = nil, timeout: Duration = .seconds(30))
    throws
  {
    recording = try recordingPath.map { path throws in
      guard FileManager.default.createFile(atPath: path, contents: nil),
        let handle = FileHandle(forWritingAtPath: path)
      else { throw VMLabError("cannot write \(path)") }
      return handle
    }
    let deadline = clock.now + timeout
    var descriptor = VirtualConsoleCalls.connectUnix(path)
    while descriptor == nil, clock.now < deadline {
      PseudoTerminalCalls.pause(.milliseconds(50))
      descriptor = VirtualConsoleCalls.connectUnix(path)
    }
    guard let descriptor else { throw VMLabError("QEMU made no braille port at \(path)") }
    socket = descriptor
    connected = clock.now
  }

  deinit {
    PseudoTerminalCalls.close(socket)
  }

  /// The window shown last.
  package var window: String { windows.last ?? "" }

  /// Reads what arrived within `timeout`, keeping each new window.
  ///
  /// - Returns: `false` when the port was closed (QEMU ended).
  @discardableResult
  package func read(timeout: Duration) -> Bool {
    guard (try? PseudoTerminalCalls.waitUntilReadable(socket, timeout: timeout)) == true else { return true }
    guard let bytes = try? PseudoTerminalCalls.read(socket, maximumCount: 65_536), !bytes.isEmpty else { return false }
    if let recording { try? recording.write(contentsOf: bytes) }
    screen.feed(bytes)
    let text = screen.text(ofRow: 0)
    if text != windows.last {
      windows.append(text)
      windowTimes.append(clock.now - connected)
    }
    return true
  }

  /// Waits until a window after the first `from` windows satisfies `matches`, reading meanwhile, and calls
  /// `idle` between reads (to keep the guest's console read).
  ///
  /// - Returns: The window's index in ``windows``.
  /// - Throws: ``VMLabError`` when none did in time, or the port was closed, with the windows seen.
  @discardableResult
  package func waitForWindow(
    from start: Int = 0, timeout: Duration, idle: () -> Void = {}, where matches: (String) -> Bool
  ) throws -> Int {
    let deadline = clock.now + timeout
    var checked = start
    while true {
      while checked < windows.count {
        if matches(windows[checked]) { return checked }
        checked += 1
      }
      guard clock.now < deadline else {
        throw VMLabError("timed out; the braille windows after \(start): \(windows.dropFirst(start).suffix(30))")
      }
      idle()
      guard read(timeout: .milliseconds(200)) else {
        throw VMLabError("the braille port closed; its windows after \(start): \(windows.dropFirst(start).suffix(30))")
      }
    }
  }

  /// Presses keys on the display's keyboard: writes them to the port.
  package func type(_ text: String) throws {
    try PseudoTerminalCalls.write(socket, Array(text.utf8))
  }
}

extension GuestBoot {
  /// Boots braille only: the console on the first virtual terminal, which brltty reads (`console=tty1`, the last
  /// `console=`; the serial console keeps the kernel's messages), and the guest's second serial port served to
  /// the returned display.
  ///
  /// - Parameters:
  ///   - fixtures: The images, whose initramfs starts brltty with its TTY driver on `/dev/ttyS1`.
  ///   - kernelArguments: More words for the kernel command line.
  /// - Returns: The boot and the display its second serial port serves, recording what it reads in
  ///   `braille.raw` beside the fixtures.
  /// - Throws: When QEMU cannot be started or the display's socket cannot be read.
  package static func withBrailleDisplay(_ fixtures: VMLabFixtures, kernelArguments: [String] = []) throws
    -> (GuestBoot, SerialBrailleDisplay)
  {
    let socket = fixtures.directory + "/braille.sock"
    try? FileManager.default.removeItem(atPath: socket)
    let boot = try GuestBoot(
      fixtures, kernelArguments: ["console=tty1"] + kernelArguments,
      qemuArguments: ["-chardev", "socket,id=braille,path=\(socket),server=on,wait=off", "-serial", "chardev:braille"])
    return (boot, try SerialBrailleDisplay(socketPath: socket, recordingTo: fixtures.directory + "/braille.raw"))
  }
}
