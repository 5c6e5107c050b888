import Foundation
import PasscodeTestSupport
import Testing

/// Every `Next:` line `passcode doctor` prints, followed: each test makes the broken state with real files
/// in a scratch home, runs the real `passcode doctor`, does what the line says (its `Run:` command through
/// `sh -c`, as printed, where it has one), runs doctor again and checks that the finding is gone.
@Suite("passcode doctor: each Next line, followed, makes its finding go away", .serialized)
struct DoctorNextStepEndToEndTests {
  /// A scratch home with `bin` (the built `passcode` linked in, first on `PATH`) and a private runtime
  /// directory, and the environment every run there gets.
  final class Scratch {
    let home: StoreDirectory
    var environment: [String: String]

    init(_ more: [String: String] = [:]) throws {
      if let reason = PasscodeBinary.missingReason { throw EndToEndError.missingBinary(reason) }
      home = try StoreDirectory()
      for directory in ["bin", "run"] {
        try FileManager.default.createDirectory(
          atPath: home.child(directory), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      }
      try FileManager.default.createSymbolicLink(
        atPath: home.child("bin/passcode"), withDestinationPath: PasscodeBinary.path)
      environment = [
        "HOME": home.path, "PATH": home.child("bin") + ":/usr/bin:/bin", "XDG_RUNTIME_DIR": home.child("run"),
        "LANG": "C.UTF-8", "LC_ALL": "C", "TERM": "xterm", "GPG_TTY": "/dev/pts/99",
        "GNUPGHOME": home.child("gnupg"),
      ].merging(more) { _, new in new }.merging(PinnedDetection.nothingRunning.environment) { given, _ in given }
    }

    deinit {
      _ = try? SpawnedProcess.run(
        executable: "gpgconf", arguments: ["--homedir", home.child("gnupg"), "--kill", "gpg-agent"])
    }

    /// `env -i` and this environment, exactly: a variable left out here is unset. `env -i` would drop the pinned
    /// detection tree the spawner adds, so the environment names it itself.
    var environmentArguments: [String] {
      ["-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// Runs a program on a pseudo-terminal of its own, as its controlling terminal, in exactly this
    /// environment, and returns its exit status and what it printed.
    func onTerminal(_ program: String, _ arguments: [String]) throws -> Report {
      let run = try PasscodeRun(
        executable: "/usr/bin/env", arguments: environmentArguments + [program] + arguments, store: home)
      let status = try run.finish()
      return Report(text: run.output.replacingOccurrences(of: "\r\n", with: "\n"), status: status)
    }

    /// Runs `passcode doctor` on a pseudo-terminal of its own.
    func doctor(_ arguments: [String] = []) throws -> Report {
      try onTerminal(PasscodeBinary.path, ["doctor"] + arguments)
    }

    /// Runs a command as `sh -c` in exactly this environment, and returns its exit status.
    @discardableResult
    func shell(_ command: String) throws -> Int32? {
      try SpawnedProcess.run(
        executable: "/usr/bin/env", arguments: environmentArguments + ["/bin/sh", "-c", command],
        outputPath: home.child("shell.log"), timeout: .seconds(60))
    }
  }

  /// doctor's report, found by the start of a finding's verdict.
  struct Report {
    let text: String
    let status: PasscodeTestSupport.ExitStatus

    var lines: [String] { text.split(separator: "\n").map(String.init) }

    /// The verdict starting so, with the Next and Run lines under it, or `nil` when there is none.
    func finding(_ start: String) -> (verdict: String, next: String?, run: String?)? {
      guard let index = lines.firstIndex(where: { $0.hasPrefix(start) }) else { return nil }
      var next: String?
      var run: String?
      for line in lines[(index + 1)...] {
        if line.hasPrefix("  Next: ") {
          next = String(line.dropFirst("  Next: ".count))
        } else if line.hasPrefix("  Run: ") {
          run = String(line.dropFirst("  Run: ".count))
        } else {
          break
        }
      }
      return (lines[index], next, run)
    }

    /// The Run line under the verdict starting so; fails the test when there is none.
    func command(_ start: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
      let found = try #require(finding(start), "no finding starts \(start):\n\(text)", sourceLocation: sourceLocation)
      #expect(found.next != nil, "no Next line under \(start)", sourceLocation: sourceLocation)
      return try #require(found.run, "no Run line under \(start):\n\(text)", sourceLocation: sourceLocation)
    }

    /// Whether the finding starting so is there with a step to take.
    func hasStep(_ start: String) -> Bool { finding(start).map { $0.next != nil || $0.run != nil } ?? false }
  }

  // MARK: Speech

  /// The speech-dispatcher running for the scratch home: the process named so whose environment has the
  /// scratch runtime directory (`-d` forks, so its pid file may name the parent that has exited).
  static func daemonPid(_ scratch: Scratch) -> pid_t? {
    let runtime = "XDG_RUNTIME_DIR=" + scratch.home.child("run")
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.compactMap(pid_t.init).first { pid in
      let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
      guard name.hasPrefix("speech-dispatch") else { return false }
      let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data()
      return environment.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == runtime }
    }
  }

  static func isRunning(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 }

  /// Waits, at most 10 s, until the scratch daemon has written its pid file and made its socket: `-d` returns
  /// before either, and a loaded machine can take a while.
  static func waitUntilUp(_ scratch: Scratch) -> Bool {
    let directory = scratch.home.child("run/speech-dispatcher")
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      if FileManager.default.fileExists(atPath: directory + "/pid/speech-dispatcher.pid"),
        FileManager.default.fileExists(atPath: directory + "/speechd.sock")
      {
        return true
      }
      usleep(10_000)
    }
    return false
  }

