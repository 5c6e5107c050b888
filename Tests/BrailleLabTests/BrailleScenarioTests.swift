import Foundation
import PasscodeTestSupport
import Testing

/// The scenarios of the Orca and Fenrir labs, felt on a 40-cell braille display: after each step the window
/// that follows the cursor reads the announcement in words, its words first, with no "?" cell from a glyph and
/// never a typed character. `passcode` finds brltty by itself; nothing is forced on its command line.
/// Skipped, with the reason, where root, kernel consoles, `TIOCSTI` or brltty are missing; in CI that fails.
@Suite(
  "brltty shows every announcement on a 40-cell display", .serialized,
  .enabled(if: BrailleLab.shouldRun, Comment(rawValue: BrailleLab.unavailableReason ?? "")))
struct BrailleScenarioTests {
  static let backspace = "\u{7f}"
  static let clearLine = "\u{15}"
  static let rereadStatus = "\u{12}"
  static let escape = "\u{1b}"

  @Test("demo: digits, BackSpace, Ctrl-U, Ctrl-R, a wrong code, Ready, the right code and the unlocked screen")
  func demo() throws {
    let lab = try BrailleLab()
    defer { lab.stop() }
    try lab.start(["demo"])
    // The demo tells its code after the prompt, so the code is the newest line and the prompt one up.
    lab.expectWindow("The passcode is two five eight zero")
    lab.expectWindowAfterLineUp("Enter Passcode, 4 digits")
    try lab.play([
      ("1", "1 of 4 digits entered"), ("3", "2 of 4 digits entered"),
      (Self.backspace, "Deleted, 1 of 4 digits entered"), (Self.clearLine, "Cleared, 0 of 4 digits entered"),
      (Self.rereadStatus, "0 of 4 digits entered, 6 tries left"), ("1", "1 of 4 digits entered"),
      ("3", "2 of 4 digits entered"), ("9", "3 of 4 digits entered"), ("7", "Wrong passcode"), ("", "Ready"),
      ("2", "1 of 4 digits entered"), ("5", "2 of 4 digits entered"), ("8", "3 of 4 digits entered"),
    ])
    try lab.type("0")
    // "Passcode accepted" is replaced by the unlocked screen at once; it is the line above.
    lab.expectWindow("Unlocked. Press L to lock again or Q to quit.")
    lab.expectWindowAfterLineUp("Passcode accepted")
    try lab.type("l")
    // The demo tells its code after the prompt, so the code is the newest line and the prompt one up.
    lab.expectWindow("The passcode is two five eight zero")
    lab.expectWindowAfterLineUp("Enter Passcode, 4 digits")
    try lab.type(Self.escape)
    #expect(try lab.finish() == .exited(2))
    lab.expectWindowAfterLineUp("Cancelled")
    lab.expectNoTypedCharacterShown(["13", "1397", "2580"])
  }

  @Test(
    "demo --progress silent and tick: no count, no length, no line per silent key, and a new window for each tick")
  func progressWithoutCounts() throws {
    let lab = try BrailleLab()
    defer { lab.stop() }
    try lab.start(["demo", "--progress", "silent"])
    lab.expectWindow("The passcode is two five eight zero")
    lab.expectWindowAfterLineUp("Enter Passcode")
    // Silent keys write nothing: the next line the display shows is the status asked for.
    try lab.play([
      ("13" + Self.rereadStatus, "Something typed, 6 tries left"), ("97", "Wrong passcode"), ("", "Ready"),
    ])
    try lab.type("2580")
    lab.expectWindow("Unlocked. Press L to lock again or Q to quit.")
    try lab.type("q")
    #expect(try lab.finish() == .exited(0))
    try lab.start(["demo", "--progress", "tick"])
    lab.expectWindow("The passcode is two five eight zero")
    // Every other key's line ends with a full stop, so each key changes the window.
    try lab.play([
      ("1", "Entered"), ("3", "Entered."), ("9", "Entered"), (Self.backspace, "Deleted."),
      (Self.rereadStatus, "Something typed, 6 tries left"),
    ])
    try lab.type(Self.escape)
    #expect(try lab.finish() == .exited(2))
    lab.expectNoTypedCharacterShown(["13", "1397", "2580"])
  }

  /// Runs `passcode set` in a fresh store: after `New Passcode, 6 digits`, each step types keys and expects a
  /// window; then the program must end well, and `Passcode set.` be one line up.
  ///
  /// - Returns: The store, with the passcode set.
  static func setPasscode(_ lab: BrailleLab, steps: [(keys: String, window: String)]) throws -> String {
    let store = try lab.makeStore(settings: "lockout = 0,0,12\n")
    try lab.start(["set", "--store", store])
    lab.expectWindow("New Passcode, 6 digits")
    try lab.play(steps, timeout: .seconds(30))
    #expect(try lab.finish(timeout: .seconds(30)) == .exited(0))
    lab.expectWindowAfterLineUp("Passcode set.")
    return store
  }

