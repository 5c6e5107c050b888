import PasscodeCommandLine
import PasscodeEngine

/// `passcode check`: asks until the stored passcode is right (0), cancelled (2) or timed out (3).
/// A running lockout is counted down, or with `--no-wait` ends the run at once (4); `--max-tries N`
/// ends it after N wrong codes (1). Within the grace period it does not ask.
struct CheckCommand {
  let context: CommandContext

  func run() throws(CommandError) -> ExitCode {
    let store = try VaultContext(context)
    let lockout = try store.requirePasscode()
    let grace = store.grace(option: context.options.grace)
    if store.isWithinGrace(grace) { return .accepted }
    if lockout.isLockedOut, context.options.noWait { throw .vault(.lockedOut(remaining: lockout.remaining)) }
    let configuration = try store.storedPasscodeConfiguration(context, title: "Enter Passcode")
    let open = try context.openPrompt()
    defer { open.close() }
    let outcome = try store.askForPasscode(
      on: open.prompt, configuration, lockout: lockout, attemptLimit: context.options.maxTries,
      endsOnLockout: context.options.noWait)
    if outcome == .accepted { try store.recordGrace(grace) }
    return ExitCode(outcome)
  }
}
