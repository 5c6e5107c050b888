import Foundation
import Glibc
import PasscodeTestSupport
import Synchronization

/// The real Orca 43.1 on a headless desktop: Xvfb, a private session bus with the accessibility bus, and Orca
/// speaking to the private speech-dispatcher. One desktop serves every Orca scenario of the test process, and an
/// flock on ``lockPath`` keeps other test processes' Orca labs out while it runs (one Orca per user).
///
/// The stack runs as the lab user. Its shell kills Orca with SIGKILL and reaps it when the test process ends (it
/// polls `/proc/PID`), so no Orca is left behind to refuse the next start.
final class OrcaDesktop: Sendable {
  static let lockPath = "/tmp/passcode-orca-lab.lock"

  let directory: String
  let display: String
  let busAddress: String
  let speech: PrivateSpeechDispatcher
  /// What a program on this desktop sees of screen readers: this desktop's Orca and accessibility bus only,
  /// whatever else runs for the lab user.
  let detection: PinnedDetection
  private let stack: SpawnedProcess
  private let keepAlive: LabDirectoryBox
  /// A spare console held for Orca's braille while the desktop runs, where it can be had (root, kernel
  /// consoles): Orca is told that BrlAPI is at its loopback address and that its window is on it (`WINDOWPATH`),
  /// and a braille test starts brltty there (``VirtualBrailleDisplay``); Orca connects at its next refresh.
  let brailleConsole: VirtualConsoleBox?

  private static let shared = Mutex<Result<OrcaDesktop, LabError>?>(nil)

  /// The desktop of this test process, started on first use.
  static func start() throws -> OrcaDesktop {
    try shared.withLock { shared in
      if let shared { return try shared.get() }
      let result = Result<OrcaDesktop, LabError> { () throws(LabError) in try OrcaDesktop() }
      shared = result
      // A static is never released, so the desktop and its speech daemon are stopped when the process exits.
      atexit { OrcaDesktop.stopShared() }
      return try result.get()
    }
  }

  /// Stops the shared desktop (its shell kills Orca and reaps it) and its speech daemon, and removes its files.
  static func stopShared() {
    guard let desktop = try? shared.withLock({ $0 })?.get() else { return }
    _ = FileManager.default.createFile(atPath: desktop.directory + "/stop", contents: nil)
    _ = desktop.stack.waitForExit(timeout: .seconds(5))
    desktop.speech.stop()
    try? FileManager.default.removeItem(atPath: desktop.directory)
    try? FileManager.default.removeItem(atPath: desktop.speech.base)
    desktop.detection.remove()
  }

