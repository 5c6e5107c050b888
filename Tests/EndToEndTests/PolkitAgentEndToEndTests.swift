import Foundation
import PasscodeTestSupport
import Testing

/// What the polkit tests need: root (to make the scratch user and the rule), Debian's pkexec and polkitd, and the
/// system bus, which the suite starts when none runs (as CI's fresh machine has none).
private enum PolkitLab {
  static let user = "passcode-polkit-test"
  static let password = "Quokka right 42"
  static let rulePath = "/etc/polkit-1/rules.d/49-passcode-polkit-test.rules"
  /// polkit's PAM service, which Debian does not ship (PAM then uses `other`): the lab makes one that says a
  /// message before the password (`pam_echo`), and removes it, only when there is none.
  static let pamServicePath = "/etc/pam.d/polkit-1"
  static let pamMessage = "PAM says: the password of your account"

  static var isAvailable: Bool {
    getuid() == 0
      && ["/usr/bin/pkexec", "/usr/sbin/runuser", "/usr/sbin/useradd", "/usr/bin/dbus-daemon", "/usr/bin/dbus-send"]
        .allSatisfy {
          FileManager.default.isExecutableFile(atPath: $0)
        }
      && ["/usr/lib/polkit-1/polkitd", "/usr/libexec/polkitd"].contains {
        FileManager.default.isExecutableFile(atPath: $0)
      }
  }

  /// Makes the scratch user with a known password, and a rule that lets it run pkexec after authenticating as
  /// itself (`AUTH_SELF`), or with `administrators`, as an administrator (`AUTH_ADMIN`), the scratch user and root
  /// being the two; starts the system bus when none answers (``LabSystemBus``). polkitd is started by the bus when
  /// first asked, and reads the rule at start or when the rules directory changes.
  static func prepare(administrators: Bool = false) throws {
    let administratorRule = """
      polkit.addAdminRule(function(action, subject) {
        if (subject.user == "\(user)") { return ["unix-user:\(user)", "unix-user:root"]; }
        return null;
      });

      """
    let rule =
      (administrators ? administratorRule : "") + """
        polkit.addRule(function(action, subject) {
          if (action.id == "org.freedesktop.policykit.exec" && subject.user == "\(user)") {
            return polkit.Result.\(administrators ? "AUTH_ADMIN" : "AUTH_SELF");
          }
        });
        """
    let hadPolkitd = polkitdRuns
    try rule.write(toFile: rulePath, atomically: true, encoding: .utf8)
    if !FileManager.default.fileExists(atPath: pamServicePath) {
      try "auth optional pam_echo.so \(pamMessage)\n@include common-auth\n@include common-account\n".write(
        toFile: pamServicePath, atomically: true, encoding: .utf8)
      madePAMService = true
    }
    let script =
      "id -u \"$1\" >/dev/null 2>&1 || useradd -M -s /bin/sh \"$1\"; printf '%s:%s\\n' \"$1\" \"$2\" | chpasswd"
    let status = try SpawnedProcess.run(
      executable: "/bin/sh", arguments: ["-c", script, "sh", user, password], timeout: .seconds(30))
    try #require(status == 0, "the scratch user was not made")
    try LabSystemBus.startUnlessOneAnswers()
    // A polkitd already running reloads its rules when the directory changes, a moment after the write.
    if hadPolkitd { Thread.sleep(forTimeInterval: 2) }
  }

  private static var polkitdRuns: Bool {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.contains { entry in
      guard Int(entry) != nil,
        let command = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8)
      else { return false }
      return command.hasPrefix("polkitd")
    } ?? false
  }

  /// Whether ``prepare(administrators:)`` made polkit's PAM service, which ``clean()`` then removes.
  nonisolated(unsafe) private static var madePAMService = false
  /// Whether this run's PAM service is the lab's own, whose message the tests wait for.
  static var madeOwnPAMService: Bool { madePAMService }

  /// Removes the rule, the PAM service the lab made and the user, whose password is known, and stops the bus the
  /// lab started.
  static func clean() {
    try? FileManager.default.removeItem(atPath: rulePath)
    if madePAMService { try? FileManager.default.removeItem(atPath: pamServicePath) }
    madePAMService = false
    _ = try? SpawnedProcess.run(executable: "/usr/sbin/userdel", arguments: [user], timeout: .seconds(30))
    LabSystemBus.stopIfStarted()
  }
}

