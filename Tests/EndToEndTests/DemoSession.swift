import Foundation
import PasscodeTestSupport
import Testing

/// The built `passcode` running in a pseudo-terminal, as a person at a keyboard would use it.
final class DemoSession {
  let terminal: PseudoTerminal
  let process: ChildProcess
  let termiosBefore: [UInt8]
  let home: URL
  /// Every byte the program wrote to the terminal so far.
  private(set) var transcript: [UInt8] = []
  /// How much of the transcript earlier waits have matched.
  private var consumed = 0

  /// Starts `passcode` with the arguments in a fresh 80×24 pseudo-terminal.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - environment: Extra environment; TERM defaults to `xterm-256color` and speech to off.
  ///   - columns: The terminal's width.
  ///   - configFile: The text of `$HOME/.config/passcode/config`, written before the program starts; none
  ///     when `nil`.
  ///   - configFileMode: The config file's permissions.
  ///   - addressSpaceLimit: The most virtual memory the program may map, in KiB (`ulimit -v`, set by a shell
  ///     that then runs it), so that a runaway allocation ends it instead of filling the machine; none when `nil`.
  ///   - shell: A `sh -c` script run in place of the program, with the program's path as `$0` and the
  ///     arguments as `$@` (a pipeline into another program); none when `nil`.
  /// - Throws: When the binary is missing or the pseudo-terminal or process cannot be made.
  init(
    _ arguments: [String], environment: [String: String] = [:], columns: Int = 80, configFile: String? = nil,
    configFileMode: mode_t = 0o600, addressSpaceLimit: Int? = nil, shell: String? = nil
  ) throws {
    if let reason = PasscodeBinary.missingReason { throw SessionError.missingBinary(reason) }
    home = FileManager.default.temporaryDirectory.appendingPathComponent("passcode-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    if let configFile {
      let directory = home.appendingPathComponent(".config/passcode")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let file = directory.appendingPathComponent("config").path
      try configFile.write(toFile: file, atomically: true, encoding: .utf8)
      chmod(file, configFileMode)
    }
    terminal = try PseudoTerminal(columns: columns, rows: 24)
    termiosBefore = try terminal.termiosSnapshot()
    var fullEnvironment = [
      "PATH": "/usr/bin:/bin", "HOME": home.path, "TERM": "xterm-256color", "PASSCODE_SPEECH": "off",
      "XDG_RUNTIME_DIR": home.path, "LANG": "C.UTF-8",
    ]
    fullEnvironment.merge(environment) { _, new in new }
    if let script = shell ?? addressSpaceLimit.map({ "ulimit -v \($0) && exec \"$0\" \"$@\"" }) {
      process = try ChildProcess(
        executablePath: "/bin/sh", arguments: ["-c", script, PasscodeBinary.path] + arguments,
        environment: fullEnvironment, terminal: terminal)
    } else {
      process = try ChildProcess(
        executablePath: PasscodeBinary.path, arguments: arguments, environment: fullEnvironment, terminal: terminal)
    }
  }

  deinit {
    try? process.signal(SIGKILL)
    _ = try? process.waitForExit(timeout: .seconds(2))
    try? FileManager.default.removeItem(at: home)
  }

  /// Waits until the output after what earlier waits consumed contains `text`, and returns that output.
  @discardableResult
  func waitFor(_ text: String, timeout: Duration = .seconds(30)) throws -> String {
    let needle = Array(text.utf8)
    let deadline = ContinuousClock.now + timeout
    while true {
      let unread = transcript[consumed...]
      if let range = unread.firstRange(of: needle) {
        consumed = range.upperBound
        return String(decoding: unread[..<range.upperBound], as: UTF8.self)
      }
      guard ContinuousClock.now < deadline else {
        throw SessionError.timedOut(waitingFor: text, received: String(decoding: unread, as: UTF8.self))
      }
      transcript += try terminal.read(timeout: .milliseconds(50))
    }
  }

  /// Changes the window's width and sends `SIGWINCH`, as a terminal emulator's resize does.
  func resizeWindow(columns: Int) throws {
    try terminal.setWindowSize(columns: columns, rows: 24)
    try process.signal(SIGWINCH)
  }

  /// Types bytes as if from the keyboard.
  func type(_ text: String) throws {
    try terminal.write(text)
  }

  /// Types a text one key at a time, each after the count of characters the key before made ("1 character
  /// entered", "2 characters entered"): a person typing a password into an entry of any length.
  func typeCounting(_ text: String) throws {
    for (index, character) in text.enumerated() {
      try type(String(character))
      try waitFor(index == 0 ? "1 character entered" : "\(index + 1) characters entered")
    }
  }

  /// Types a flood of bytes, writing only what the terminal takes and reading the output meanwhile
  /// (`PseudoTerminal.flood`), so that neither side blocks on a full buffer however much the keys make it say.
  ///
  /// - Parameter bytes: The keys.
  /// - Throws: ``PseudoTerminalError`` when a write fails or nothing moves for a minute.
  func flood(_ bytes: [UInt8]) throws {
    try terminal.flood(bytes)
    drain()
  }

  /// Types raw bytes, reading the output meanwhile so neither side blocks on a full buffer.
  func type(bytes: [UInt8]) throws {
    try flood(bytes)
  }

  /// Types the demo's code (or what is left of it), waits for the unlocked screen, quits with Q, and
  /// returns the exit status.
  ///
  /// - Parameters:
  ///   - keys: What is left to type of the code 2580.
  ///   - keyByKey: Types one key at a time, each after the last was announced, and waits for the whole
  ///     unlocked line, so that the transcript is the same on every run (for the golden files).
  ///   - timeout: The longest wait for each step.
  /// - Returns: The exit status (0 when all went as it should).
  /// - Throws: When a step times out or the terminal fails.
  func unlockAndQuit(
    typing keys: String = "2580", keyByKey: Bool = false, timeout: Duration = .seconds(30)
  ) throws -> PasscodeTestSupport.ExitStatus {
    if keyByKey {
      for key in keys {
        try type(String(key))
        try waitFor("entered", timeout: timeout)
      }
      try waitFor("Unlocked. Press L to lock again or Q to quit.", timeout: timeout)
    } else {
      try type(keys)
      try waitFor("Unlocked", timeout: timeout)
    }
    try type("q")
    return try finish(timeout: timeout)
  }

  /// Reads what is left until the program exits, then returns its exit status.
  func finish(timeout: Duration = .seconds(30)) throws -> PasscodeTestSupport.ExitStatus {
    // Keep reading while waiting: a program blocked on a full terminal buffer would never exit.
    let deadline = ContinuousClock.now + timeout
    while true {
      drain()
      do {
        let status = try process.waitForExit(timeout: .milliseconds(50))
        drain()
        return status
      } catch  where ContinuousClock.now < deadline {
        continue
      }
    }
  }

  /// Reads whatever output is waiting, without blocking long.
  func drain() {
    while let bytes = try? terminal.read(timeout: .milliseconds(20)), !bytes.isEmpty {
      transcript += bytes
    }
  }

  /// The transcript as text.
  var text: String { String(decoding: transcript, as: UTF8.self) }

  /// Whether the terminal's settings now equal those from before the program started.
  func terminalRestored() throws -> Bool {
    try terminal.termiosSnapshot() == termiosBefore
  }

  enum SessionError: Error, CustomStringConvertible {
    case missingBinary(String)
    case timedOut(waitingFor: String, received: String)
    var description: String {
      switch self {
      case let .timedOut(text, received):
        "Timed out waiting for \(text.debugDescription); received \(received.debugDescription)"

      case let .missingBinary(reason): reason
      }
    }
  }
}
