import Foundation
import Glibc
import PasscodeTestSupport

/// The user the readers and the program run as. As root (CI) that is `nobody`, so a reader of the lab is never
/// "a running screen reader of the same user" for the other tests' `passcode` running at the same time. As any
/// other user, it is that user.
enum LabUser {
  static let isSeparate = getuid() == 0
  static let userID: uid_t = isSeparate ? 65534 : getuid()
  static let groupID: gid_t = isSeparate ? 65534 : getgid()

  /// The command that runs `program` as the lab user.
  static func command(_ program: String, _ arguments: [String]) -> (executable: String, arguments: [String]) {
    guard isSeparate else { return (program, arguments) }
    return (
      "/usr/bin/setpriv",
      ["--reuid=\(userID)", "--regid=\(groupID)", "--clear-groups", "--", program] + arguments
    )
  }

  /// Gives a file or directory to the lab user.
  static func own(_ path: String) {
    if isSeparate { _ = chown(path, userID, groupID) }
  }
}

/// A fresh directory under `/tmp` that the lab user owns; removed when released.
final class LabDirectory {
  let path: String

  init(prefix: String = "passcode-lab") throws {
    var template = Array("/tmp/\(prefix).XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw LabError.setUp("mkdtemp failed: errno \(errno)") }
    path = String(cString: made)
    chmod(path, 0o755)
    LabUser.own(path)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes a file the lab user owns.
  @discardableResult
  func write(_ name: String, _ text: String, mode: mode_t = 0o644) throws -> String {
    let file = path + "/" + name
    try text.write(toFile: file, atomically: false, encoding: .utf8)
    chmod(file, mode)
    LabUser.own(file)
    return file
  }

  /// Makes a subdirectory the lab user owns.
  func makeDirectory(_ name: String, mode: mode_t = 0o755) throws -> String {
    let directory = path + "/" + name
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    chmod(directory, mode)
    LabUser.own(directory)
    return directory
  }

  func read(_ name: String) -> String? {
    try? String(contentsOfFile: path + "/" + name, encoding: .utf8)
  }
}

/// Why the lab could not run a scenario.
enum LabError: Error, CustomStringConvertible {
  case setUp(String)
  case timedOut(String)

  var description: String {
    switch self {
    case let .setUp(text): "set-up failed: \(text)"
    case let .timedOut(text): "timed out: \(text)"
    }
  }
}

/// Which programs a reader's lab needs and whether they are installed.
enum LabTools {
  static let orcaPrograms = [
    "/usr/bin/orca", "/usr/bin/Xvfb", "/usr/bin/dbus-run-session", "/usr/bin/gsettings", "/usr/bin/gdbus",
    "/usr/bin/xfce4-terminal", "/usr/bin/xdotool", "/usr/bin/speech-dispatcher",
  ]
  static let fenrirPrograms = ["/usr/bin/fenrir", "/usr/bin/speech-dispatcher"]
  static let fenrirPythonModules = ["/usr/lib/python3/dist-packages/speechd", "/usr/lib/python3/dist-packages/enchant"]

  /// What is missing for a reader, by path; empty when it can run.
  static func missing(for reader: LabReader) -> [String] {
    let needed: [String]
    switch reader {
    case .orca: needed = orcaPrograms
    case .fenrir: needed = fenrirPrograms + fenrirPythonModules
    }
    let setpriv = LabUser.isSeparate ? ["/usr/bin/setpriv"] : []
    return (needed + setpriv).filter { !FileManager.default.fileExists(atPath: $0) }
  }

  /// The scenarios to run: every one, or with `PASSCODE_LAB_SCENARIO` set, those whose name contains it, so that
  /// one scenario can run on both readers (`CI=1 PASSCODE_LAB_SCENARIO='Time is up' swift test --filter Lab`).
  static func selected(_ scenarios: [LabScenario]) -> [LabScenario] {
    guard let wanted = ProcessInfo.processInfo.environment["PASSCODE_LAB_SCENARIO"], !wanted.isEmpty else {
      return scenarios
    }
    return scenarios.filter { $0.name.contains(wanted) }
  }

  /// Whether this run is in CI, where every reader must run.
  static var inContinuousIntegration: Bool {
    !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
  }

  /// Whether the lab for a reader is to run: when its programs are installed, and always in CI (where a missing
  /// program then fails the test).
  static func shouldRun(_ reader: LabReader) -> Bool {
    missing(for: reader).isEmpty || inContinuousIntegration
  }
}

/// A terminal a reader reads and the lab types into.
protocol LabTerminal: AnyObject {
  /// Presses keys.
  func press(_ keys: [LabKey]) throws
  /// Called while the lab waits, so the terminal can drain its output.
  func idle()
  /// The program's exit status, once it has ended.
  var exitStatus: Int32? { get }
}

/// What a reader spoke in one scenario.
struct LabOutcome {
  let phrases: [String]
  let utterances: [HeardSpeech.Utterance]
  let fromPasscode: [HeardSpeech.Utterance]
  let exitStatus: Int32?
}

/// Runs a scenario's steps against a terminal and collects what the reader spoke.
struct LabRun {
  let speech: PrivateSpeechDispatcher
  /// How many utterances the daemon had logged before the program started; later ones are the scenario's.
  let utterancesBefore: Int
  let clientProgram: String
  let ownWords: Set<String>
  let punctuationWords: [String: String]

  /// Starts listening.
  ///
  /// - Parameters:
  ///   - speech: The daemon the reader speaks through.
  ///   - clientProgram: The reader's program in its `CLIENT_NAME`.
  ///   - ownWords: What the reader says of itself and of the keys.
  ///   - punctuationWords: Words the reader says for punctuation.
  ///   - utterancesBefore: Where the scenario's utterances start in the daemon's log; by default, after those
  ///     logged now.
  init(
    speech: PrivateSpeechDispatcher, clientProgram: String, ownWords: Set<String>,
    punctuationWords: [String: String] = [:], utterancesBefore: Int? = nil
  ) {
    self.speech = speech
    self.punctuationWords = punctuationWords
    self.utterancesBefore = utterancesBefore ?? HeardSpeech(protocolLog: speech.protocolLog()).utterances.count
    self.clientProgram = clientProgram
    self.ownWords = ownWords
  }

  /// What was spoken since the program started (the whole log is read, so every client keeps its name).
  func heard() -> HeardSpeech {
    HeardSpeech(protocolLog: speech.protocolLog()).dropping(first: utterancesBefore)
  }

  func phrases() -> [String] {
    heard().phrases(ofClient: clientProgram, ignoring: ownWords, punctuationWords: punctuationWords)
  }

  /// Waits until the reader spoke the scenario's phrases through step `index` (`nil`: the opening), or the
  /// patience ran out.
  func waitUntilHeard(
    _ scenario: LabScenario, throughStep index: Int?, patience: Duration, terminal: LabTerminal
  ) {
    let end = ContinuousClock.now + patience
    while !scenario.hasHeard(throughStep: index, in: phrases()), ContinuousClock.now < end {
      terminal.idle()
      usleep(50_000)
    }
  }

  /// Whether the reader has spoken ``LabProgram/endMarker``.
  private func heardTheEnd() -> Bool {
    phrases().contains { $0.lowercased() == LabProgram.endMarker.lowercased() }
  }

  /// Presses each step's keys once the phrases before it were heard, waits for the program to end, then for the
  /// reader to speak the wrapper's end marker: readers speak a terminal's output in order, so by then they have
  /// said all the program wrote, and anything said twice or late is in the outcome.
  func perform(_ scenario: LabScenario, on terminal: LabTerminal) throws -> LabOutcome {
    waitUntilHeard(scenario, throughStep: nil, patience: .seconds(20), terminal: terminal)
    for (index, step) in scenario.steps.enumerated() {
      try terminal.press(step.keys)
      // A step with nothing to hear (quitting) goes on at once: the wait for the end follows.
      if !step.heard.isEmpty {
        waitUntilHeard(scenario, throughStep: index, patience: step.patience, terminal: terminal)
      }
    }
    let end = ContinuousClock.now + .seconds(20)
    while terminal.exitStatus == nil, ContinuousClock.now < end {
      terminal.idle()
      usleep(50_000)
    }
    let marker = ContinuousClock.now + .seconds(10)
    while !heardTheEnd(), ContinuousClock.now < marker {
      terminal.idle()
      usleep(50_000)
    }
    let heard = heard()
    let phrases = heard.phrases(ofClient: clientProgram, ignoring: ownWords, punctuationWords: punctuationWords)
    return LabOutcome(
      phrases: Array(phrases.prefix { $0.lowercased() != LabProgram.endMarker.lowercased() }),
      utterances: heard.utterances,
      fromPasscode: heard.fromPasscode, exitStatus: terminal.exitStatus)
  }
}

/// The `passcode` command line and its preparation, as a shell wrapper that records the exit status.
struct LabProgram {
  let directory: LabDirectory
  let commandLine: String

  /// Prepares a scenario: its store (with a passcode set, if asked) or its gpg-agent, and the command line.
  init(_ scenario: LabScenario, in directory: LabDirectory) throws {
    self.directory = directory
    // A copy the lab user can run even when the build folder is in a directory only root may enter (/root).
    let binary = directory.path + "/passcode"
    try FileManager.default.copyItem(atPath: PasscodeBinary.path, toPath: binary)
    chmod(binary, 0o755)
    var arguments = [binary] + scenario.arguments
    switch scenario.preparation {
    case .none:
      break
    case let .store(passcode):
      let store = try directory.makeDirectory("store", mode: 0o700)
      try directory.write("store/config", "lockout = 0,0,2,3\n", mode: 0o600)
      if let passcode { try Self.setPasscode(passcode, store: store, binary: binary) }
      arguments += ["--store", store]
    case .gnuPGAgent:
      commandLine = try Self.agentCommandLine(scenario.arguments, binary: binary, in: directory)
      return
    case .sudo:
      commandLine = try LabSudo.commandLine(scenario.arguments, binary: binary, in: directory)
      return
    }
    commandLine = arguments.map(Self.quoted).joined(separator: " ")
  }

  /// The words the wrapper writes after the program; the lab waits for the reader to speak them.
  static let endMarker = "End of the lab run"

  /// A shell script that waits for `gate` (a line on standard input) when asked, and for ``pinned()`` when asked,
  /// runs the program, writes its exit status to `status`, then ``endMarker``, and keeps the terminal open until
  /// ``release()`` (at most a minute), so the reader reads the end: Fenrir drops output that arrives together with
  /// end of file.
  func wrapper(waitsForReturn: Bool, waitsUntilPinned: Bool = false) throws -> String {
    let gate = waitsForReturn ? "read gate\n" : ""
    let pinned =
      waitsUntilPinned
      ? "i=0; while [ ! -e \(Self.quoted(directory.path + "/pinned")) ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done\n"
      : ""
    let script = """
      #!/bin/sh
      cd \(Self.quoted(directory.path))
      \(pinned)\(gate)\(commandLine)
      echo $? > \(Self.quoted(directory.path + "/status.tmp"))
      mv \(Self.quoted(directory.path + "/status.tmp")) \(Self.quoted(directory.path + "/status"))
      echo \(Self.quoted(Self.endMarker))
      i=0; while [ ! -e \(Self.quoted(directory.path + "/release")) ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done

      """
    return try directory.write("run.sh", script, mode: 0o755)
  }

  /// Lets the wrapper start the program: the reader it runs under is in the program's pinned detection tree.
  func pinned() {
    _ = try? directory.write("pinned", "")
  }

  /// Lets the wrapper end, closing the terminal.
  func release() {
    _ = try? directory.write("release", "")
  }

  /// The exit status the wrapper recorded.
  var exitStatus: Int32? {
    directory.read("status").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  /// A private gpg-agent whose pinentry is `pinentry-passcode` (a link to the binary), asked by
  /// `gpg-connect-agent` on the reader's terminal (`GPG_TTY=$(tty)`); its replies go to `replies`, and the agent
  /// is stopped afterwards. The exit status is `gpg-connect-agent`'s.
  private static func agentCommandLine(_ commands: [String], binary: String, in directory: LabDirectory) throws
    -> String
  {
    let home = try directory.makeDirectory("gnupg", mode: 0o700)
    let pinentry = home + "/pinentry-passcode"
    try FileManager.default.createSymbolicLink(atPath: pinentry, withDestinationPath: binary)
    try directory.write("gnupg/gpg-agent.conf", "pinentry-program \(pinentry)\n", mode: 0o600)
    let agent = ["env", "GNUPGHOME=\(home)", "LC_ALL=C"].map(quoted).joined(separator: " ")
    let request = (["gpg-connect-agent"] + commands + ["/bye"]).map(quoted).joined(separator: " ")
    // The agent is started first and the client's own chatter goes to a file: the reader would read it.
    let chatter = quoted(directory.path + "/agent-client.log")
    return """
      \(agent) gpgconf --launch gpg-agent 2>> \(chatter)
      GPG_TTY=$(tty) \(agent) \(request) > \(quoted(directory.path + "/replies")) 2>> \(chatter); status=$?
      \(agent) gpgconf --kill gpg-agent 2>> \(chatter); (exit $status)
      """
  }

  static func quoted(_ argument: String) -> String {
    "'" + argument.replacing("'", with: #"'\''"#) + "'"
  }

  /// Runs `passcode set` as the lab user on a pseudo-terminal of its own (no reader), typing the code twice.
  private static func setPasscode(_ passcode: String, store: String, binary: String) throws {
    let terminal = try PseudoTerminal()
    LabUser.own(terminal.slavePath)
    let command = LabUser.command(binary, ["set", "--store", store])
    let child = try ChildProcess(
      executablePath: command.executable, arguments: command.arguments,
      environment: ["PATH": "/usr/bin:/bin", "TERM": "dumb", "PASSCODE_SPEECH": "off", "HOME": store],
      terminal: terminal)
    terminal.closeSlave()
    _ = try terminal.readUntil("digits", timeout: .seconds(20))
    try terminal.write(passcode)
    _ = try terminal.readUntil("Enter the same passcode again", timeout: .seconds(20))
    try terminal.write(passcode)
    _ = try terminal.readUntil("Passcode set", timeout: .seconds(20))
    guard try child.waitForExit(timeout: .seconds(20)) == .exited(0) else {
      throw LabError.setUp("passcode set did not succeed")
    }
  }
}

/// The sudo scenario's set-up: a scratch user with a password, and a sudoers rule that lets the lab user run `true`
/// as that user after typing that user's password (`targetpw`, so the lab user's own account is left as it is),
/// with no lecture. Made again, the same, by each run; the user and the rule are removed when the test process
/// ends.
enum LabSudo {
  static let user = "passcode-sudo-lab"
  static let password = "ok"
  /// sudo's question as passcode shows it, without its colon, as each reader speaks it: Fenrir says nothing for
  /// the brackets (measured with Fenrir 1.9.5; Orca 43.1 reads them as written).
  static func question(readBy reader: LabReader) -> String {
    reader == .fenrir ? "sudo  password for \(user)" : "[sudo] password for \(user)"
  }

  /// Removes the user, whose password is known, and the rule, once, when the test process ends.
  private static let removalAtExit: Void = {
    atexit {
      try? FileManager.default.removeItem(atPath: "/etc/sudoers.d/passcode-sudo-lab")
      _ = try? SpawnedProcess.run(executable: "/usr/sbin/userdel", arguments: [LabSudo.user], timeout: .seconds(30))
    }
  }()

  /// `sudo -A -k -u USER COMMAND`, asked through a `passcode-askpass` link, with the lab user's own runtime
  /// directory, where the tries are counted.
  static func commandLine(_ command: [String], binary: String, in directory: LabDirectory) throws -> String {
    let script =
      "id -u \"$1\" >/dev/null 2>&1 || useradd -M -s /bin/sh \"$1\"; printf '%s:%s\\n' \"$1\" \"$2\" | chpasswd && "
      + "printf 'Defaults:%s targetpw, lecture=never\\n%s ALL=(%s) /bin/true, /usr/bin/true\\n' \"$3\" \"$3\" \"$1\" "
      + "> /etc/sudoers.d/passcode-sudo-lab && chmod 440 /etc/sudoers.d/passcode-sudo-lab"
    let labUser = String(cString: getpwuid(LabUser.userID).pointee.pw_name)
    let status = try SpawnedProcess.run(
      executable: "/bin/sh", arguments: ["-c", script, "sh", user, password, labUser], timeout: .seconds(30))
    guard status == 0 else {
      throw LabError.setUp("the sudo scenario's user and rule: exit \(String(describing: status))")
    }
    removalAtExit
    let askpass = directory.path + "/passcode-askpass"
    try FileManager.default.createSymbolicLink(atPath: askpass, withDestinationPath: binary)
    let runtime = try directory.makeDirectory("runtime", mode: 0o700)
    let environment = ["env", "SUDO_ASKPASS=\(askpass)", "XDG_RUNTIME_DIR=\(runtime)"]
    let words = environment + ["sudo", "-A", "-k", "-u", user] + command.map { $0 == "true" ? "/bin/true" : $0 }
    return words.map(LabProgram.quoted).joined(separator: " ")
  }
}
