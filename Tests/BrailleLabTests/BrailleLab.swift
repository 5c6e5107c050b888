import Foundation
import PasscodeTestSupport
import Testing

/// The built `passcode` on a spare kernel console, read by the real brltty through a 40-cell virtual braille
/// display, and typed into as on the console's keyboard: what a braille user feels after each key.
///
/// Each run has its own console (locked), brltty, home directory and an environment marker; ``stop()`` kills
/// the program and every process carrying the marker (a daemon it may have started), then brltty, and reaps
/// them.
///
/// `passcode` runs as an ordinary user (``user``), as a braille user logged in on a console would, with
/// brltty running as root like the system service: the detection counts a brltty of any user, and a desktop
/// reader only of the same user, so the Orca and Fenrir labs (run as root or nobody, perhaps at the same
/// moment) are not this user's.
final class BrailleLab {
  /// The user `passcode` runs as: an id no account has (so no other test's process is this user's), given the
  /// console and the home directory for the run.
  static let user: UInt32 = 61_019
  /// brltty's en-nabcc table, flattened once for every run.
  static let table = Result { try BrailleTextTable.northAmericanComputerBraille() }

  /// Why the lab cannot run here, or `nil` when it can (root, kernel consoles, TIOCSTI, brltty, the binary).
  static let unavailableReason: String? =
    VirtualBrailleDisplay.unavailableReason ?? PasscodeBinary.missingReason
    ?? (FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
      ? nil : "/usr/bin/setpriv is missing (util-linux)")

  let console: VirtualConsole
  let display: VirtualBrailleDisplay
  /// The private home, runtime directory and store of this run.
  let home: String
  /// What the run's `passcode` sees of screen readers: this run's brltty only, whatever else runs here.
  let detection: PinnedDetection
  private let marker: String
  private var program: ChildProcess?
  /// Whether ``program`` was reaped by ``finish(timeout:)`` (its identifier may then belong to another process).
  private var programEnded = false
  /// Where in the display's history the last expectation matched.
  private var checkedUpTo = 0
  /// The words of the line the cursor is on: the newest line a window was expected to read, or nothing once the
  /// program has ended on a fresh line.
  private var cursorLine = ""

  /// Whether the lab is to run: where it can, and always in CI (`CI` set, as `.ci/run` does), where a missing
  /// part then fails the test with ``unavailableReason`` instead of skipping it.
  static var shouldRun: Bool {
    unavailableReason == nil || !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
  }