  private init() throws(LabError) {
    do {
      try Self.takeLock()
      let box = LabDirectoryBox(try LabDirectory(prefix: "passcode-orca"))
      keepAlive = box
      let lab = box.directory
      directory = lab.path
      for name in ["home", "prefs", "config", "cache"] { _ = try lab.makeDirectory(name) }
      _ = try lab.makeDirectory("run", mode: 0o700)
      speech = try PrivateSpeechDispatcher()
      try LabSpeech.share(speech)
      brailleConsole =
        VirtualBrailleDisplay.unavailableReason == nil ? (try? VirtualConsole()).map(VirtualConsoleBox.init) : nil
      let script = try lab.write("desktop.sh", Self.stackScript, mode: 0o755)
      let command = LabUser.command("/bin/sh", [script, lab.path, "\(getpid())"])
      stack = try SpawnedProcess(
        executable: command.executable, arguments: command.arguments,
        environment: Self.environment(lab.path, speech, braille: brailleConsole?.console.number),
        outputPath: "/dev/null")
      let end = ContinuousClock.now + .seconds(30)
      while lab.read("bus") == nil || !Self.orcaIsOn(speech) {
        guard ContinuousClock.now < end, stack.isRunning else {
          stack.signal(SIGTERM)
          throw LabError.setUp(
            "Orca did not say 'Screen reader on.' in 30 s; orca.log: \(lab.read("orca.log") ?? "none")")
        }
        usleep(50_000)
      }
      display = ":" + (lab.read("display") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
      busAddress = (lab.read("bus") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
      guard let orca = lab.read("orca.pid").flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
      else {
        stack.signal(SIGTERM)
        throw LabError.setUp("the desktop did not say which process is Orca")
      }
      detection = try PinnedDetection()
      try detection.addProcess(orca)
      try detection.setSessionBus(busAddress)
    } catch let error as LabError {
      throw error
    } catch {
      throw LabError.setUp("\(error)")
    }
  }

  /// The environment of everything on the desktop; with a braille console, BrlAPI's loopback address for it and
  /// the console as the desktop's (`WINDOWPATH`), which Orca's BrlAPI client asks brltty for.
  static func environment(_ directory: String, _ speech: PrivateSpeechDispatcher, braille: Int? = nil) -> [String:
    String]
  {
    let brailleVariables =
      braille.map { ["BRLAPI_HOST": VirtualBrailleDisplay.loopbackApiHost(console: $0), "WINDOWPATH": "\($0)"] } ?? [:]
    return [
      "PATH": "/usr/bin:/bin", "HOME": directory + "/home", "XDG_RUNTIME_DIR": directory + "/run",
      "XDG_CONFIG_HOME": directory + "/config", "XDG_CACHE_HOME": directory + "/cache", "LANG": "C.UTF-8",
      "SPEECHD_ADDRESS": speech.address, "NO_AT_BRIDGE": "0", "GTK_MODULES": "", "DBUS_SESSION_BUS_ADDRESS": "",
    ].merging(brailleVariables) { _, braille in braille }
  }

  /// The environment of a program on this desktop, its detection pinned to ``detection``.
  var environment: [String: String] {
    Self.environment(directory, speech).merging(["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": busAddress]) {
      _, new in new
    }.merging(detection.environment) { _, pinned in pinned }
  }

  private static func orcaIsOn(_ speech: PrivateSpeechDispatcher) -> Bool {
    HeardSpeech(protocolLog: speech.protocolLog()).phrases(ofClient: "Orca", ignoring: []).contains("Screen reader on.")
  }

  private static func takeLock() throws {
    let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw LabError.setUp("cannot open \(lockPath): errno \(errno)") }
    let end = ContinuousClock.now + .seconds(300)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard ContinuousClock.now < end else {
        close(descriptor)
        throw LabError.timedOut("another Orca lab held \(lockPath) for 300 s")
      }
      usleep(100_000)
    }
    // The descriptor stays open, and the lock held, until this test process ends.
  }