/// The system bus the polkit tests need: the machine's own when one answers (a blind contributor's machine runs
/// one), else one the lab starts and stops again, leaving neither its pid file nor its socket behind.
private enum LabSystemBus {
  static let socketPath = "/run/dbus/system_bus_socket"
  static let pidPath = "/run/dbus/pid"

  /// The bus the lab started, which ``stopIfStarted()`` ends.
  nonisolated(unsafe) private static var startedPID: Int32?

  static var answers: Bool {
    FileManager.default.fileExists(atPath: socketPath)
      && (try? SpawnedProcess.run(
        executable: "/usr/bin/dbus-send",
        arguments: ["--system", "--print-reply", "--dest=org.freedesktop.DBus", "/", "org.freedesktop.DBus.GetId"]))
        == 0
  }

  /// Starts `dbus-daemon --system` unless a bus answers. A bus that ended without its clean-up (every process of a
  /// session ends when it stops) leaves its pid file, with which dbus-daemon refuses to start: such a file, naming
  /// no running dbus-daemon, is removed first.
  static func startUnlessOneAnswers() throws {
    if answers { return }
    if let pid = recordedPID, commandName(of: pid) != "dbus-daemon" {
      try? FileManager.default.removeItem(atPath: pidPath)
    }
    try? FileManager.default.removeItem(atPath: socketPath)
    try FileManager.default.createDirectory(atPath: "/run/dbus", withIntermediateDirectories: true)
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("passcode-system-bus-\(getpid()).log").path
    defer { try? FileManager.default.removeItem(atPath: log) }
    let status = try SpawnedProcess.run(
      executable: "/usr/bin/dbus-daemon", arguments: ["--system", "--fork"], outputPath: log, timeout: .seconds(30))
    let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    try #require(status == 0 && answers, "dbus-daemon --system did not start: \(output)")
    startedPID = recordedPID
  }

  /// Ends the bus ``startUnlessOneAnswers()`` started (polkitd, which it started, leaves with it), and removes
  /// its pid file and socket.
  static func stopIfStarted() {
    guard let pid = startedPID else { return }
    startedPID = nil
    kill(pid, SIGTERM)
    for _ in 0..<500 where commandName(of: pid) == "dbus-daemon" { Thread.sleep(forTimeInterval: 0.01) }
    if commandName(of: pid) == "dbus-daemon" { kill(pid, SIGKILL) }
    for path in [pidPath, socketPath] { try? FileManager.default.removeItem(atPath: path) }
  }

