import PasscodeCommandLine
import PasscodeLocalization
import PasscodeSpeech
import PasscodeTerminal
import PasscodeVault

/// `passcode doctor`: for each part of the set-up, what was found and what to do next, as lines of words
/// a screen reader reads well. It exits 78 when something would stop a prompt from working, else 0. It
/// prints no secret, and starts no speech-dispatcher.
///
/// Outside text reaches the report in these places only, each through ``DoctorText``: `TERM` and error
/// texts cleaned (``DoctorText/printable(_:)``); `GPG_TTY`, paths from the environment and the options, and
/// `gpg-agent.conf`'s `pinentry-program` quoted (``DoctorText/path(_:)``). libspeechd's
/// error text is made one line, without control characters, by ``SpeechDiagnostics``.
struct DoctorCommand {
  let context: CommandContext

  /// One thing found: the verdict, the next step if there is one, and whether it stops a prompt.
  private struct Finding {
    var verdict: String
    var next: String?
    var blocksPrompt = false
  }

  func run() throws(CommandError) -> ExitCode {
    var findings: [Finding] = []
    let inputs = context.speechPolicyInputs()
    let decision = SpeechDecision.decide(inputs)
    findings += speechFindings(inputs: inputs, decision: decision)
    findings += screenReaderFindings(inputs.detection)
    findings += terminalFindings(decision: decision)
    findings.append(Finding(verdict: Localization.text("Preferences: {summary}.", ["summary": preferencesSummary()])))
    findings += storeFindings()
    findings += pinentryFindings()
    let blocking = findings.filter(\.blocksPrompt).count
    var lines = ["passcode doctor"]
    for finding in findings {
      lines.append(finding.verdict)
      if let next = finding.next { lines.append("  " + Localization.text("Next: {step}", ["step": next])) }
    }
    lines.append(
      blocking == 0
        ? Localization.text("Result: nothing found that stops a prompt from working.")
        : Localization.text(
          singular: "Result: {count} problem stops a prompt from working; see the Next lines above.",
          plural: "Result: {count} problems stop a prompt from working; see the Next lines above.",
          count: blocking))
    try StandardStreams.output(lines.joined(separator: "\n") + "\n")
    return blocking == 0 ? .accepted : .setupProblem
  }

  // MARK: - Speech

  private func speechFindings(inputs: SpeechPolicyInputs, decision: SpeechDecision) -> [Finding] {
    let diagnostics = SpeechDiagnostics.gather()
    var findings: [Finding] = []
    let channel =
      decision.speaks
      ? Localization.text("speak through speech-dispatcher and show the text")
      : Localization.text("show the text only")
    var speech = Finding(
      verdict: Localization.text(
        "Speech: {channel}, because {reason}.", ["channel": channel, "reason": decision.reason]))
    if decision.speaks, !diagnostics.reachable {
      speech.next = Localization.text(
        "Start speech-dispatcher (systemctl --user start speech-dispatcher, or speech-dispatcher -d), "
          + "or add 'speech = off' to {file}; until then you get one notice and the text.",
        ["file": configFilePath])
    } else if !decision.speaks, decision.advice.contains(.askForSpeech) {
      speech.next = SpeechDecision.Advice.askForSpeech.text(configFile: configFilePath)
    }
    if case .speechDispatcher(mayStartDaemon: true) = decision.channel {
      speech.verdict +=
        " "
        + Localization.text(
          "With --speech on, libspeechd may start a speech-dispatcher, which stops 5 seconds after "
            + "passcode leaves it (its own Timeout).")
    }
    findings.append(speech)
    findings.append(Finding(verdict: diagnostics.line))
    switch inputs.locality {
    case .local:
      findings.append(Finding(verdict: Localization.text("Session: local; no SSH, mosh or remote tmux client found.")))
    case let .remote(evidence):
      var session = Finding(
        verdict: Localization.text(
          "Session: remote, because {evidence}; nothing is spoken on this machine.", ["evidence": "\(evidence)"]))
      if decision.advice.contains(.stateScreenReader) {
        session.next = SpeechDecision.Advice.stateScreenReader.text(configFile: configFilePath)
      }
      findings.append(session)
    }
    return findings
  }