  @Test("set: a weak code, a mismatch, then the same code twice")
  func set() throws {
    let lab = try BrailleLab()
    defer { lab.stop() }
    _ = try Self.setPasscode(
      lab,
      steps: [
        ("123456", "Too easy to guess. Choose another"), ("860317", "Enter the same passcode again"),
        ("472915", "Passcodes did not match. Start again"), ("860317", "Enter the same passcode again"),
        ("860317", "6 of 6 digits entered"),
      ])
    lab.expectNoTypedCharacterShown(["123456", "860317", "472915"])
  }

  @Test("check: wrong codes into a lockout, the countdown, Ready, then the right code")
  func checkIntoLockout() throws {
    let lab = try BrailleLab()
    defer { lab.stop() }
    let store = try Self.setPasscode(
      lab, steps: [("860317", "Enter the same passcode again"), ("860317", "6 of 6 digits entered")])

    try lab.start(["check", "--store", store])
    lab.expectWindow("Enter Passcode, 6 digits")
    try lab.type("472915")
    lab.expectWindow("Wrong passcode, 2 tries left", timeout: .seconds(30))
    lab.expectWindow("Ready")
    try lab.type("472915")
    lab.expectWindow("Wrong passcode, 1 try left", timeout: .seconds(30))
    lab.expectWindow("Ready")
    try lab.type("472915")
    lab.expectWindow("Too many tries. Try again in 12 seconds", timeout: .seconds(30))
    lab.expectWindow("Try again in 10 seconds")
    lab.expectWindow("Ready", timeout: .seconds(30))
    try lab.type("860317")
    #expect(try lab.finish(timeout: .seconds(30)) == .exited(0))
    lab.expectWindowAfterLineUp("Passcode accepted")
    lab.expectNoTypedCharacterShown(["860317", "472915"])
  }

  @Test("pinentry on the console (OPTION ttyname): the description, the count, an error, then OK")
  func pinentry() throws {
    let lab = try BrailleLab()
    defer { lab.stop() }
    try lab.startPinentry([
      "OPTION ttyname=\(lab.console.path)", "OPTION ttytype=linux", "SETDESC Unlock the signing key",
      "SETPROMPT PIN:", "GETPIN", "SETERROR Bad PIN (2 tries left)", "GETPIN", "BYE",
    ])
    lab.expectWindow("Unlock the signing key")
    try lab.type("4711")
    lab.expectWindow("4 characters entered")
    try lab.type(Self.backspace)
    lab.expectWindow("Deleted, 3 characters entered")
    try lab.type("1\r")
    lab.expectWindow("Bad PIN (2 tries left)")
    try lab.type("0815\r")
    #expect(try lab.finish() == .exited(0))
    #expect(try lab.pinentryReplies().filter { $0.hasPrefix("D ") } == ["D 4711", "D 0815"])
    lab.expectNoTypedCharacterShown(["4711", "0815", "471"])
  }

  @Test(
    "speech off still gives words: a long title shows its first words, Digits only, a paste, BackSpace",
    arguments: [["--speech", "off"], ["--reduce-motion"]])
  func speechOffLongTitle(flags: [String]) throws {
    let lab = try BrailleLab()
    defer { lab.stop() }
    let title = "Unlock the backup disk for the nightly job"
    try lab.start(["demo", "--title", title] + flags, environment: ["PASSCODE_SPEECH": "off"])
    lab.expectWindow("The passcode is two five eight zero")
    lab.expectWindowAfterLineUp(title + ", 4 digits")
    try lab.play([
      ("a", "Digits only"), ("\u{1b}[200~12x\u{1b}[201~", "Pasted, 2 of 4 digits entered, 1 ignored"),
      (Self.backspace, "Deleted, 1 of 4 digits entered"),
    ])
    try lab.type("\u{3}")
    #expect(try lab.finish() == .exited(2))
    lab.expectWindowAfterLineUp("Cancelled")
    lab.expectNoTypedCharacterShown(["a", "12x"])
  }

  @Test("doctor reports brltty and, when its BrlAPI answers, the display's width")
  func doctorReportsDisplay() throws {
    let served = try BrailleLab(servesApi: true)
    let report = try served.doctorReport()
    served.stop()
    #expect(report.contains("Braille: brltty running, display of 40 cells (driver Virtual)."), "doctor said: \(report)")
    #expect(
      report.contains { $0.hasPrefix("Screen reader: brltty found") }, "doctor said: \(report)")

