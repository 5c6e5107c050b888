import PasscodeTestSupport
import SystemCalls
import Testing

@testable import PasscodeTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Pseudo-terminal driver and child process")
struct PseudoTerminalTests {
  static let environment = ["PATH": "/usr/bin:/bin", "TERM": "xterm", "LC_ALL": "C"]

  @Test("a child gets the pty as its controlling terminal, and input and output go through it")
  func childOnPseudoTerminal() throws {
    let terminal = try PseudoTerminal(columns: 100, rows: 30)
    let child = try ChildProcess(
      executablePath: "/bin/sh", arguments: ["-c", "stty -a; tty; read line; echo \"got $line\""],
      environment: Self.environment, terminal: terminal)
    terminal.closeSlave()
    let settings = String(
      decoding: try terminal.readUntil(terminal.slavePath + "\r\n", timeout: .seconds(10)), as: UTF8.self)
    #expect(settings.contains("columns 100"))
    #expect(settings.contains(" icanon"))
    try terminal.write("hello\r")
    let output = try terminal.readUntil("got hello\r\n", timeout: .seconds(10))
    #expect(output == Array("hello\r\ngot hello\r\n".utf8))
    #expect(try child.waitForExit(timeout: .seconds(10)) == .exited(0))
  }

  @Test("a child's exit status and a killing signal are reported")
  func exitStatuses() throws {
    let terminal = try PseudoTerminal()
    let exiting = try ChildProcess(
      executablePath: "/bin/sh", arguments: ["-c", "exit 3"], environment: Self.environment, terminal: terminal)
    #expect(try exiting.waitForExit(timeout: .seconds(10)) == .exited(3))
    let sleeping = try ChildProcess(
      executablePath: "/bin/sh", arguments: ["-c", "echo ready; exec sleep 30"], environment: Self.environment,
      terminal: terminal)
    _ = try terminal.readUntil("ready", timeout: .seconds(10))
    try sleeping.signal(SIGTERM)
    #expect(try sleeping.waitForExit(timeout: .seconds(10)) == .signalled(SIGTERM))
  }

  @Test("a program that cannot be executed exits with 127")
  func missingProgram() throws {
    let terminal = try PseudoTerminal()
    let child = try ChildProcess(
      executablePath: "/nonexistent/program", arguments: [], environment: [:], terminal: terminal)
    #expect(try child.waitForExit(timeout: .seconds(10)) == .exited(127))
  }

  @Test("the child sees no descriptors above 2")
  func descriptorsClosed() throws {
    let terminal = try PseudoTerminal()
    let child = try ChildProcess(
      executablePath: "/bin/sh", arguments: ["-c", "ls /proc/self/fd | tr '\\n' ' '; echo end"],
      environment: Self.environment, terminal: terminal)
    let output = String(decoding: try terminal.readUntil("end", timeout: .seconds(10)), as: UTF8.self)
    // ls itself opens one descriptor (3) for the directory it lists.
    #expect(output.split(separator: " ").filter { Int($0).map { $0 > 3 } ?? false }.isEmpty, "\(output)")
    #expect(try child.waitForExit(timeout: .seconds(10)) == .exited(0))
  }

  @Test("setting the window size is what the device reports")
  func windowSize() throws {
    let terminal = try PseudoTerminal(columns: 90, rows: 20)
    let device = try TerminalDevice(path: terminal.slavePath)
    #expect(device.windowColumns() == 90)
    try terminal.setWindowSize(columns: 132, rows: 40)
    #expect(device.width(environment: [:]) == 132)
    #expect(device.width(environment: ["COLUMNS": "70"]) == 70)
  }

  @Test("a waiting read times out with what arrived")
  func readUntilTimesOut() throws {
    let terminal = try PseudoTerminal()
    try FileDescriptor(rawValue: terminal.slaveFileDescriptor).writeAll(Array("partial".utf8))
    #expect(throws: PseudoTerminalError.timedOut(received: Array("partial".utf8))) {
      try terminal.readUntil("never", timeout: .milliseconds(100))
    }
  }
}

@Suite("Terminal device")
struct TerminalDeviceTests {
  @Test("a missing path fails to open with ENOENT and a clear message")
  func missingPath() {
    #expect(throws: TerminalError(operation: .open, errno: ENOENT, path: "/nonexistent/tty")) {
      try TerminalDevice(path: "/nonexistent/tty")
    }
    let error = TerminalError(operation: .open, errno: ENOENT, path: "/nonexistent/tty")
    #expect(error.description == "Cannot open the terminal /nonexistent/tty: No such file or directory")
  }

  @Test("a file that is not a terminal is refused with ENOTTY")
  func notATerminal() {
    #expect(throws: TerminalError(operation: .checkTerminal, errno: ENOTTY, path: "/dev/null")) {
      try TerminalDevice(path: "/dev/null")
    }
  }

  @Test(
    "a pseudo-terminal master is refused, whether opened by /dev/ptmx or (root only) /dev/pts/ptmx",
    arguments: ["/dev/ptmx"] + (geteuid() == 0 ? ["/dev/pts/ptmx"] : []))
  func masterIsRefused(path: String) throws {
    // /dev/ptmx is open to everyone; /dev/pts/ptmx is mode 0000 on most systems, and only root opens it.
    try #require(access(path, R_OK | W_OK) == 0, "\(path) cannot be opened here")
    #expect(throws: TerminalError(refusal: .pseudoTerminalMaster, path: path)) { try TerminalDevice(path: path) }
    #expect(
      TerminalError(refusal: .pseudoTerminalMaster, path: path).description
        == "\(path) is the master side of a pseudo-terminal, which nobody types on")
  }

  @Test(
    "another user's terminal is refused only where the caller's own is required; root's and the caller's pass",
    .enabled(if: geteuid() == 0, "only root can give a terminal away"))
  func otherUsersTerminal() throws {
    let terminal = try PseudoTerminal()
    #expect(chown(terminal.slavePath, 65534, 65534) == 0)
    #expect(chmod(terminal.slavePath, 0o666) == 0)
    #expect(throws: TerminalError(refusal: .otherUsersTerminal(owner: 65534), path: terminal.slavePath)) {
      try TerminalDevice(path: terminal.slavePath, requiresOwnTerminal: true)
    }
    try TerminalDevice(path: terminal.slavePath).close()
    #expect(chown(terminal.slavePath, 0, 0) == 0)
    try TerminalDevice(path: terminal.slavePath, requiresOwnTerminal: true).close()
  }

  @Test("a path in an error is quoted: a line feed in it is shown as \\n")
  func quotedPath() {
    let error = TerminalError(operation: .open, errno: ENOENT, path: "/x\nFix it with: chmod 777 ~")
    #expect(error.description == "Cannot open the terminal /x\\nFix it with: chmod 777 ~: No such file or directory")
  }

  @Test("writes reach the other side of the terminal")
  func writes() throws {
    let terminal = try PseudoTerminal()
    let device = try TerminalDevice(path: terminal.slavePath)
    try device.descriptor.writeAll(Array("Ready\n".utf8))  // the line discipline turns LF into CR LF
    #expect(try terminal.readUntil("Ready\r\n", timeout: .seconds(5)) == Array("Ready\r\n".utf8))
    device.close()
    device.close()
  }
}