  /// A scratch home whose `~/.config/speech-dispatcher` is the recorder (no audio, speech into a file) with
  /// `Timeout 1`: a daemon that honours it stops one second after its last client leaves.
  static func speechScratch(_ config: String? = nil) throws -> Scratch {
    let scratch = try Scratch()
    try PrivateSpeechDispatcher.writeRecorderConfiguration(
      in: scratch.home.child(".config/speech-dispatcher"), base: scratch.home.child("speech"), more: "Timeout 1\n")
    if let config {
      try FileManager.default.createDirectory(
        atPath: scratch.home.child(".config/passcode"), withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      try scratch.home.write(config, to: ".config/passcode/config", mode: 0o600)
    }
    return scratch
  }

  static let socketUnitInstalled = ["/usr/lib/systemd/user", "/lib/systemd/user", "/etc/systemd/user"].contains {
    FileManager.default.fileExists(atPath: $0 + "/speech-dispatcher.socket")
  }

  @Test(
    "speech: the start command keeps speech-dispatcher running after doctor leaves, past its Timeout; auto speaks",
    .enabled(if: !socketUnitInstalled, "this system has speech-dispatcher's user socket unit: see the next test"),
    arguments: [nil, "speech = on\n"])
  func speechStartsAndStays(config: String?) throws {
    let scratch = try Self.speechScratch(config)
    let before = try scratch.doctor()
    let command = try before.command("Speech: ")
    #expect(command == "speech-dispatcher -d -t 0")
    #expect(!before.text.contains("speech-dispatcher -d)"), "the old advice, -d alone, is still there")
    #expect(try scratch.shell(command) == 0)
    let pid = try #require(Self.daemonPid(scratch), "no daemon after: \(command)")
    defer { kill(pid, SIGTERM) }

    let after = try scratch.doctor()
    #expect(!after.hasStep("Speech: "), "\(after.text)")
    #expect(after.text.contains("speech-dispatcher: answering"), "\(after.text)")
    // Doctor has left: with its configured Timeout 1 the daemon would stop a second later; -t 0 keeps it.
    // Three seconds are waited for (three times the Timeout); the next test shows the same wait catching
    // `speech-dispatcher -d` alone.
    let end = ContinuousClock.now + .seconds(3)
    while ContinuousClock.now < end, Self.isRunning(pid) { Thread.sleep(forTimeInterval: 0.1) }
    #expect(Self.isRunning(pid), "speech-dispatcher stopped after its last client left")
    let later = try scratch.doctor()
    #expect(!later.hasStep("Speech: "), "\(later.text)")
    #expect(try scratch.shell("spd-say -w 'speech still works'") == 0)
    let spoken = (try? String(contentsOfFile: scratch.home.child("speech/spoken.txt"), encoding: .utf8)) ?? ""
    #expect(spoken.contains("speech still works"), "spoken: \(spoken)")
  }

  @Test(
    "speech: the old advice, speech-dispatcher -d alone, stops after its last client leaves (the check can fail)",
    .enabled(if: !socketUnitInstalled, "this system has speech-dispatcher's user socket unit"))
  func daemonAloneStops() throws {
    let scratch = try Self.speechScratch()
    #expect(try scratch.shell("speech-dispatcher -d") == 0)
    let pid = try #require(Self.daemonPid(scratch))
    defer { kill(pid, SIGTERM) }
    let found = try scratch.doctor()
    #expect(!found.hasStep("Speech: "), "\(found.text)")
    let end = ContinuousClock.now + .seconds(15)
    while ContinuousClock.now < end, Self.isRunning(pid) { Thread.sleep(forTimeInterval: 0.1) }
    #expect(!Self.isRunning(pid), "speech-dispatcher -d alone kept running")
  }

  @Test(
    "speech: a daemon that takes connections and never answers: the Run line restarts it, where 'start' would fail",
    .enabled(if: !socketUnitInstalled, "this system has speech-dispatcher's user socket unit"))
  func hungDaemonRestarts() throws {
    let scratch = try Self.speechScratch()
    // Answered once, it is up: its pid file, which doctor's step names, is written ('-d' returns before that).
    #expect(try scratch.shell("speech-dispatcher -d -t 0 && spd-say -w 'up'") == 0)
    let hung = try #require(Self.daemonPid(scratch))
    defer { kill(hung, SIGKILL) }
    // Stopped, it is there and its socket still takes connections (the kernel queues them), but it never
    // answers: the daemon that hung in the middle of 'passcode set'.
    #expect(kill(hung, SIGSTOP) == 0)
    let before = try scratch.doctor()
    #expect(!before.text.contains("Start speech-dispatcher"), "\(before.text)")
    #expect(!before.hasStep("Speech: "), "\(before.text)")
    let command = try before.command("speech-dispatcher: running at ")
    #expect(command == "kill -s KILL \(hung); sleep 1; speech-dispatcher -d -t 0", "\(before.text)")
    // The step it gave before goes in a circle: "Speech Dispatcher already running." (exit 1).
    #expect(try scratch.shell("speech-dispatcher -d -t 0") == 1)
    #expect(try scratch.shell(command) == 0)
    let restarted = try #require(Self.daemonPid(scratch), "no daemon after: \(command)")
    defer { kill(restarted, SIGTERM) }
    #expect(restarted != hung)
    let after = try scratch.doctor()
    #expect(!after.hasStep("Speech: ") && !after.hasStep("speech-dispatcher: "), "\(after.text)")
    #expect(after.text.contains("speech-dispatcher: answering at "), "\(after.text)")
    #expect(try scratch.shell("spd-say -w 'speech works again'") == 0)
    let spoken = (try? String(contentsOfFile: scratch.home.child("speech/spoken.txt"), encoding: .utf8)) ?? ""
    #expect(spoken.contains("speech works again"), "spoken: \(spoken)")
  }

  static let soundCheck = "aplay /usr/share/sounds/alsa/Front_Center.wav"
  static let canPlayThroughAlsa =
    FileManager.default.isExecutableFile(atPath: "/usr/lib/speech-dispatcher-modules/sd_espeak-ng")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/aplay")
    && FileManager.default.fileExists(atPath: "/usr/share/sounds/alsa/Front_Center.wav")

  @Test(
    "speech: a daemon that answers but cannot play: the Run line checks the sound card, then restarts it",
    .enabled(if: !socketUnitInstalled, "this system has speech-dispatcher's user socket unit"),
    .enabled(if: canPlayThroughAlsa, "needs speech-dispatcher-espeak-ng, alsa-utils and its test sounds"))
  func daemonCannotPlay() throws {
    let scratch = try Scratch()
    // A real speech-dispatcher and synthesizer (espeak-ng), playing through ALSA, whose default device is a
    // sound card that is not there: a machine whose audio does not work.
    try FileManager.default.createDirectory(
      atPath: scratch.home.child(".config/speech-dispatcher"), withIntermediateDirectories: true)
    try scratch.home.write(
      """
      AudioOutputMethod "alsa"
      AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
      DefaultModule espeak-ng

      """, to: ".config/speech-dispatcher/speechd.conf", mode: 0o600)
    try scratch.home.write("pcm.!default { type hw; card \"NoSuchCard\" }\n", to: ".asoundrc", mode: 0o600)
    #expect(try scratch.shell("speech-dispatcher -d -t 0") == 0)
    // It cannot finish speaking, so 'spd-say -w' would never return: its pid file and socket say it is up.
    #expect(Self.waitUntilUp(scratch), "the daemon never wrote its pid file and socket")
    let silent = try #require(Self.daemonPid(scratch))
    defer { kill(silent, SIGKILL) }
    let before = try scratch.doctor()
    let finding = try #require(before.finding("speech-dispatcher: answering at "), "\(before.text)")
    #expect(finding.verdict.contains("output module espeak-ng, but it cannot play"), "\(before.text)")
    let log = scratch.home.child("run/speech-dispatcher/log/speech-dispatcher.log")
    #expect(finding.next?.contains("speech-dispatcher's log, \(log), says what failed") == true, "\(before.text)")
    let command = try before.command("speech-dispatcher: answering at ")
    #expect(
      command == "\(Self.soundCheck) && { kill -s KILL \(silent); sleep 1; speech-dispatcher -d -t 0; }",
      "\(before.text)")
    #expect(!before.hasStep("Speech: "), "\(before.text)")
    // Followed while the sound card is broken: the short sound fails and says why; the daemon is left alone.
    #expect(try scratch.shell(command) != 0)
    let said = (try? String(contentsOfFile: scratch.home.child("shell.log"), encoding: .utf8)) ?? ""
    #expect(said.contains("audio open error"), "\(said)")
    #expect(Self.isRunning(silent))
    // The sound fixed (ALSA's default is now a device that takes sound: a null one stands in for a working
    // card), the same line plays the sound and restarts the daemon, which then plays.
    try scratch.home.write("pcm.!default { type null }\n", to: ".asoundrc", mode: 0o600)
    #expect(try scratch.shell(command) == 0)
    let restarted = try #require(Self.daemonPid(scratch), "no daemon after: \(command)")
    defer { kill(restarted, SIGTERM) }
    #expect(restarted != silent)
    let after = try scratch.doctor()
    #expect(!after.hasStep("speech-dispatcher: "), "\(after.text)")
    #expect(after.text.contains("output module espeak-ng; it finished a short test."), "\(after.text)")
  }

