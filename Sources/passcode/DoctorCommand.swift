import AccessibilityEnvironment
import PasscodeCommandLine
import PasscodeDoctor
import PasscodeLocalization
import PasscodeSpeech
import PasscodeVault
internal import SystemCalls

/// `passcode doctor`: for each part of the set-up, what was found and what to do next, as lines of words
/// a screen reader reads well. It exits 78 when something would stop a prompt from working, else 0. It
/// prints no secret, and starts no speech-dispatcher.
///
/// The command only gathers a ``DoctorSnapshot`` of the system and prints the ``DoctorReport`` that
/// ``DoctorSections`` make of it; every word is chosen there, from the snapshot alone.
struct DoctorCommand {
  let context: CommandContext

  func run() throws(CommandError) -> ExitCode {
    let report = DoctorReport(findings: DoctorSections.all(snapshot()))
    try StandardStreams.output(report.text)
    return report.exitCode
  }

  /// Looks at everything the report speaks of, once: speech, screen readers, braille, the terminal, the
  /// store, whether secret memory locks, and the pinentry set-up.
  func snapshot() -> DoctorSnapshot {
    let speechInputs = context.speechPolicyInputs()
    // Where prompts will speak, a short test is spoken, so that a daemon that answers but cannot play is found.
    let playbackText =
      SpeechDecision.decide(speechInputs).speaks ? Localization.text("passcode doctor: speech works.") : nil
    var snapshot = DoctorSnapshot(
      environment: context.environment, options: context.options, sources: context.invocation.sources,
      requestedProfile: context.requestedProfile, speechInputs: speechInputs,
      speechDispatcher: SpeechDiagnostics.gather(playbackText: playbackText),
      braille: BrailleDisplayReport.gather(brlttyRunning: speechInputs.detection.brlttyRunning),
      terminalProblem: SetupFiles.terminalProblem(context.options.tty ?? "/dev/tty"), store: store(),
      pinentry: pinentry(), speechDispatcherSocketUnit: speechDispatcherSocketUnit())
    snapshot.runsAsRoot = ScreenReaderDetector().userID == 0
    snapshot.secretMemory = Self.secretMemory()
    snapshot.soundCheckCommand = soundCheckCommand()
    return snapshot
  }

  /// `aplay` with ALSA's own short test sound, where both are installed (alsa-utils, alsa-utils' sounds).
  private func soundCheckCommand() -> String? {
    let sound = "/usr/share/sounds/alsa/Front_Center.wav"
    guard SetupFiles.findOnPath("aplay", searchPath: context.environment["PATH"] ?? "") != nil,
      SetupFiles.exists(sound)
    else { return nil }
    return "aplay " + sound
  }

  /// Whether a page of secret memory locks against swapping, as a prompt's would, and if not, the limit.
  private static func secretMemory() -> DoctorSnapshot.SecretMemory {
    let check = LockedMemory.checkLocking()
    guard let failure = check.failure else { return .locked }
    return .unlocked(limitKilobytes: check.limitBytes.map { $0 / 1024 }, reason: failure.description)
  }

  /// Whether systemd's user manager would find a `speech-dispatcher.socket` unit, in the directories it
  /// reads user units from (`$XDG_CONFIG_HOME/systemd/user`, `/etc/systemd/user`, `/usr/lib/systemd/user`,
  /// `/lib/systemd/user`).
  private func speechDispatcherSocketUnit() -> Bool {
    let configHome =
      context.environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? context.environment["HOME"].map { $0 + "/.config" }
    let directories =
      (configHome.map { [$0 + "/systemd/user"] } ?? []) + [
        "/etc/systemd/user", "/usr/lib/systemd/user", "/lib/systemd/user",
      ]
    return directories.contains { SetupFiles.readText($0 + "/speech-dispatcher.socket") != nil }
  }

  private func store() -> DoctorSnapshot.Store {
    switch context.location {
    case let .failure(error): return .unlocated(error)
    case let .success(location):
      let settingsProblem: VaultError?
      if case let .failure(error) = context.settings { settingsProblem = error } else { settingsProblem = nil }
      return .located(
        configFile: location.configFile, health: StoreHealth.check(location), settingsProblem: settingsProblem)
    }
  }

  private func pinentry() -> DoctorSnapshot.Pinentry {
    let onPath = SetupFiles.findOnPath(
      CommandLineParser.pinentryProgramName, searchPath: context.environment["PATH"] ?? "")
    let documented = context.environment["HOME"].map { $0 + "/.local/bin/" + CommandLineParser.pinentryProgramName }
    let link = onPath ?? documented.flatMap { SetupFiles.isExecutable($0) ? $0 : nil }
    let agentFile = GnuPGAgentConfiguration.path(environment: context.environment)
    let program = SetupFiles.readText(agentFile).flatMap { GnuPGAgentConfiguration(text: $0).pinentryProgram }.map {
      path in
      DoctorSnapshot.Pinentry.Program(
        path: path, runs: SetupFiles.isExecutable(path),
        isPasscode: SetupFiles.resolved(path) == SetupFiles.resolved("/proc/self/exe"))
    }
    return DoctorSnapshot.Pinentry(
      link: link, agentConfigurationFile: agentFile, program: program, linkIsOnPath: onPath != nil)
  }
}
