import PasscodeCommandLine
import PasscodeEngine
import PasscodeVault

/// `passcode status`: whether a passcode is set, the failures so far and the lockout remaining, in
/// words. Exit 0 when set, 66 when not. Every store file or directory and the config file that cannot be
/// trusted (open to others, another user's, not a file) is listed first with how to fix it, and gives 74.
/// It never shows a secret.
struct StatusCommand {
  let context: CommandContext

  func run() throws(CommandError) -> ExitCode {
    if case let .success(location) = context.location {
      let problems = StoreHealth.check(location).problems
      if !problems.isEmpty {
        var lines = ["Store: \(problems.count == 1 ? "1 file" : "\(problems.count) files") cannot be trusted."]
        for problem in problems {
          guard case let .problem(error) = problem.state else { continue }
          lines.append(VaultRecoveryAdvice.explain(error))
        }
        StandardStreams.error(lines.joined(separator: "\n") + "\n")
        return .storageError
      }
    }
    let store = try VaultContext(context)
    let status: VaultStatus
    do {
      status = try store.vault.status(now: Vault.currentTime())
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
    StandardStreams.output(lines.joined(separator: "\n") + "\n")
    return status.isPasscodeSet ? .accepted : .noPasscodeSet
  }
}