  @Test(
    "speech: where the user socket unit is installed, systemctl --user enable --now makes the finding go",
    .disabled(
      """
      needs speech-dispatcher's systemd user socket unit (Debian 12's 0.11.4 ships none, only the system unit \
      speech-dispatcherd.service) and a user manager (none for root in this container: systemctl --user says \
      'Failed to connect to bus'); SpeechSectionTests check the command it prints
      """))
  func speechSocketUnit() throws {
    let scratch = try Scratch()
    let command = try scratch.doctor().command("Speech: ")
    #expect(command == "systemctl --user enable --now speech-dispatcher.socket")
    #expect(try scratch.shell(command) == 0)
    #expect(!(try scratch.doctor()).hasStep("Speech: "))
  }

  // MARK: Session and profile

  @Test("remote session: no step to take; a line per announcement and no shake are the default, not a problem")
  func remoteSession() throws {
    let scratch = try Scratch(["SSH_CONNECTION": "192.0.2.1 50000 192.0.2.2 22"])
    let report = try scratch.doctor()
    #expect(!report.hasStep("Session: remote"), "\(report.text)")
    #expect(!report.hasStep("Profile: "), "\(report.text)")
    #expect(
      report.text.contains(
        "Profile: screen-reader (each announcement a new line of words), because this is a remote session"),
      "\(report.text)")
    #expect(report.text.contains("reduce-motion yes (a remote session)"), "\(report.text)")
  }

