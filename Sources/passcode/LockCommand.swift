import PasscodeCommandLine
import PasscodeEngine
import PasscodeVault

/// `passcode lock`: locks this terminal until the stored passcode is typed, an accessible vlock.
/// Ctrl-C, Ctrl-Z and Ctrl-\ and the signals they send do nothing; lockouts are waited out. A vault
/// failure after the terminal is locked keeps it locked (fail closed) and says why on screen.
struct LockCommand {
  let context: CommandContext

  func run() throws(CommandError) -> ExitCode {
    let store = try VaultContext(context)
    var lockout = try store.requirePasscode()
    try store.dropGrace()
    let configuration = try store.storedPasscodeConfiguration(context, title: "Terminal Locked")
    let open = try context.openPrompt(ignoresInterruptions: true)
    defer { open.close() }
    while true {
      do {
        if try store.askForPasscode(on: open.prompt, configuration, lockout: lockout) == .accepted {
          return .accepted
        }
      } catch let .prompt(.verifierFailed(error as VaultError)) {
        try show(VaultRecoveryAdvice.explain(error), on: open)
      }
      lockout = (try? store.vault.ledger.status(now: LockoutTime.current())) ?? lockout
    }
  }

  private func show(_ text: String, on open: OpenPrompt) throws(CommandError) {
    do {
      for line in text.split(separator: "\n") { try open.prompt.show(SanitizedText(String(line))) }
    } catch {
      throw .prompt(error)
    }
  }
}