  private func screenReaderFindings(_ detection: ScreenReaderDetection) -> [Finding] {
    var findings: [Finding] = []
    if detection.readerNames.isEmpty {
      findings.append(Finding(verdict: Localization.text("Screen reader: none found reading this session.")))
    }
    for name in detection.readerNames {
      findings.append(
        Finding(
          verdict: Localization.text(
            "Screen reader: {name} found; passcode prints lines of words for it and does not also speak.",
            ["name": name]))
      )
    }
    for reader in detection.consoleReadersElsewhere {
      findings.append(
        Finding(
          verdict: Localization.text(
            "Screen reader: {name} is running, but it reads only the Linux console and this terminal "
              + "is not one, so passcode does not count it.", ["name": reader.name]),
          next: Localization.text(
            "If you read this terminal another way, add 'profile = screen-reader' to the config file.")))
    }
    findings.append(Finding(verdict: BrailleDisplayReport.gather(brlttyRunning: detection.brlttyRunning).line))
    let atspi: String
    switch detection.atspiEnabled {
    case true: atspi = Localization.text("AT-SPI screen reader setting: on.")
    case false: atspi = Localization.text("AT-SPI screen reader setting: off.")
    case nil: atspi = Localization.text("AT-SPI screen reader setting: unknown (no answer on the session bus).")
    }
    findings.append(Finding(verdict: atspi))
    if detection.speakupPresent {
      if detection.speakupEchoesKeys {
        findings.append(
          Finding(
            verdict: Localization.text(
              "Speakup key echo: on (key_echo 2), so Speakup speaks every key you type, digits included."),
            next: Localization.text(
              "Turn it off before typing a passcode: echo 0 | sudo tee /sys/accessibility/speakup/key_echo")))
      } else {
        let echo = detection.speakupKeyEcho.map { "key_echo \($0)" } ?? Localization.text("key_echo unreadable")
        findings.append(
          Finding(verdict: Localization.text("Speakup key echo: does not speak digits ({echo}).", ["echo": echo])))
      }
    } else {
      findings.append(Finding(verdict: Localization.text("Speakup: not loaded, so its key echo does not apply.")))
    }
    return findings
  }

  // MARK: - Terminal and preferences

  private func terminalFindings(decision: SpeechDecision) -> [Finding] {
    let capabilities = TerminalCapabilities(
      environment: context.environment, outputIsTerminal: StandardStreams.outputIsTerminal,
      color: context.options.color,
      screenReaderForced: decision.usesScreenReaderLines && context.requestedProfile == nil,
      screenReaderDetected: false, requestedProfile: context.requestedProfile)
    let term = DoctorText.printable(context.environment["TERM"] ?? Localization.text("not set"))
    var findings: [Finding] = []
    let device = context.options.tty ?? "/dev/tty"
    if let problem = SetupFiles.terminalProblem(device) {
      findings.append(
        Finding(
          verdict: Localization.text(
            "Terminal: {device} cannot be opened ({problem}).",
            ["device": DoctorText.path(device), "problem": problem]),
          next: Localization.text("Run passcode from a terminal, or give one with --tty."), blocksPrompt: true))
    } else {
      let opens =
        capabilities.usesColor
        ? "Terminal: {device} opens; TERM {term}, colour on." : "Terminal: {device} opens; TERM {term}, colour off."
      findings.append(
        Finding(verdict: Localization.text(opens, ["device": DoctorText.path(device), "term": term])))
    }
    let profileName: String
    switch capabilities.profile {
    case .visual: profileName = Localization.text("visual (one status line redrawn in place)")
    case .screenReader: profileName = Localization.text("screen-reader (each announcement a new line of words)")
    case .plain: profileName = Localization.text("plain (lines with no escape codes)")
    }
    let why: String
    if let reason = decision.profileReason, context.requestedProfile == nil {
      why = reason
    } else if context.options.profile != .auto {
      why = context.invocation.sources[.profile].phrase(for: .profile, value: context.options.profile.rawValue)
    } else {
      why =
        capabilities.terminalKind == .tty
        ? Localization.text("the terminal takes escape codes") : Localization.text("the terminal is dumb or a file")
    }
    var profile = Finding(
      verdict: Localization.text("Profile: {profile}, because {reason}.", ["profile": profileName, "reason": why]))
    if capabilities.profile != .screenReader {
      profile.next = Localization.text(
        "If you use a screen reader or a braille display, add 'profile = screen-reader' to {file}, "
          + "or pass --screen-reader.", ["file": configFilePath])
    }
    findings.append(profile)
    return findings
  }