    let unserved = try BrailleLab()
    let withoutApi = try unserved.doctorReport()
    #expect(
      withoutApi.contains { $0.hasPrefix("Braille: brltty running; display size unknown (") },
      "doctor said: \(withoutApi)")
  }

  @Test("a stopped lab leaves no brltty and no program of its run behind")
  func stopLeavesNothingRunning() throws {
    let lab = try BrailleLab()
    try lab.start(["demo"])
    // The demo tells its code after the prompt, so the code is the newest line and the prompt one up.
    lab.expectWindow("The passcode is two five eight zero")
    lab.expectWindowAfterLineUp("Enter Passcode, 4 digits")
    let brltty = ["-x", "lx", "-X", "vt=\(lab.console.number)", "-b", "vr"]
    #expect(!LabProcessTable.processes(withArguments: brltty).isEmpty)
    #expect(!lab.runProcesses.isEmpty)
    lab.stop()
    #expect(LabProcessTable.processes(withArguments: brltty).isEmpty)
    #expect(lab.runProcesses.isEmpty)
  }

  @Test("the timeout: a warning while time runs out after BackSpace, then Time is up; Ctrl-D cancels")
  func timeoutAndEndOfFile() throws {
    let lab = try BrailleLab()
    defer { lab.stop() }
    try lab.start(["demo", "--timeout", "20"])
    lab.expectWindow("The passcode is two five eight zero")
    try lab.play([("2", "1 of 4 digits entered"), (Self.backspace, "Deleted, 0 of 4 digits entered")])
    lab.expectWindow("10 seconds left. Press Tab for more time", timeout: .seconds(30))
    #expect(try lab.finish(timeout: .seconds(30)) == .exited(3))
    lab.expectWindowAfterLineUp("Time is up")

    try lab.start(["demo"])
    lab.expectWindow("The passcode is two five eight zero")
    try lab.play([("2", "1 of 4 digits entered"), ("5", "2 of 4 digits entered")])
    try lab.type("\u{4}")
    #expect(try lab.finish() == .exited(2))
    lab.expectWindowAfterLineUp("Cancelled")
    lab.expectNoTypedCharacterShown(["25"])
  }

  @Test("pinentry SETREPEAT: asked twice, a mismatch starts again, then PIN_REPEATED")
  func pinentryRepeat() throws {
    let lab = try BrailleLab()
    defer { lab.stop() }
    try lab.startPinentry([
      "OPTION ttyname=\(lab.console.path)", "OPTION ttytype=linux", "SETDESC Choose a new passphrase",
      "SETPROMPT Passphrase:", "SETREPEAT Repeat:", "SETREPEATERROR does not match", "GETPIN", "BYE",
    ])
    lab.expectWindow("Choose a new passphrase")
    try lab.play([
      ("kq7\r", "Enter the same passphrase again"), ("zj3\r", "does not match"),
      ("kq7\r", "Enter the same passphrase again"),
    ])
    try lab.type("kq7\r")
    #expect(try lab.finish() == .exited(0))
    let replies = try lab.pinentryReplies()
    #expect(replies.contains("S PIN_REPEATED") && replies.contains("D kq7"), "replies: \(replies)")
    lab.expectNoTypedCharacterShown(["kq7", "zj3"])
  }

  @Test("brltty reads only consoles: while it runs, a prompt on a pseudo-terminal keeps the visual profile")
  func pseudoTerminalStaysVisual() throws {
    let lab = try BrailleLab()
    defer { lab.stop() }
    let terminal = try PseudoTerminal()
    // As the lab's user, so only brltty (which counts for any user) could switch the profile.
    let program = try ChildProcess(
      executablePath: "/usr/bin/setpriv",
      arguments: [
        "--reuid=\(BrailleLab.user)", "--regid=\(BrailleLab.user)", "--clear-groups", "--", PasscodeBinary.path, "demo",
      ],
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": lab.home, "XDG_RUNTIME_DIR": lab.home, "TERM": "xterm-256color",
        "LANG": "C.UTF-8", "PASSCODE_SPEECH": "off",
      ].merging(lab.detection.environment) { _, pinned in pinned }, terminal: terminal)
    let shown = String(
      decoding: try terminal.readUntil(Array("Enter Passcode, 4 digits".utf8), timeout: .seconds(10)), as: UTF8.self)
    try terminal.write(Array("\u{3}".utf8))
    _ = try program.waitForExit(timeout: .seconds(10))
    #expect(shown.contains("\u{1b}[2K"), "the visual status line is drawn: \(shown.debugDescription)")
  }
}
