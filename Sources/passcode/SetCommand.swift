import PasscodeCommandLine
import PasscodeEngine
import PasscodeTerminal
import PasscodeVault

/// `passcode set`: asks for the current passcode when one is set, then for the new one twice. Codes
/// that are too easy to guess are refused. The length is the settings file's (default 6); `--length`
/// may only repeat it, because `check` must ask for the same length.
struct SetCommand {
  let context: CommandContext

  func run() throws(CommandError) -> ExitCode {
    let store = try VaultContext(context)
    if let length = context.options.length, length != store.passcodeLength {
      throw .usage(
        "The passcode length is \(store.passcodeLength); to use \(length), put 'length = \(length)' in "
          + "\(store.location.configFile) first, so every prompt asks for the same length.")
    }
    if context.options.allowed == .alphanumeric {
      throw .usage("A stored passcode is made of digits; --allowed alphanumeric is for demo and pinentry.")
    }
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
    let configuration = try store.storedPasscodeConfiguration(context, title: "New Passcode")
    let confirmation = NewPasscodeConfirmation(vault: store.vault)
    let outcome: EntryOutcome
    do {
      outcome = try open.prompt.ask(configuration) { secret in
        try VaultContext.passingVaultErrors { () throws(VaultError) in try confirmation.verdict(for: secret) }
      }
      if outcome == .accepted { try open.prompt.show("Passcode set.") }
    } catch {
      throw .prompt(error)
    }
    return ExitCode(outcome)
  }
}