  @Test("profile: the screen-reader line, added as printed, makes a config file doctor and check accept")
  func profileLine() throws {
    let scratch = try Scratch()
    let command = try scratch.doctor().command("Profile: ")
    #expect(try scratch.shell(command) == 0)
    let after = try scratch.doctor()
    #expect(!after.hasStep("Profile: "), "\(after.text)")
    #expect(
      after.text.contains("Config file: \(scratch.home.path)/.config/passcode/config, no other user can change it."))
    #expect(after.status == .exited(0), "\(after.text)")
  }

  // MARK: Terminal

  @Test("terminal: --tty /dev/null is reported, as check refuses it (69); a real terminal answers it")
  func terminalThatIsNoTerminal() throws {
    let scratch = try Scratch()
    let before = try scratch.doctor(["--tty", "/dev/null"])
    #expect(before.status == .exited(78))
    let finding = try #require(before.finding("Terminal: "))
    #expect(finding.verdict.hasPrefix("Terminal: a prompt cannot ask on /dev/null"), "\(before.text)")
    #expect(finding.next == "Run passcode from a terminal, or give one with --tty.")
    #expect(!before.text.contains("Result: nothing found"))
    try Self.setPasscode(scratch)
    #expect(try scratch.onTerminal(PasscodeBinary.path, ["check", "--tty", "/dev/null"]).status == .exited(69))
    // Followed: give it a terminal (its own, a pseudo-terminal).
    let after = try scratch.doctor(["--tty", "/dev/tty"])
    #expect(!after.hasStep("Terminal: "), "\(after.text)")
    #expect(after.status == .exited(0), "\(after.text)")
  }

  @Test("terminal: piped to a pager (passcode doctor | cat), the profile is the terminal's that prompts use")
  func pipedToPager() throws {
    let scratch = try Scratch()
    let direct = try scratch.doctor()
    // As a person types it on the terminal: standard output is a pipe, /dev/tty is still the terminal.
    let piped = try scratch.onTerminal("/bin/sh", ["-c", "\"$0\" doctor | cat", PasscodeBinary.path])
    let visual = "Profile: visual (one status line redrawn in place), because the terminal takes escape codes."
    #expect(direct.finding("Profile: ")?.verdict == visual, "\(direct.text)")
    #expect(piped.finding("Profile: ")?.verdict == visual, "\(piped.text)")
    #expect(!piped.text.contains("dumb or a file"), "\(piped.text)")
    #expect(piped.finding("Terminal: ")?.verdict == "Terminal: /dev/tty opens; TERM xterm, colour on.", "\(piped.text)")
  }

  // MARK: Store and config file

  @Test("store: loose permissions are named once, and the chmod under Run makes them private")
  func loosePermissions() throws {
    let scratch = try Scratch()
    let directory = scratch.home.child(".local/share/passcode")
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    let before = try scratch.doctor()
    let command = try before.command("Store directory: ")
    #expect(command == "chmod 700 \(directory)")
    #expect(before.text.components(separatedBy: "chmod").count == 2, "chmod printed more than once:\n\(before.text)")
    #expect(try scratch.shell(command) == 0)
    let after = try scratch.doctor()
    #expect(after.text.contains("Store directory: \(directory), yours and private."), "\(after.text)")
  }

  @Test("config file: a bad line is named; removing it, as the Next line says, clears it")
  func badConfigLine() throws {
    let scratch = try Scratch()
    try FileManager.default.createDirectory(
      atPath: scratch.home.child(".config/passcode"), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try scratch.home.write("speech = loud\n", to: ".config/passcode/config", mode: 0o600)
    let before = try scratch.doctor()
    let finding = try #require(before.finding("Config file: \(scratch.home.path)/.config/passcode/config, line 1"))
    #expect(finding.next?.hasPrefix("Fix that line") == true)
    try scratch.home.write("\n", to: ".config/passcode/config", mode: 0o600)
    let after = try scratch.doctor()
    #expect(after.finding("Config file: \(scratch.home.path)/.config/passcode/config, line 1") == nil)
  }

  @Test("store: with no HOME, setting HOME, as the Next line says, finds the store")
  func noHome() throws {
    let scratch = try Scratch()
    scratch.environment["HOME"] = nil
    let before = try scratch.doctor()
    #expect(try #require(before.finding("Store: ")).next == "Set HOME, or use --store DIR or PASSCODE_HOME.")
    scratch.environment["HOME"] = scratch.home.path
    #expect(try scratch.doctor().finding("Store: ") == nil)
  }

  /// Runs `passcode set` on a terminal, typing a code twice, as a person would.
  static func setPasscode(_ scratch: Scratch) throws {
    let set = try PasscodeRun(
      executable: "/usr/bin/env",
      arguments: scratch.environmentArguments + [PasscodeBinary.path, "set", "--speech", "off"],
      store: scratch.home)
    try set.enter("493817", after: "New Passcode")
    try set.enter("493817", after: "Enter the same passcode again")
    #expect(try set.finish() == .exited(0))
  }

  @Test("passcode: not set; 'passcode set', typed on a terminal, sets it")
  func passcodeNotSet() throws {
    let scratch = try Scratch()
    let before = try scratch.doctor()
    #expect(try #require(before.finding("Passcode: not set")).next == "Choose one with 'passcode set'.")
    try Self.setPasscode(scratch)
    let after = try scratch.doctor()
    #expect(after.finding("Passcode: not set") == nil)
    #expect(after.text.contains("Passcode hash: "), "\(after.text)")
  }

  @Test(
    "store: a file owned by someone else is named; giving it back (chown), as the Next line says, clears it",
    .enabled(if: getuid() == 0, "only root can give a file to another user and back"))
  func wrongOwner() throws {
    let scratch = try Scratch()
    let directory = scratch.home.child(".local/share/passcode")
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try scratch.home.write("x\n", to: ".local/share/passcode/passcode.hash", mode: 0o600)
    #expect(chown(directory + "/passcode.hash", 65534, 65534) == 0)
    let before = try scratch.doctor()
    let next = try #require(before.finding("Passcode hash: ")?.next)
    #expect(next.contains("give it back to your user (chown)"), "\(next)")
    #expect(try scratch.shell("chown \(getuid()):\(getgid()) \(directory)/passcode.hash") == 0)
    let after = try scratch.doctor()
    #expect(after.finding("Passcode hash: ")?.verdict.contains("another user") != true, "\(after.text)")
  }

  // MARK: Pinentry

  @Test("pinentry link: the Run line makes ~/.local/bin/pinentry-passcode, which doctor then finds")
  func pinentryLink() throws {
    let scratch = try Scratch()
    let command = try scratch.doctor().command("Pinentry link: no pinentry-passcode")
    #expect(!command.contains("ln -s \"$(command -v passcode)\""), "the recipe Docs/GnuPG.md dropped")
    #expect(try scratch.shell(command) == 0)
    let after = try scratch.doctor()
    #expect(after.text.contains("Pinentry link: \(scratch.home.path)/.local/bin/pinentry-passcode"), "\(after.text)")
    #expect(!after.hasStep("Pinentry link: "))
  }

  /// A scratch home with the link made and gpg-agent.conf holding `conf` (none when `nil`).
  static func pinentryScratch(_ conf: String?) throws -> (Scratch, String) {
    let scratch = try Scratch()
    scratch.environment["PATH"] = scratch.home.child(".local/bin") + ":" + (scratch.environment["PATH"] ?? "")
    let link = try PasscodeBinary.makePinentryLink(
      in: try {
        let bin = scratch.home.child(".local/bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        return bin
      }())
    if let conf {
      try FileManager.default.createDirectory(
        atPath: scratch.home.child("gnupg"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      try conf.write(toFile: scratch.home.child("gnupg/gpg-agent.conf"), atomically: true, encoding: .utf8)
    }
    return (scratch, link)
  }

  @Test(
    "gpg-agent: each pinentry-program finding's Run line names passcode and reloads the agent",
    arguments: [nil, "pinentry-program /nowhere/pinentry-passcode\n", "# other\npinentry-program /bin/true\n"])
  func pinentryProgram(conf: String?) throws {
    let (scratch, link) = try Self.pinentryScratch(conf)
    let command = try scratch.doctor().command("gpg-agent: ")
    #expect(try scratch.shell(command) == 0, "\(command)")
    let after = try scratch.doctor()
    #expect(after.text.contains("gpg-agent: pinentry-program \(link) is passcode."), "\(after.text)")
    #expect(!after.hasStep("gpg-agent: "))
  }

  @Test(
    "GPG_TTY: the Run line, pasted in the shell, sets it there and in the start-up file; a new shell has it",
    arguments: [("/bin/bash", ".bashrc"), ("/bin/sh", ".profile")])
  func gpgTerminalVariable(shell: String, startUpFile: String) throws {
    let scratch = try Scratch(["SHELL": shell])
    scratch.environment["GPG_TTY"] = nil
    let before = try scratch.doctor()
    let command = try before.command("GPG_TTY: not set")
    let next = try #require(before.finding("GPG_TTY: not set")?.next)
    #expect(next.contains("~/\(startUpFile)"), "\(next)")
    #expect(next.contains("new shell"), "a start-up file takes effect only in a new shell; it must say so: \(next)")
    // Pasted in the shell doctor ran in, then doctor again in that same shell.
    let same = try scratch.onTerminal(shell, ["-c", command + "\npasscode doctor"])
    #expect(same.finding("GPG_TTY: not set") == nil, "\(same.text)")
    #expect(same.text.contains("GPG_TTY: /dev/pts/"), "\(same.text)")
    // A new shell reads the start-up file: interactive bash reads ~/.bashrc, a login sh ~/.profile.
    // (/etc/profile sets its own PATH, so the binary is named by its path.)
    let newShell = try scratch.onTerminal(
      shell, (shell.hasSuffix("bash") ? ["-i"] : ["-l"]) + ["-c", "exec \"$0\" doctor", PasscodeBinary.path])
    #expect(newShell.finding("GPG_TTY: not set") == nil, "\(newShell.text)")
    #expect(newShell.text.contains("GPG_TTY: /dev/pts/"), "\(newShell.text)")
    // Followed twice, the start-up file still has the line once.
    #expect(try scratch.shell(command) == 0)
    let file = try String(contentsOfFile: scratch.home.child(startUpFile), encoding: .utf8)
    #expect(file.components(separatedBy: "GPG_TTY").count == 2, "\(file)")
  }

  // MARK: Not followed here

  @Test(
    "Speakup key echo: its Run line turns it off",
    .disabled("needs the speakup kernel module (/sys/accessibility/speakup), which this machine has not loaded"))
  func speakupKeyEcho() throws {
    let scratch = try Scratch()
    let command = try scratch.doctor().command("Speakup key echo: on")
    #expect(try scratch.shell(command) == 0)
    #expect(!(try scratch.doctor()).hasStep("Speakup key echo: "))
  }
}