  /// The stack, in order: Xvfb on a free display, a session bus, the GNOME accessibility settings, the
  /// accessibility bus, then Orca. It stops when the test process has gone or `DIR/stop` appears.
  static let stackScript = #"""
    #!/bin/sh
    DIR=$1; WATCH=$2
    exec 3>"$DIR/display.tmp"
    Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp >"$DIR/xvfb.log" 2>&1 &
    XVFB=$!
    exec 3>&-
    i=0; while [ ! -s "$DIR/display.tmp" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
    mv "$DIR/display.tmp" "$DIR/display"
    DISPLAY=:$(cat "$DIR/display"); export DISPLAY
    exec dbus-run-session -- sh -c '
      DIR=$1; WATCH=$2; XVFB=$3
      gsettings set org.gnome.desktop.interface toolkit-accessibility true
      gsettings set org.gnome.desktop.a11y.applications screen-reader-enabled true
      gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
        --method org.a11y.Bus.GetAddress > "$DIR/a11y" 2>&1
      orca -u "$DIR/prefs" --debug-file "$DIR/orca-debug.log" > "$DIR/orca.log" 2>&1 &
      ORCA=$!
      echo $ORCA > "$DIR/orca.pid.tmp"; mv "$DIR/orca.pid.tmp" "$DIR/orca.pid"
      stop() { kill -9 $ORCA 2>/dev/null; wait $ORCA 2>/dev/null; kill $XVFB 2>/dev/null; exit 0; }
      trap stop TERM INT HUP
      echo "$DBUS_SESSION_BUS_ADDRESS" > "$DIR/bus.tmp"; mv "$DIR/bus.tmp" "$DIR/bus"
      while [ ! -e "$DIR/stop" ] && [ -d "/proc/$WATCH" ] && kill -0 $ORCA 2>/dev/null; do sleep 0.2; done
      stop
    ' desktop "$DIR" "$WATCH" "$XVFB"
    """#
}

/// Holds the desktop's braille console (locked against other runs) as long as the desktop.
final class VirtualConsoleBox: @unchecked Sendable {
  let console: VirtualConsole
  init(_ console: VirtualConsole) { self.console = console }
}

/// Keeps a lab directory alive as long as the desktop that uses it.
final class LabDirectoryBox: @unchecked Sendable {
  let directory: LabDirectory
  init(_ directory: LabDirectory) { self.directory = directory }
}

/// One scenario's program in an xfce4-terminal window that Orca reads, typed into with `xdotool`.
///
/// The wrapper waits for Return before it starts the program, as a shell would, so Orca has the window's focus
/// and the program's first lines come after a key, as they do for a user.
final class OrcaLab: LabTerminal {
  /// Orca's words for the keys themselves (its key echo), left out of what the program made it say: key names,
  /// the modifiers of a chord ("left control") and the window. The letter of a Ctrl chord is left out by
  /// ``ownWords(for:)``.
  static let keyEchoWords: Set<String> = [
    "return", "newline", "backspace", "escape", "tab", "left control", "left shift", "blank",
    // The terminal's window, which Orca may announce again when the window manager refocuses it.
    "terminal -  frame.", "terminal - frame.",
  ]

  /// Orca's own words in a scenario: its key echo, plus each letter pressed with Ctrl (Orca echoes "d" for Ctrl-D).
  static func ownWords(for scenario: LabScenario) -> Set<String> {
    var words = keyEchoWords
    for case let .control(letter) in scenario.steps.flatMap(\.keys) { words.insert(String(letter).lowercased()) }
    return words
  }

  private let desktop: OrcaDesktop
  private let program: LabProgram
  private let terminal: SpawnedProcess
  private let window: String
  /// The program that owns the primary selection of the last paste, kept until the paste was heard.
  private var selectionOwner: SpawnedProcess?
  let run: LabRun

  init(_ scenario: LabScenario, desktop: OrcaDesktop, directory: LabDirectory) throws {
    self.desktop = desktop
    program = try LabProgram(scenario, in: directory)
    let wrapper = try program.wrapper(waitsForReturn: true)
    let before = HeardSpeech(protocolLog: desktop.speech.protocolLog()).utterances.count
    let command = LabUser.command(
      "/usr/bin/xfce4-terminal", ["--disable-server", "--geometry", "100x60", "-x", wrapper])
    terminal = try SpawnedProcess(
      executable: command.executable, arguments: command.arguments, environment: desktop.environment,
      outputPath: directory.path + "/terminal.log")
    var found: String?
    let end = ContinuousClock.now + .seconds(20)
    while found == nil, ContinuousClock.now < end {
      found = try Self.xdotool(["search", "--onlyvisible", "--pid", "\(terminal.pid)"], desktop: desktop).first
      if found == nil { usleep(100_000) }
    }
    guard let found else { throw LabError.timedOut("no xfce4-terminal window in 20 s") }
    window = found
    _ = try Self.xdotool(["windowfocus", "--sync", window], desktop: desktop)
    // Orca announces the focused window ("Terminal - frame."); wait for that before the program starts.
    let focused = ContinuousClock.now + .seconds(10)
    while Self.orcaUtterance(in: desktop.speech, after: before, where: { $0.contains("terminal") }) == nil,
      ContinuousClock.now < focused
    {
      usleep(50_000)
    }
    let beforeReturn = HeardSpeech(protocolLog: desktop.speech.protocolLog()).utterances.count
    _ = try Self.xdotool(["key", "--window", window, "Return"], desktop: desktop)
    // Orca echoes the Return that starts the program after all it says of the window and before the program's
    // first words, so the scenario's utterances start after the echo.
    let echoed = ContinuousClock.now + .seconds(10)
    var echo: Int?
    while echo == nil, ContinuousClock.now < echoed {
      echo = Self.orcaUtterance(in: desktop.speech, after: beforeReturn, where: { $0 == "return" })
      if echo == nil { usleep(50_000) }
    }
    run = LabRun(
      speech: desktop.speech, clientProgram: "Orca", ownWords: Self.ownWords(for: scenario),
      utterancesBefore: echo.map { $0 + 1 } ?? beforeReturn)
  }

  /// Where Orca's first utterance from `start` on whose words (trimmed, lowercased) fit `words` is in the
  /// daemon's log.
  private static func orcaUtterance(
    in speech: PrivateSpeechDispatcher, after start: Int, where words: (String) -> Bool
  ) -> Int? {
    let utterances = HeardSpeech(protocolLog: speech.protocolLog()).utterances
    return utterances.indices.dropFirst(start).first { index in
      let utterance = utterances[index]
      return utterance.client.contains(":Orca:")
        && words(HeardSpeech.plainText(utterance.text).trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }
  }

  deinit {
    releaseSelection()
    // The wrapper ends once released and the terminal closes its window itself, as after any program, so Orca is
    // not left asking a killed window about itself; it is stopped only when it does not.
    program.release()
    guard terminal.waitForExit(timeout: .seconds(5)) == nil else { return }
    terminal.signal(SIGTERM)
    if terminal.waitForExit(timeout: .seconds(3)) == nil {
      terminal.signal(SIGKILL)
      _ = terminal.waitForExit(timeout: .seconds(2))
    }
  }

  var exitStatus: Int32? { program.exitStatus }

  func idle() {}

  /// Presses the keys; a scenario's step is one key, and the lab waits for its words before the next.
  func press(_ keys: [LabKey]) throws {
    // The last paste was heard by now.
    releaseSelection()
    for key in keys {
      switch key {
      case let .text(text):
        // Typed at a person's pace (xdotool's own delay between characters): xfce4-terminal under a loaded
        // X server has turned a burst of synthetic keys into other characters.
        _ = try Self.xdotool(["type", "--delay", "150", text], desktop: desktop)
      case .backspace: _ = try Self.xdotool(["key", "BackSpace"], desktop: desktop)
      case .escape: _ = try Self.xdotool(["key", "Escape"], desktop: desktop)
      case .enter: _ = try Self.xdotool(["key", "Return"], desktop: desktop)
      case .tab: _ = try Self.xdotool(["key", "Tab"], desktop: desktop)
      case let .control(letter): _ = try Self.xdotool(["key", "ctrl+\(letter.lowercased())"], desktop: desktop)
      case let .paste(text): try paste(text)
      }
    }
  }

  /// Stops the program that owns the last paste's selection.
  private func releaseSelection() {
    guard let owner = selectionOwner else { return }
    selectionOwner = nil
    owner.signal(SIGTERM)
    _ = owner.waitForExit(timeout: .seconds(2))
  }

  /// Puts the text in the primary selection (a small GTK program owns it) and middle-clicks the terminal, so the
  /// terminal sends it as a bracketed paste. Orca 43 stays silent about output after Ctrl-Shift-V (its terminal
  /// script leaves pastes to the default script, which speaks only the clipboard's own text); after a middle-click
  /// paste it speaks the output. The owner says it is ready once its main loop serves the selection, and is kept
  /// until the paste's words were heard (``releaseSelection()``).
  private func paste(_ text: String) throws {
    let script = """
      import sys, gi
      gi.require_version("Gtk", "3.0")
      from gi.repository import Gtk, Gdk, GLib
      clipboard = Gtk.Clipboard.get(Gdk.SELECTION_PRIMARY)
      clipboard.set_text(sys.argv[1], -1)
      GLib.idle_add(lambda: open(sys.argv[2], "w").close())
      GLib.timeout_add(60000, Gtk.main_quit)
      Gtk.main()

      """
    let file = try program.directory.write("clipboard.py", script)
    let ready = program.directory.path + "/clipboard.ready"
    let command = LabUser.command("/usr/bin/python3", [file, text, ready])
    selectionOwner = try SpawnedProcess(
      executable: command.executable, arguments: command.arguments, environment: desktop.environment)
    let end = ContinuousClock.now + .seconds(10)
    while !FileManager.default.fileExists(atPath: ready), ContinuousClock.now < end { usleep(50_000) }
    _ = try Self.xdotool(["mousemove", "--window", window, "200", "200", "click", "2"], desktop: desktop)
  }

  /// Runs `xdotool` on the desktop as the lab user and returns its output lines.
  @discardableResult
  static func xdotool(_ arguments: [String], desktop: OrcaDesktop) throws -> [String] {
    let output = desktop.directory + "/xdotool.\(UInt32.random(in: 0...UInt32.max)).out"
    defer { unlink(output) }
    let command = LabUser.command("/usr/bin/xdotool", arguments)
    let process = try SpawnedProcess(
      executable: command.executable, arguments: command.arguments, environment: desktop.environment,
      outputPath: output)
    guard process.waitForExit(timeout: .seconds(10)) != nil else {
      process.signal(SIGKILL)
      throw LabError.timedOut("xdotool \(arguments.joined(separator: " "))")
    }
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    return text.split(whereSeparator: \.isNewline).map(String.init)
  }
}
