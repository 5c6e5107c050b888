import PasscodeEngine
import PasscodeLocalization
import PasscodeVault

extension DoctorSections {
  /// Each of the store's files and directories and the config file: private, missing or a problem with
  /// its fix, then a config file that cannot be read.
  ///
  /// - Parameter snapshot: What was gathered.
  /// - Returns: One finding per path; a store that cannot be found or trusted stops a prompt.
  package static func store(_ snapshot: DoctorSnapshot) -> [DoctorFinding] {
    let health: StoreHealth
    let settingsProblem: VaultError?
    switch snapshot.store {
    case let .unlocated(error):
      return [
        DoctorFinding(
          verdict: Localization.text("Store: {problem}", ["problem": error.description]),
          next: Localization.text("Set HOME, or use --store DIR or PASSCODE_HOME."), blocksPrompt: true)
      ]
    case let .located(_, found, problem):
      health = found
      settingsProblem = problem
    }
    var findings = health.entries.map(entryFinding)
    if let settingsProblem, health.problems.allSatisfy({ $0.role != "config file" }) {
      findings.append(
        DoctorFinding(
          verdict: Localization.text(
            "Config file: {problem}", ["problem": DoctorText.printable(settingsProblem.description)]),
          next: Localization.text("Fix that line; until then check, lock, exec, set and remove refuse to run."),
          blocksPrompt: true))
    }
    return findings
  }

  private static func entryFinding(_ entry: StoreHealth.Entry) -> DoctorFinding {
    let name = roleName(entry.role)
    let path = DoctorText.path(entry.path)
    switch entry.state {
    case .privateToYou where entry.role == "config file":
      return DoctorFinding(
        verdict: Localization.text("Config file: {path}, no other user can change it.", ["path": path]))
    case .privateToYou:
      return DoctorFinding(
        verdict: Localization.text("{name}: {path}, yours and private.", ["name": name, "path": path]))
    case .missing where entry.role == "passcode hash":
      return DoctorFinding(
        verdict: Localization.text("Passcode: not set (no {path}).", ["path": path]),
        next: Localization.text("Choose one with 'passcode set'."))
    case .missing where entry.role == "config file":
      return DoctorFinding(
        verdict: Localization.text("Config file: {path} does not exist, so the defaults apply.", ["path": path]))
    case .missing:
      return DoctorFinding(
        verdict: Localization.text(
          "{name}: {path} does not exist yet; passcode makes it when needed.", ["name": name, "path": path]))
    case let .changeableByOthers(refusal):
      // Not a stop: prompts go on with the default security settings and say so.
      let command = refusal.fixCommand(quoting: DoctorText.shellWord)
      return DoctorFinding(
        verdict: "\(name): " + SanitizedText(refusal.explanation).text,
        next: command == nil ? refusal.fix : Localization.text("Make it unchangeable by others."), command: command)
    case let .problem(.insecurePermissions(path, mode)):
      return DoctorFinding(
        verdict: "\(name): "
          + DoctorText.printable(VaultError.insecurePermissions(path: path, mode: mode).problemStatement),
        next: Localization.text("Make it private to you."),
        command: "chmod \(mode & 0o170000 == 0o040000 ? "700" : "600") \(DoctorText.shellWord(path))",
        blocksPrompt: true)
    case let .problem(error):
      return DoctorFinding(
        verdict: "\(name): " + DoctorText.printable(error.description), next: recoveryStep(for: error),
        blocksPrompt: true)
    }
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

  /// The way out ``VaultRecoveryAdvice`` gives (loose permissions have their `chmod` instead).
  private static func recoveryStep(for error: VaultError) -> String? {
    VaultRecoveryAdvice.explain(error).split(separator: "\n").dropFirst().first.map {
      DoctorText.printable(String($0))
    }
  }
}
