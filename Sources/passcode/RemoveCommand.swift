import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization

/// `passcode remove`: asks for the current passcode, then removes it, the failure count and this
/// terminal's grace stamp.
struct RemoveCommand {
  let context: CommandContext

  func run() throws(CommandError) -> ExitCode {
    let store = try VaultContext(context)
    let lockout = try store.requirePasscode()
    let configuration = try store.storedPasscodeConfiguration(context, title: "Current Passcode")
    let outcome: EntryOutcome
    do {
      let open = try context.openPrompt()
      defer { open.close() }
      outcome = try store.askForPasscode(on: open.prompt, configuration, lockout: lockout)
    }
    guard outcome == .accepted else { return ExitCode(outcome) }
    do {
      try store.vault.removePasscode()
    } catch {
      throw .vault(error)
    }
    try store.dropGrace()
    try StandardStreams.output(Localization.text("Passcode removed.") + "\n")
    return .accepted
  }
}