  /// Takes a console and starts brltty on it.
  ///
  /// - Parameter servesApi: Whether brltty also serves BrlAPI (at ``VirtualBrailleDisplay/apiHost``).
  /// - Throws: ``SpeechTestSupportError/notReady(_:)`` with ``unavailableReason`` when the lab cannot run here
  ///   (only reached in CI); otherwise when no console is free, or brltty or the table cannot be made ready.
  init(servesApi: Bool = false) throws {
    if let reason = Self.unavailableReason { throw SpeechTestSupportError.notReady("the braille lab: \(reason)") }
    console = try VirtualConsole()
    display = try VirtualBrailleDisplay(console: console, table: try Self.table.get(), servesApi: servesApi)
    var template = Array("/tmp/passcode-brl-home.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw SpeechTestSupportError.systemCall("mkdtemp", errno: errno) }
    home = String(cString: made)
    try VirtualConsole.giveFile(home, to: Self.user, group: Self.user)
    try console.lend(to: Self.user, group: Self.user)
    marker = "PASSCODE_BRAILLE_LAB_RUN=\(UUID().uuidString)"
    detection = try PinnedDetection()
    try detection.addProcess(display.processIdentifier)
  }

  deinit {
    stop()
  }

  /// Makes a store directory in the home, with a settings file, both the user's.
  ///
  /// - Parameter settings: The settings file's text, such as a fast lockout schedule.
  /// - Returns: The store's path, for `--store`.
  /// - Throws: When the directory or the file cannot be made.
  func makeStore(settings: String) throws -> String {
    let store = home + "/store"
    try FileManager.default.createDirectory(
      atPath: store, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    _ = FileManager.default.createFile(
      atPath: store + "/config", contents: Data(settings.utf8), attributes: [.posixPermissions: 0o600])
    for path in [store, store + "/config"] { try VirtualConsole.giveFile(path, to: Self.user, group: Self.user) }
    return store
  }

  /// Starts `passcode` on the console as ``user``, with the speech policy's default (auto), so it detects
  /// brltty itself; its detection is pinned to ``detection``.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - environment: Extra environment.
  ///   - shell: A `sh -c` script to run instead, with the program as `$0`, the first argument as `$1`, then
  ///     `extraArguments`; `nil` to run the program directly.
  ///   - extraArguments: More arguments for the script.
  /// - Throws: When the program cannot start.
  func start(
    _ arguments: [String], environment: [String: String] = [:], shell: String? = nil, _ extraArguments: String...
  ) throws {
    stopProgram()
    try console.reopen()
    var fullEnvironment = [
      "PATH": "/usr/bin:/bin", "HOME": home, "XDG_RUNTIME_DIR": home, "XDG_CONFIG_HOME": home + "/config",
      "TERM": "linux", "LANG": "C.UTF-8", "SPEECHD_ADDRESS": "unix_socket:\(home)/no-speech-dispatcher.sock",
    ]
    fullEnvironment.merge(environment) { _, new in new }
    fullEnvironment.merge(detection.environment) { _, new in new }
    let pair = marker.split(separator: "=", maxSplits: 1).map(String.init)
    fullEnvironment[pair[0]] = pair[1]
    let asUser = ["--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups", "--"]
    let command =
      shell.map { ["/bin/sh", "-c", $0, PasscodeBinary.path] + arguments + extraArguments }
      ?? [PasscodeBinary.path] + arguments
    program = try ChildProcess(
      executablePath: "/usr/bin/setpriv", arguments: asUser + command, environment: fullEnvironment,
      controllingTerminal: console.fileDescriptor)
  }

  /// Starts `passcode pinentry` as gpg-agent would, with an Assuan script on standard input and its replies
  /// going to a file; the dialog itself goes to the console named in the script's `OPTION ttyname`.
  ///
  /// - Parameter script: The Assuan commands, one a line.
  /// - Throws: When the script cannot be written or the program cannot start.
  func startPinentry(_ script: [String]) throws {
    let scriptPath = home + "/pinentry-script"
    _ = FileManager.default.createFile(atPath: scriptPath, contents: Data((script.joined(separator: "\n") + "\n").utf8))
    try VirtualConsole.giveFile(scriptPath, to: Self.user, group: Self.user)
    try start(
      ["pinentry"],
      shell: "exec \"$0\" \"$1\" < \"$2\" > \"$3\" 2>&1", scriptPath, home + "/pinentry-replies")
  }

  /// The reply lines `passcode pinentry` wrote (`OK`, `D …`, `ERR …`).
  ///
  /// - Returns: The lines.
  func pinentryReplies() throws -> [String] {
    try String(contentsOfFile: home + "/pinentry-replies", encoding: .utf8).split(whereSeparator: \.isNewline)
      .map(String.init)
  }

  /// Runs `passcode doctor` on the console with this brltty's BrlAPI address, and returns what it printed.
  ///
  /// - Returns: Its lines.
  /// - Throws: When it cannot start or does not end.
  func doctorReport() throws -> [String] {
    let output = home + "/doctor-output"
    try start(
      ["doctor"], environment: ["BRLAPI_HOST": display.apiHost], shell: "exec \"$0\" \"$1\" > \"$2\" 2>&1", output)
    _ = try finish(timeout: .seconds(20))
    return try String(contentsOfFile: output, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
  }

  /// Types keys on the console.
  ///
  /// - Parameter keys: The bytes, as the keyboard sends them (`"\u{7f}"` for BackSpace, `"\u{15}"` for Ctrl-U).
  /// - Throws: When `TIOCSTI` fails.
  func type(_ keys: String) throws {
    try console.type(keys)
  }

  /// Waits until the window following the cursor reads `phrase` (its first 40 characters when longer) and
  /// nothing else, and checks that its dots agree with brltty's text and that no cell is a "?".
  ///
  /// - Parameters:
  ///   - phrase: The words the user must feel.
  ///   - timeout: The longest wait; brltty polls the screen, so this is a deadline, not a measure.
  ///   - sourceLocation: Where the expectation is written, for the failure.
  /// - Returns: The matching window, or `nil` (after recording an issue) when it never showed.
  @discardableResult
  func expectWindow(
    _ phrase: String, timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation
  ) -> BrailleWindow? {
    let wanted = String(String(phrase.prefix(display.cellCount)).reversed().drop { $0 == " " }.reversed())
    let start = checkedUpTo
    let index = display.waitForWindow(from: start, timeout: timeout) { $0.reads(wanted) }
    guard let index else {
      let seen = display.history[min(start, display.history.count)...].map(\.description)
      Issue.record(
        "the braille window never read [\(wanted)]; windows since the last step: \(seen)",
        sourceLocation: sourceLocation)
      checkedUpTo = display.history.count
      return nil
    }
    checkedUpTo = index + 1
    cursorLine = phrase
    let found = display.history[index]
    #expect(found.dotsAgreeWithVisual, "dots and text disagree: \(found)", sourceLocation: sourceLocation)
    #expect(found.questionMarkCells == 0, "a glyph was shown as '?': \(found)", sourceLocation: sourceLocation)
    return found
  }

  /// Plays a script: each step types its keys (none when empty) and expects its window.
  ///
  /// - Parameters:
  ///   - steps: The keys and the words the window must then read.
  ///   - timeout: The longest wait for each window.
  ///   - sourceLocation: Where the script is written, for failures.
  /// - Throws: When typing fails.
  func play(
    _ steps: [(keys: String, window: String)], timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for step in steps {
      if !step.keys.isEmpty { try type(step.keys) }
      expectWindow(step.window, timeout: timeout, sourceLocation: sourceLocation)
    }
  }

  /// Presses the display's line-up key, as a user does to read the line above the cursor (such as the last
  /// words a program wrote before it ended and left the cursor on a fresh line), expects that line, and then
  /// presses the key that brings the window back to the cursor. (brltty moves the window back by itself only
  /// when the cursor moves, and a program starting on an empty line writes its first line where the cursor
  /// already is.)
  ///
  /// - Parameters:
  ///   - phrase: The words the line above must read.
  ///   - sourceLocation: Where the expectation is written, for the failure.
  func expectWindowAfterLineUp(_ phrase: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let cursorLine = self.cursorLine
    defer { self.cursorLine = cursorLine }
    // The window must show the cursor's line first, so the key moves up from there.
    waitForCursorLine(cursorLine, newWindow: false, sourceLocation: sourceLocation)
    do {
      try display.press("LnUp")
      expectWindow(phrase, sourceLocation: sourceLocation)
      try display.press("Home")
      waitForCursorLine(cursorLine, newWindow: true, sourceLocation: sourceLocation)
    } catch {
      Issue.record("a display key could not be sent: \(error)", sourceLocation: sourceLocation)
    }
  }

  /// Waits until the newest window reads the cursor's line (its first cells), and later expectations start after
  /// it.
  ///
  /// - Parameters:
  ///   - line: The words of the cursor's line; empty for a fresh line.
  ///   - newWindow: Whether only a window shown after the last expectation counts (after `Home`), or the newest
  ///     one already shown does too.
  ///   - sourceLocation: Where the expectation is written, for the failure.
  private func waitForCursorLine(_ line: String, newWindow: Bool, sourceLocation: SourceLocation) {
    let wanted = String(String(line.prefix(display.cellCount)).reversed().drop { $0 == " " }.reversed())
    if !newWindow, let newest = display.history.last, newest.reads(wanted) {
      checkedUpTo = display.history.count
      return
    }
    let start = newWindow ? checkedUpTo : display.history.count
    guard let index = display.waitForWindow(from: start, timeout: .seconds(10), where: { $0.reads(wanted) }) else {
      Issue.record("the window never came back to the cursor's line [\(wanted)]", sourceLocation: sourceLocation)
      checkedUpTo = display.history.count
      return
    }
    checkedUpTo = index + 1
  }

  /// Checks that no window shown in this run held a typed code (of two characters or more), or showed one
  /// typed character alone, as an echo would.
  ///
  /// - Parameters:
  ///   - typed: What was typed, code by code.
  ///   - sourceLocation: Where the expectation is written, for the failure.
  func expectNoTypedCharacterShown(_ typed: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let typedCharacters = Set(typed.flatMap { $0.map(String.init) })
    for window in display.history {
      for code in typed where code.count > 1 && window.reading.contains(code) {
        Issue.record("a typed code was shown: \(window)", sourceLocation: sourceLocation)
      }
      if typedCharacters.contains(window.text) {
        Issue.record("a typed character was shown alone: \(window)", sourceLocation: sourceLocation)
      }
    }
  }

  /// Waits for the program to exit.
  ///
  /// - Parameter timeout: The longest wait.
  /// - Returns: How it ended.
  /// - Throws: When it is still running at the deadline.
  func finish(timeout: Duration = .seconds(10)) throws -> PasscodeTestSupport.ExitStatus {
    guard let program else { throw PseudoTerminalError.timedOut(received: []) }
    let status = try program.waitForExit(timeout: timeout)
    programEnded = true
    // It ended its last line, so the cursor is on a fresh one.
    cursorLine = ""
    return status
  }

  /// The processes carrying this run's environment marker: the program and anything it started.
  var runProcesses: [pid_t] {
    LabProcessTable.processes(withEnvironmentEntry: marker)
  }

  /// Kills and reaps the program and every process with this run's marker, then brltty; removes the home
  /// directory. Calling it again does nothing more.
  func stop() {
    stopProgram()
    display.stop()
    detection.remove()
    try? FileManager.default.removeItem(atPath: home)
  }

  /// Kills and reaps the program, if one runs, and every process with this run's marker (a daemon it started
  /// keeps the marker in its environment even in a session of its own).
  private func stopProgram() {
    guard let program else { return }
    if !programEnded {
      try? program.signal(SIGKILL)
      _ = try? program.waitForExit(timeout: .seconds(5))
    }
    LabProcessTable.kill(LabProcessTable.processes(withEnvironmentEntry: marker))
    self.program = nil
    programEnded = false
  }
}