  private static var recordedPID: Int32? {
    (try? String(contentsOfFile: pidPath, encoding: .utf8)).flatMap {
      Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  private static func commandName(of pid: Int32) -> String? {
    (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
  }
}

/// `passcode polkit-agent` answering the real pkexec, through the real polkitd on a system bus and polkit's own
/// helper with PAM, for a scratch user, in a pseudo-terminal with a private speech-dispatcher. Detection is
/// pinned (no reader running).
@Suite(
  "passcode polkit-agent answering the real pkexec through polkitd", .serialized,
  .enabled(if: PolkitLab.isAvailable, "needs root, pkexec, polkitd, dbus-daemon, runuser and useradd"))
struct PolkitAgentEndToEndTests {
  /// One test's lab: the scratch user and its rule, and a private speech-dispatcher the user can reach; all removed
  /// when released.
  private final class Run {
    let daemon: PrivateSpeechDispatcher

    init(administrators: Bool = false) throws {
      try PolkitLab.prepare(administrators: administrators)
      daemon = try PrivateSpeechDispatcher()
      // The agent runs as the user: it must reach the daemon's socket.
      for path in [daemon.base, daemon.base + "/run"] { chmod(path, 0o755) }
      chmod(daemon.socketPath, 0o777)
    }

    deinit {
      daemon.stop()
      PolkitLab.clean()
    }

    /// A session whose shell, as root, runs `userCommand` as the scratch user with speech on at the daemon, and
    /// `then` after it.
    func session(asUser userCommand: String, then: String = "", environment: [String: String] = [:]) throws
      -> DemoSession
    {
      try DemoSession(
        [],
        environment: [
          "PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "SPEECHD_ADDRESS": daemon.address, "TERM": "dumb",
        ].merging(environment) { _, given in given },
        shell: "before=$(stty -g); runuser -u \(PolkitLab.user) -- env PASSCODE_SPEECH=on "
          + "SPEECHD_ADDRESS=\"$SPEECHD_ADDRESS\" \(userCommand); \(then)")
    }

    /// A session in which the scratch user runs `passcode polkit-agent ARGUMENTS -- pkexec /bin/echo ran as root`,
    /// with the terminal's settings compared after it with those before, and what the shell could read after it.
    func pkexecSession(agentArguments: String = "") throws -> DemoSession {
      try session(
        asUser: "\"$0\" polkit-agent \(agentArguments) -- pkexec /bin/echo ran as root",
        then: "echo \"agent said $?\"; [ \"$(stty -g)\" = \"$before\" ] && echo 'settings as before'; "
          // Whatever the terminal still holds, a line or not, within half a second.
          + "stty -icanon min 0 time 5; left=$(dd bs=256 count=1 2>/dev/null); stty \"$before\"; "
          + "echo \"the shell read [$left]\"")
    }
  }

  @Test(
    "pkexec: the action and the user are said, a wrong password is said with its try, the right one runs the action"
  )
  func wrongThenRight() throws {
    let run = try Run()
    let session = try run.pkexecSession()
    try session.waitFor("Authentication is needed to run")
    try session.waitFor("Authenticating as \(PolkitLab.user)")
    // PAM's message comes with its question, after the action and who is asked.
    if PolkitLab.madeOwnPAMService { try session.waitFor(PolkitLab.pamMessage) }
    try session.waitFor("Password")
    try session.typeCounting("zebra")
    try session.type("\r")
    try session.waitFor("Checking")
    try session.waitFor("Wrong password. Try 2", timeout: .seconds(20))
    try session.typeCounting(PolkitLab.password)
    try session.type("\r")
    try session.waitFor("ran as root", timeout: .seconds(20))
    try session.waitFor("agent said 0")
    try session.waitFor("settings as before")
    try session.waitFor("the shell read []")
    #expect(try session.finish() == .exited(0))
    #expect(!session.text.contains("zebra") && !session.text.contains("Quokka"), "the terminal showed a password")
    let texts = run.daemon.waitForRequests(text: "Checking", count: 2).map(\.text)
    #expect(texts.contains { $0.contains("Authentication is needed to run") }, "spoken: \(texts)")
    #expect(texts.contains { $0.contains("Authenticating as \(PolkitLab.user)") }, "spoken: \(texts)")
    #expect(texts.contains { $0.contains("Wrong password. Try 2") }, "spoken: \(texts)")
    if PolkitLab.madeOwnPAMService {
      #expect(texts.contains { $0.contains(PolkitLab.pamMessage) }, "PAM's message was not said: \(texts)")
    }
    for count in ["5 characters entered", "15 characters entered"] {
      #expect(texts.contains(count), "not spoken: \(count); spoken: \(texts)")
    }
    #expect(!texts.contains { $0.contains("zebra") || $0.contains("Quokka") || $0.hasSuffix(":") })
  }

  @Test("started as systemd starts pkttyagent (--notify-fd): registered for its parent, whose pkexec it answers")
  func startedAsSystemdStartsPkttyagent() throws {
    let run = try Run()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("passcode-polkit-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    chmod(directory, 0o777)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // The user's shell starts the agent in the background with descriptor 3 on a pipe, waits for it to close (the
    // agent is registered), runs pkexec, then ends the agent as systemctl does. (systemctl also passes --fallback,
    // which polkitd 122 honours only for a process in a logind session; this machine has none.)
    let userScript =
      "mkfifo \"$DIR/registered\"; \"$0\" polkit-agent --notify-fd 3 3>\"$DIR/registered\" & agent=$!; "
      + "cat \"$DIR/registered\"; echo registered; pkexec /bin/echo ran as root; echo \"pkexec said $?\"; "
      + "kill $agent; wait $agent; echo \"agent ended $?\""
    let session = try run.session(
      asUser: "DIR=\"$DIR\" sh -c '\(userScript)' \"$0\"", environment: ["DIR": directory])
    try session.waitFor("registered")
    try session.waitFor("Authenticating as \(PolkitLab.user)")
    try session.waitFor("Password")
    try session.typeCounting(PolkitLab.password)
    try session.type("\r")
    try session.waitFor("ran as root", timeout: .seconds(20))
    try session.waitFor("pkexec said 0")
    // SIGTERM ends it between authentications, as it ends pkttyagent.
    try session.waitFor("agent ended 143")
    #expect(try session.finish() == .exited(0))
    #expect(!session.text.contains("Quokka"), "the terminal showed a password")
  }

  @Test("Ctrl-C while its command runs is the command's: the agent stays, and exits with the command's status")
  func interruptIsTheCommands() throws {
    let run = try Run()
    // The command ignores SIGINT and sends it to its whole process group, the agent's, as Ctrl-C does.
    let session = try run.session(
      asUser: "\"$0\" polkit-agent sh -c 'trap \"\" INT; kill -INT 0; echo interrupted; exit 7'",
      then: "echo \"agent said $?\"")
    try session.waitFor("interrupted")
    try session.waitFor("agent said 7")
    #expect(try session.finish() == .exited(0))
  }

  @Test("several administrators: the list is said and shown, a key not on it is refused, a number picks the user")
  func administratorsList() throws {
    let run = try Run(administrators: true)
    let session = try run.pkexecSession()
    try session.waitFor("Authenticate as which user? Type the number.")
    try session.waitFor("1 \(PolkitLab.user)")
    try session.waitFor("2 root")
    try session.type("7")
    try session.waitFor("Only the digits 1 to 2")
    // A refused key holds the entry back until it is cleared, as in every entry.
    try session.type("\u{15}")
    try session.waitFor("Cleared")
    try session.type("1")
    try session.waitFor("Authenticating as \(PolkitLab.user)")
    try session.waitFor("Password")
    try session.typeCounting(PolkitLab.password)
    try session.type("\r")
    try session.waitFor("ran as root", timeout: .seconds(20))
    try session.waitFor("agent said 0")
    #expect(try session.finish() == .exited(0))
    let texts = run.daemon.waitForRequests(text: "Checking", count: 1).map(\.text)
    #expect(texts.contains { $0.contains("1 \(PolkitLab.user)") && $0.contains("2 root") }, "spoken: \(texts)")
  }

  @Test(
    "Esc, or --timeout with no key, cancels: pkexec is refused, the settings are as before, the shell reads no key",
    arguments: ["", "--timeout 2"])
  func cancelLeavesNothingForTheShell(agentArguments: String) throws {
    let run = try Run()
    let session = try run.pkexecSession(agentArguments: agentArguments)
    try session.waitFor("Password")
    try session.typeCounting("zeb")
    if agentArguments.isEmpty {
      try session.type("\u{1b}")
      try session.waitFor("Cancelled")
    } else {
      try session.waitFor("Time is up", timeout: .seconds(20))
    }
    let after = try session.waitFor("agent said", timeout: .seconds(20))
    #expect(!after.contains("ran as root"))
    try session.waitFor("settings as before")
    try session.waitFor("the shell read []")
    _ = try session.finish()
    #expect(!session.text.contains("zeb"), "the terminal showed what was typed")
  }
}