  private func preferencesSummary() -> String {
    let options = context.options
    let sources = context.invocation.sources
    func item(_ preference: Preference, _ label: String, _ value: String) -> String {
      let source = sources[preference]
      let origin: String
      switch source {
      case .defaultValue: origin = Localization.text("the default")
      case let .configuration(_, line): origin = Localization.text("config file line {line}", ["line": "\(line)"])
      case let .environment(variable): origin = variable
      case let .option(spelling): origin = spelling
      }
      return "\(label) \(value) (\(origin))"
    }
    return [
      item(.speech, "speech", options.speech.rawValue),
      item(.profile, "profile", options.profile.rawValue),
      item(.reduceMotion, "reduce-motion", options.reduceMotion ? "yes" : "no"),
      item(.sound, "sound", options.sound ? "yes" : "no"),
    ].joined(separator: "; ")
  }

  // MARK: - Store and config file

  private var configFilePath: String {
    (try? context.location.get().configFile).map(DoctorText.path) ?? Localization.text("the config file")
  }

  private func storeFindings() -> [Finding] {
    let location: StoreLocation
    switch context.location {
    case let .success(found): location = found
    case let .failure(error):
      return [
        Finding(
          verdict: Localization.text("Store: {problem}", ["problem": error.description]),
          next: Localization.text("Set HOME, or use --store DIR or PASSCODE_HOME."), blocksPrompt: true)
      ]
    }
    var findings: [Finding] = []
    let health = StoreHealth.check(location)
    for entry in health.entries {
      let name = Self.roleName(entry.role)
      let path = DoctorText.path(entry.path)
      switch entry.state {
      case .privateToYou:
        findings.append(
          Finding(verdict: Localization.text("{name}: {path}, yours and private.", ["name": name, "path": path])))
      case .missing where entry.role == "passcode hash":
        findings.append(
          Finding(
            verdict: Localization.text("Passcode: not set (no {path}).", ["path": path]),
            next: Localization.text("Choose one with 'passcode set'.")))
      case .missing where entry.role == "config file":
        findings.append(
          Finding(
            verdict: Localization.text("Config file: {path} does not exist, so the defaults apply.", ["path": path])))
      case .missing:
        findings.append(
          Finding(
            verdict: Localization.text(
              "{name}: {path} does not exist yet; passcode makes it when needed.", ["name": name, "path": path])))
      case let .problem(error):
        findings.append(
          Finding(
            verdict: "\(name): " + DoctorText.printable(error.description), next: recoveryStep(for: error),
            blocksPrompt: true))
      }
    }
    if case let .failure(error) = context.settings, health.problems.allSatisfy({ $0.role != "config file" }) {
      findings.append(
        Finding(
          verdict: Localization.text("Config file: {problem}", ["problem": DoctorText.printable(error.description)]),
          next: Localization.text("Fix that line; until then check, lock, exec, set and remove refuse to run."),
          blocksPrompt: true))
    }
    return findings
  }

  /// A store entry's role as the start of a finding ("passcode hash" gives "Passcode hash"), translated.
  private static func roleName(_ role: String) -> String {
    switch role {
    case "store directory": Localization.text("Store directory")
    case "passcode hash": Localization.text("Passcode hash")
    case "state directory": Localization.text("State directory")
    case "failure state": Localization.text("Failure state")
    case "grace stamp directory": Localization.text("Grace stamp directory")
    case "config file": Localization.text("Config file")
    default: role.prefix(1).uppercased() + role.dropFirst()
    }
  }

  private func recoveryStep(for error: VaultError) -> String? {
    switch error {
    case let .insecurePermissions(path, mode):
      "chmod \(mode & 0o170000 == 0o040000 ? "700" : "600") \(DoctorText.path(path))"
    default:
      VaultRecoveryAdvice.explain(error).split(separator: "\n").dropFirst().first.map {
        DoctorText.printable(String($0))
      }
    }
  }

