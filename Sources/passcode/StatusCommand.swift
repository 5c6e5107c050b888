import AnnouncementWords
import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization
import PasscodeVault

/// `passcode status`: whether a passcode is set, its length, the failures so far, the lockout remaining
/// and what is left of this terminal's grace stamp, in words or, with `--json`, as one line of JSON.
/// Exit 0 when set, 66 when not. Every store file or directory that cannot be trusted (open to others,
/// another user's, not a file) is listed first on standard error with how to fix it, and gives 74 (no JSON
/// then). A config file others could change is said on standard error with its fix, and the report goes
/// on with the default lockout and length. It never shows a secret.
struct StatusCommand {
  let context: CommandContext

  func run() throws(CommandError) -> ExitCode {
    if case let .success(location) = context.location {
      let problems = StoreHealth.check(location).problems
      if !problems.isEmpty {
        var lines = [
          Localization.text(
            singular: "Store: {count} file cannot be trusted.", plural: "Store: {count} files cannot be trusted.",
            count: problems.count)
        ]
        for problem in problems {
          guard case let .problem(error) = problem.state else { continue }
          lines.append(VaultRecoveryAdvice.explain(error))
        }
        StandardStreams.error(lines.joined(separator: "\n") + "\n")
        return .storageError
      }
    }
    if let refusal = context.settingsRefusal { StandardStreams.error(refusal.description + "\n") }
    let store = try VaultContext(context)
    let status: VaultStatus
    let stored: StoredPasscode?
    do {
      status = try store.vault.status(now: LockoutTime.current())
      stored = try store.vault.storedPasscode()
    } catch {
      throw .vault(error)
    }
    let shape = stored.map { $0.shape ?? .digits(settingsLength: store.settings.length) }
    let report = StatusReport(
      isPasscodeSet: stored != nil, length: shape?.length,
      allowed: shape?.characters.name, failures: status.lockout.failures,
      lockoutRemainingSeconds: Self.wholeSecondsUp(status.lockout.remaining),
      graceRemainingSeconds: Self.wholeSecondsUp(store.graceRemaining()), store: store.location.dataDirectory)
    try StandardStreams.output(context.options.json ? report.json : Self.text(report))
    return report.isPasscodeSet ? .accepted : .noPasscodeSet
  }

  private static func text(_ report: StatusReport) -> String {
    let words = AnnouncementCatalogue.current
    var lines = [Localization.text(report.isPasscodeSet ? "Passcode: set" : "Passcode: not set")]
    if let length = report.length, let allowed = report.allowed {
      lines.append(
        allowed == "digits"
          ? Localization.text(singular: "Length: {count} digit", plural: "Length: {count} digits", count: length)
          : Localization.text(
            singular: "Length: {count} character, letters and digits",
            plural: "Length: {count} characters, letters and digits", count: length))
    }
    lines.append(Localization.text("Failures: {count}", ["count": "\(report.failures)"]))
    lines.append(
      report.lockoutRemainingSeconds > 0
        ? Localization.text(
          "Locked out: {duration} remaining", ["duration": words.duration(seconds: report.lockoutRemainingSeconds)])
        : Localization.text("Locked out: no"))
    if report.graceRemainingSeconds > 0 {
      lines.append(
        Localization.text(
          "Grace: {duration} remaining on this terminal",
          ["duration": words.duration(seconds: report.graceRemainingSeconds)]))
    }
    lines.append(Localization.text("Store: {path}", ["path": SanitizedText(quoting: report.store).text]))
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whole seconds, rounded up, so only "nothing left" is zero; never negative.
  private static func wholeSecondsUp(_ duration: Duration) -> Int {
    max(0, duration.wholeSecondsRoundedUp)
  }
}
