import PasscodeCommandLine
import PasscodeEngine
import PasscodeVault

/// `passcode status`: whether a passcode is set, the failures so far and the lockout remaining, in
/// words. Exit 0 when set, 66 when not; a file that cannot be trusted is explained, with how to recover,
/// and gives 74. It never shows a secret.
struct StatusCommand {
  let context: CommandContext

  func run() throws(CommandError) -> ExitCode {
    let store = try VaultContext(context)
    let status: VaultStatus
    do {
      status = try store.vault.status(now: LockoutTime.current())
    } catch {
      throw .vault(error)
    }
    var lines = ["Passcode: \(status.isPasscodeSet ? "set" : "not set")"]
    lines.append("Failures: \(status.lockout.failures)")
    if status.lockout.isLockedOut {
      let seconds =
        Int(status.lockout.remaining.components.seconds)
        + (status.lockout.remaining.components.attoseconds > 0 ? 1 : 0)
      lines.append("Locked out: \(AnnouncementCatalogue.english.duration(seconds: seconds)) remaining")
    } else {
      lines.append("Locked out: no")
    }
    lines.append("Store: \(store.location.dataDirectory)")
    try StandardStreams.output(lines.joined(separator: "\n") + "\n")
    return status.isPasscodeSet ? .accepted : .noPasscodeSet
  }
}
