import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization
import PasscodeTerminal
import PasscodeVault

/// `passcode set`: asks for the current passcode when one is set, then for the new one twice. Codes
/// that are too easy to guess are refused. The new code's length and characters are `--length` and
/// `--allowed`, else the settings file's length (default 6) and digits; they are stored with the hash, so
/// `check`, `exec`, `lock` and `remove` ask for the same.
struct SetCommand {
  let context: CommandContext

  func run() throws(CommandError) -> ExitCode {
    let store = try VaultContext(context)
    let newShape = try store.newShape(context.options)
    let isSet: Bool
    do {
      try store.vault.checkStorable()
      isSet = try store.vault.isPasscodeSet
    } catch {
      throw .vault(error)
    }
    let current = isSet ? try store.requirePasscode() : nil
    let open = try context.openPrompt()
    defer { open.close() }
    if let current {
      let configuration = try store.storedPasscodeConfiguration(context, title: "Current Passcode")
      let outcome = try store.askForPasscode(on: open.prompt, configuration, lockout: current)
      guard outcome == .accepted else { return ExitCode(outcome) }
    }
    let configuration = try store.storedPasscodeConfiguration(context, title: "New Passcode", shape: newShape)
    let confirmation = NewPasscodeConfirmation(vault: store.vault, shape: newShape)
    let outcome: EntryOutcome
    do {
      outcome = try open.prompt.ask(configuration) { secret in try confirmation.verdict(for: secret) }
      if outcome == .accepted { try open.prompt.tell([.passcodeSet]) }
    } catch {
      throw .prompt(error)
    }
    return ExitCode(outcome)
  }
}
