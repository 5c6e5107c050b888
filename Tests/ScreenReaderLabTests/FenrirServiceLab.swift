import Foundation
import Glibc
import PasscodeTestSupport

/// Fenrir as Debian's `fenrir.service` runs it: the real `fenrir-daemon`, as root, daemonised, reading the active
/// virtual console through `/dev/vcsa*`, and `passcode` run by an ordinary user (``LabUser``) on that console.
///
/// The daemon runs in a PID and mount namespace of its own (`unshare --kill-child`, bash as its first process so
/// that zombies are reaped), with a private `/run` for its pid file, so it is seen by no one else's run and ends
/// with the namespace. Its settings are Debian's with only what the lab needs changed: speech through the private
/// speech-dispatcher, no sound icons, no remote control. Its input driver stays evdev, which finds no keyboard here;
/// keys are typed into the console with `TIOCSTI`, which is what Fenrir reads back from the screen.
///
/// The console is made the active one (`VT_ACTIVATE`) for the run, under a lock shared by every run on this machine,
/// and the console active before is brought back when the lab stops.
final class FenrirServiceLab: LabTerminal {
  /// Fenrir's own words, left out of what the program made it say.
  static let ownWords: Set<String> = ["Start Fenrir", "Quit Fenrir", "blank"]

  /// Why the lab cannot run here, or `nil` when it can: root, kernel consoles, `TIOCSTI`, `unshare` and
  /// `fenrir-daemon`.
  static var unavailableReason: String? {
    if let reason = VirtualConsole.unavailableReason { return reason }
    for program in ["/usr/bin/fenrir-daemon", "/usr/bin/unshare", "/usr/bin/setpriv"]
    where !FileManager.default.isExecutableFile(atPath: program) {
      return "\(program) is missing"
    }
    return nil
  }

  let console: VirtualConsole
  let run: LabRun
  /// What the user's `passcode` sees of screen readers: this run's Fenrir only.
  let detection: PinnedDetection
  private let program: LabProgram
  private let directory: LabDirectory
  private let namespace: SpawnedProcess
  private let activeConsole: ActiveConsole
  private var child: ChildProcess?
  private let speech: PrivateSpeechDispatcher

  /// Takes a console, makes it the active one, clears it, starts the service's Fenrir on it and waits until it
  /// has said "Start Fenrir".
  ///
  /// - Throws: ``LabError/setUp(_:)`` when a part cannot start.
  init(_ scenario: LabScenario, speech: PrivateSpeechDispatcher, directory: LabDirectory) throws {
    if let reason = Self.unavailableReason { throw LabError.setUp("the Fenrir service lab: \(reason)") }
    self.directory = directory
    self.speech = speech
    try LabSpeech.share(speech)
    program = try LabProgram(scenario, in: directory)
    console = try VirtualConsole()
    activeConsole = try ActiveConsole(console.number)
    try console.clear()
    detection = try PinnedDetection()
    let settings = try directory.write("settings.conf", try Self.settings(directory: directory.path))
    let marker = "PASSCODE_FENRIR_SERVICE_RUN=\(UUID().uuidString)"
    let script =
      "mount -t tmpfs tmpfs /run; /usr/bin/fenrir-daemon -s \(LabProgram.quoted(settings)); "
      + "while sleep 1; do :; done"
    // The daemon's own home: it makes `~/.config` as root, which would shut the user's `passcode` out of its own.
    let daemonHome = try directory.makeDirectory("fenrir-home", mode: 0o700)
    chown(daemonHome, 0, 0)
    let heardBefore = HeardSpeech(protocolLog: speech.protocolLog()).utterances.count
    namespace = try SpawnedProcess(
      executable: "/usr/bin/unshare",
      arguments: ["--pid", "--fork", "--kill-child", "--mount-proc", "/bin/bash", "-c", script],
      environment: [
        "SPEECHD_ADDRESS": speech.address, "LANG": "C.UTF-8", "HOME": daemonHome,
        String(marker.split(separator: "=")[0]): String(marker.split(separator: "=")[1]),
      ])
    run = LabRun(
      speech: speech, clientProgram: "fenrir", ownWords: Self.ownWords,
      punctuationWords: FenrirLab.punctuationWords)
    let end = ContinuousClock.now + .seconds(20)
    var started = false
    while ContinuousClock.now < end {
      let heard = HeardSpeech(protocolLog: speech.protocolLog()).dropping(first: heardBefore)
      if heard.utterances.contains(where: { $0.text.contains("Start Fenrir") }) {
        started = true
        break
      }
      usleep(50_000)
    }
    let daemons = LabProcessTable.processes(withEnvironmentEntry: marker).filter { identifier in
      (try? String(contentsOfFile: "/proc/\(identifier)/cmdline", encoding: .utf8))?.contains("fenrir-daemon") ?? false
    }
    guard started, !daemons.isEmpty else {
      stopNamespace()
      throw LabError.setUp("fenrir-daemon did not say Start Fenrir within 20 s (processes: \(daemons))")
    }
    for daemon in daemons { try detection.addProcess(daemon) }
    try console.lend(to: LabUser.userID, group: LabUser.groupID)
  }

