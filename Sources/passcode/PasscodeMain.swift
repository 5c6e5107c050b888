import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization
import PasscodeTerminal
import PasscodeVault
internal import SystemCalls

/// The `passcode` command: parses the arguments, runs one subcommand and maps its result to an exit
/// status. This is the only place that decides exit statuses.
@main
enum PasscodeMain {
  static func main() {
    // First of all, before anything opens a file: a closed descriptor 0, 1 or 2 would be the number the next
    // file gets, and what is written to "standard output" (a passphrase) would go into that file.
    _ = StandardDescriptors.reopenedAtStart
    // Before any key is read, and for the whole run: a core dump or a same-user ptrace could read what
    // was typed. `exec` gives the command a dumpable process again.
    try? CoreDumpGuard.forbidCoreDumps()
    ProcessReplacement.takeSignalsFromBacktracer()
    let arguments = CommandLine.arguments
    let programName = arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "passcode"
    let environment = ProcessEnvironment.current()
    // Before any message, usage errors included: every word from here on is in the user's language.
    Localization.start(environment: environment)
    let outcome: ParseOutcome
    do {
      outcome = try CommandLineParser.parse(
        arguments: Array(arguments.dropFirst()), programName: programName, environment: environment)
    } catch {
      StandardStreams.error(error.rendered(programName: "passcode"))
      ProcessImage.exit(status: ExitCode.usage.rawValue)
    }
    switch outcome {
    case let .showHelp(_, text), let .showVersion(text), let .showCompletionScript(_, text):
      do {
        try StandardStreams.output(text)
      } catch {
        ProcessImage.exit(status: report(error).rawValue)
      }
      ProcessImage.exit(status: ExitCode.accepted.rawValue)
    case let .run(invocation):
      let context = CommandContext(parsed: invocation, environment: environment)
      warnAboutUnreadableSettings(context)
      let status: ExitCode
      do {
        status = try run(invocation, context: context)
      } catch {
        status = report(error)
      }
      ProcessImage.exit(status: status.rawValue)
    }
  }

  private static func run(_ invocation: Invocation, context: CommandContext) throws(CommandError) -> ExitCode {
    switch invocation.subcommand {
    case .demo: return try DemoCommand(context: context).run()
    case .doctor: return try DoctorCommand(context: context).run()
    case .set: return try SetCommand(context: context).run()
    case .check: return try CheckCommand(context: context).run()
    case .lock: return try LockCommand(context: context).run()
    case .exec: return try ExecCommand(context: context, command: invocation.execCommand).run()
    case .status: return try StatusCommand(context: context).run()
    case .remove: return try RemoveCommand(context: context).run()
    case .pinentry: return PinentryCommand(context: context).run()
    case .agent: return try AgentCommand(context: context, agent: invocation.agent).run()
    case .askpass: return try AskpassCommand(context: context).run()
    case .polkitAgent:
      return try PolkitAgentCommand(context: context, options: invocation.polkit, command: invocation.execCommand).run()
    }
  }

  /// When the config file cannot be used, the subcommands that do not need the store say so once and go
  /// on with the default preferences; the store subcommands refuse it themselves, and `doctor` reports it.
  private static func warnAboutUnreadableSettings(_ context: CommandContext) {
    guard case let .failure(error) = context.settings else { return }
    switch context.invocation.subcommand {
    case .demo, .pinentry:
      StandardStreams.error(
        "passcode: \(VaultRecoveryAdvice.explain(error))\npasscode: "
          + Localization.text("using the default preferences.") + "\n")
    default: break
    }
  }

  /// Prints an error and chooses its exit status; re-raises a terminating signal after the terminal was
  /// restored, so the caller sees the conventional status.
  private static func report(_ error: CommandError) -> ExitCode {
    if case let .prompt(.terminated(signal)) = error {
      _ = try? SignalAction.defaultAction.install(for: signal)
      try? signal.raise()
    }
    StandardStreams.error("passcode: \(error)\n")
    return error.exitCode
  }
}
