import PasscodeCommandLine
import PasscodeEngine
import PasscodeVault

/// `passcode exec [--] COMMAND [ARG...]`: runs COMMAND in place of this process, only after the right
/// passcode (or within the grace period). The prompt is closed, and the terminal restored, before
/// `execvp`, so the command's exit status and signals are its own; 127 when it is not found, 126 when
/// it cannot be run, both found before the passcode is asked for.
struct ExecCommand {
  let context: CommandContext
  let command: [String]

  func run() throws(CommandError) -> ExitCode {
    // A command that cannot run is said before the code is asked for, not after it was typed.
    let name = command.first ?? ""
    if let failure = ProcessReplacement.cannotRun(name, searchPath: context.environment["PATH"]) {
      throw .cannotExecute(command: name, errno: failure)
    }
    let store = try VaultContext(context)
    let grace = store.grace(option: context.options.grace)
    let lockout = try store.requirePasscode()
    if !store.isWithinGrace(grace) {
      let outcome = try ask(store, lockout: lockout)
      guard outcome == .accepted else { return ExitCode(outcome) }
      try store.recordGrace(grace)
    }
    let failure = ProcessReplacement.execute(command)
    throw .cannotExecute(command: command.first ?? "", errno: failure)
  }

  /// Asks in its own scope so the prompt is closed, and the terminal restored, when it returns.
  private func ask(_ store: VaultContext, lockout: LockoutStatus) throws(CommandError) -> EntryOutcome {
    let configuration = try store.storedPasscodeConfiguration(context, title: "Enter Passcode")
    let open = try context.openPrompt()
    defer { open.close() }
    return try store.askForPasscode(on: open.prompt, configuration, lockout: lockout)
  }
}