  deinit {
    stop()
  }

  /// Starts the scenario's program on the console as the lab user, detecting readers by itself, with Fenrir's
  /// speech-dispatcher as its own (so that it would be heard, as passcode's client, if it spoke over Fenrir).
  ///
  /// - Throws: When it cannot start.
  func start() throws {
    let wrapper = try program.wrapper(waitsForReturn: false)
    let command = LabUser.command("/bin/sh", [wrapper])
    child = try ChildProcess(
      executablePath: command.executable, arguments: command.arguments,
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": directory.path, "XDG_RUNTIME_DIR": directory.path, "TERM": "linux",
        "LANG": "C.UTF-8", "SPEECHD_ADDRESS": speech.address,
      ].merging(detection.environment) { _, pinned in pinned }, controllingTerminal: console.fileDescriptor)
  }

  /// Runs `passcode doctor` as the lab user on the console, and returns what it printed.
  ///
  /// - Returns: Its lines.
  /// - Throws: When it cannot start or does not end.
  func doctorOnConsole() throws -> [String] {
    let output = directory.path + "/doctor-on-console"
    let command = LabUser.command(
      "/bin/sh", ["-c", "exec \"$0\" doctor > \"$1\" 2>&1", directory.path + "/passcode", output])
    let doctor = try ChildProcess(
      executablePath: command.executable, arguments: command.arguments,
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": directory.path, "XDG_RUNTIME_DIR": directory.path, "TERM": "linux",
        "LANG": "C.UTF-8", "SPEECHD_ADDRESS": "unix_socket:\(directory.path)/no-speech-dispatcher.sock",
      ].merging(detection.environment) { _, pinned in pinned }, controllingTerminal: console.fileDescriptor)
    _ = try doctor.waitForExit(timeout: .seconds(30))
    try console.reopen()
    return try String(contentsOfFile: output, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
  }

  /// Runs `passcode doctor` as the lab user on a pseudo-terminal, as in a desktop terminal, and returns what it
  /// printed.
  ///
  /// - Returns: Its lines.
  /// - Throws: When it cannot start or does not end.
  func doctorOnPseudoTerminal() throws -> [String] {
    let terminal = try PseudoTerminal()
    LabUser.own(terminal.slavePath)
    let command = LabUser.command(directory.path + "/passcode", ["doctor"])
    let doctor = try ChildProcess(
      executablePath: command.executable, arguments: command.arguments,
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": directory.path, "XDG_RUNTIME_DIR": directory.path, "TERM": "dumb",
        "LANG": "C.UTF-8", "SPEECHD_ADDRESS": "unix_socket:\(directory.path)/no-speech-dispatcher.sock",
      ].merging(detection.environment) { _, pinned in pinned }, terminal: terminal)
    terminal.closeSlave()
    let output = try terminal.readUntil("Result:", timeout: .seconds(30))
    _ = try? terminal.readUntil("\n", timeout: .seconds(2))
    _ = try doctor.waitForExit(timeout: .seconds(10))
    return String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
  }

  /// The console's text now, row by row, from `/dev/vcsaN` (its first four bytes are rows, columns and the
  /// cursor; then a character and an attribute byte per cell).
  var screenRows: [String] {
    let device = open(console.memoryDevicePath, O_RDONLY | O_CLOEXEC)
    guard device >= 0 else { return [] }
    defer { close(device) }
    var bytes = [UInt8](repeating: 0, count: 4 + 2 * 256 * 256)
    let count = read(device, &bytes, bytes.count)
    guard count > 4 else { return [] }
    let rows = Int(bytes[0])
    let columns = Int(bytes[1])
    guard count >= 4 + 2 * rows * columns else { return [] }
    return (0..<rows).map { row in
      let cells = (0..<columns).map { column in bytes[4 + 2 * (row * columns + column)] }
      return String(decoding: cells, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
  }

  var exitStatus: Int32? { program.exitStatus }

  func idle() {}

  /// Types each key into the console, as on its keyboard. Fenrir reads no key here (no evdev device): what it
  /// says comes from the screen alone, as its echo would.
  func press(_ keys: [LabKey]) throws {
    for key in keys {
      switch key {
      case let .text(text): try console.type(text)
      case .backspace: try console.type([0x7f])
      case .enter: try console.type("\r")
      case .tab: try console.type([0x09])
      case .escape: try console.type([0x1b])
      case let .control(letter):
        try console.type([letter.lowercased().unicodeScalars.first.map { UInt8($0.value) & 0x1f } ?? 0])
      case let .paste(text): try console.type("\u{1b}[200~\(text)\u{1b}[201~")
      }
    }
  }

  /// Ends the program and the namespace (and with it every Fenrir process), and gives the console back.
  func stop() {
    program.release()
    if let child, (try? child.waitForExit(timeout: .seconds(5))) == nil {
      try? child.signal(SIGKILL)
      _ = try? child.waitForExit(timeout: .seconds(5))
    }
    child = nil
    stopNamespace()
    detection.remove()
    activeConsole.restore()
  }

  private func stopNamespace() {
    guard namespace.isRunning else { return }
    namespace.signal(SIGKILL)
    _ = namespace.waitForExit(timeout: .seconds(10))
  }

  /// Debian's settings with speech through speech-dispatcher, no sound icons, no remote control and a debug file
  /// in the run's directory; the screen driver stays `vcsaDriver`, the input driver `evdevDriver`.
  static func settings(directory: String) throws -> String {
    let changes: [String: [String: String]] = [
      "speech": ["driver": "speechdDriver"],
      "sound": ["enabled": "False"],
      "remote": ["enable": "False"],
      "general": ["debugFile": directory + "/fenrir-debug.log"],
    ]
    return try FenrirLab.debianSettings(changing: changes)
  }
}

/// The machine's active virtual console, switched to a lab's console for one run (`VT_ACTIVATE`, then
/// `VT_WAITACTIVE`, on `/dev/tty0`) under a lock every run shares (it is one for the whole machine), and switched
/// back by ``restore()``.
final class ActiveConsole {
  private static let activate: UInt = 0x5606
  private static let waitActive: UInt = 0x5607
  private static let activeFile = "/sys/class/tty/tty0/active"

  private let before: Int?
  private let lock: Int32
  private var restored = false

  /// Waits (up to two minutes) for the lock, then makes console `number` the active one.
  ///
  /// - Throws: ``LabError/setUp(_:)`` when the lock is not had in time or the switch fails.
  init(_ number: Int) throws {
    lock = open("/tmp/passcode-active-console.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw LabError.setUp("cannot open the active-console lock: errno \(errno)") }
    let end = ContinuousClock.now + .seconds(120)
    while flock(lock, LOCK_EX | LOCK_NB) != 0 {
      guard ContinuousClock.now < end else {
        close(lock)
        throw LabError.setUp("another run held the active console for two minutes")
      }
      usleep(100_000)
    }
    let active = (try? String(contentsOfFile: Self.activeFile, encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
    before = active.flatMap { Int($0.dropFirst("tty".count)) }
    guard Self.switchTo(number) else {
      close(lock)
      throw LabError.setUp("VT_ACTIVATE \(number) failed: errno \(errno)")
    }
  }

  deinit {
    restore()
  }

  /// Switches back to the console active before, and releases the lock; calling it again does nothing.
  func restore() {
    guard !restored else { return }
    restored = true
    if let before { _ = Self.switchTo(before) }
    close(lock)
  }

  private static func switchTo(_ number: Int) -> Bool {
    let tty0 = open("/dev/tty0", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard tty0 >= 0 else { return false }
    defer { close(tty0) }
    return ioctl(tty0, activate, CInt(number)) == 0 && ioctl(tty0, waitActive, CInt(number)) == 0
  }
}