  // MARK: - Pinentry

  /// The commands that make the `pinentry-passcode` link, as Docs/GnuPG.md gives them: to the binary's
  /// absolute path (a link to a link, or to a relative path, would break when either moves), and only
  /// when no such file is there yet.
  static let pinentryLinkSteps =
    "mkdir -p ~/.local/bin; [ -e ~/.local/bin/pinentry-passcode ] || "
    + "ln -s \"$(readlink -f \"$(command -v passcode)\")\" ~/.local/bin/pinentry-passcode"

  private func pinentryFindings() -> [Finding] {
    let searchPath = context.environment["PATH"] ?? ""
    let link = SetupFiles.findOnPath(CommandLineParser.pinentryProgramName, searchPath: searchPath)
    return [linkFinding(link), agentFinding(link: link), terminalVariableFinding()]
  }

  private func linkFinding(_ link: String?) -> Finding {
    guard let link else {
      return Finding(
        verdict: Localization.text("Pinentry link: no pinentry-passcode on PATH; GnuPG cannot use passcode yet."),
        next: Self.pinentryLinkSteps)
    }
    return Finding(
      verdict: Localization.text("Pinentry link: {path} is on PATH.", ["path": DoctorText.path(link)]))
  }

  private func agentFinding(link: String?) -> Finding {
    let home =
      context.environment["GNUPGHOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (context.environment["HOME"] ?? "~") + "/.gnupg"
    let agentFile = home + "/gpg-agent.conf"
    let shownFile = DoctorText.path(agentFile)
    let suggested = link.map(DoctorText.path) ?? "/path/to/pinentry-passcode"
    let values = ["file": shownFile, "program": suggested]
    guard let program = SetupFiles.readText(agentFile).flatMap(Self.pinentryProgram(inConfiguration:)) else {
      return Finding(
        verdict: Localization.text(
          "gpg-agent: no pinentry-program in {file}, so gpg-agent uses its default pinentry.", values),
        next: Localization.text(
          "To use passcode, add 'pinentry-program {program}' to {file}, "
            + "then run 'gpg-connect-agent reloadagent /bye'.", values))
    }
    let shown = DoctorText.path(program)
    if !SetupFiles.isExecutable(program) {
      return Finding(
        verdict: Localization.text(
          "gpg-agent: pinentry-program {shown} in {file} is missing or cannot be run, so "
            + "gpg cannot ask for a passphrase.", values.merging(["shown": shown]) { old, _ in old }),
        next: Localization.text(
          "Point it at an existing program, such as {program}, then run 'gpg-connect-agent reloadagent /bye'.",
          values),
        blocksPrompt: true)
    }
    if SetupFiles.resolved(program) == SetupFiles.resolved("/proc/self/exe") {
      return Finding(verdict: Localization.text("gpg-agent: pinentry-program {shown} is passcode.", ["shown": shown]))
    }
    return Finding(
      verdict: Localization.text("gpg-agent: pinentry-program {shown} is another pinentry.", ["shown": shown]),
      next: Localization.text(
        "To use passcode, set 'pinentry-program {program}' in {file}, "
          + "then run 'gpg-connect-agent reloadagent /bye'.", values))
  }

  private func terminalVariableFinding() -> Finding {
    guard let tty = context.environment["GPG_TTY"], !tty.isEmpty else {
      return Finding(
        verdict: Localization.text("GPG_TTY: not set, so gpg-agent may ask on another terminal or fail to ask."),
        next: Localization.text("Add 'export GPG_TTY=$(tty)' to your shell's start-up file."))
    }
    return Finding(verdict: "GPG_TTY: \(DoctorText.path(tty)).")
  }

  /// The last `pinentry-program` value in the text of a `gpg-agent.conf`.
  private static func pinentryProgram(inConfiguration text: String) -> String? {
    var program: String?
    for line in text.split(whereSeparator: \.isNewline) {
      let words = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
      guard words.first == "pinentry-program", words.count == 2 else { continue }
      program = String(words[1].drop(while: { $0 == " " || $0 == "\t" }))
    }
    return program
  }
}
