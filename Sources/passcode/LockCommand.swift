import PasscodeCommandLine
import PasscodeEngine
import PasscodePreferences
import PasscodeVault

/// `passcode lock`: locks this terminal until the stored passcode is typed, an accessible vlock.
/// Ctrl-C, Ctrl-Z and Ctrl-\ and the signals they send do nothing; lockouts are waited out.
///
/// As a tmux `lock-command`, its ending is the unlocking, so once a passcode is set it locks whatever state
/// the store is in, and ends only at the right code:
/// - a settings file it cannot use: it says why and uses the default settings;
/// - a store where failures cannot be written (read-only, full): it says so once, at the start of the
///   prompt (found by writing the state record back), or, when the store fails while locked, after the error
///   of the code whose failure could not be written; from then on it counts them in memory
///   (``UnrecordedFailures``), from the stored count, with the same lockouts;
/// - a hash or state file it cannot read or trust: it says why at the start and at every code, and takes the
///   right code once the file is repaired (from elsewhere); it never unlocks before.
/// It ends without locking only when there is nothing to unlock it with: no passcode set (66), which it tells
/// and then waits for a key, so that it is heard and read before tmux draws over it; or no home directory to
/// find one in (74).
struct LockCommand {
  let context: CommandContext

  func run() throws(CommandError) -> ExitCode {
    let location: StoreLocation
    do {
      location = try context.location.get()
    } catch {
      throw .vault(error)
    }
    var problems: [VaultError] = []
    let settings: ConfigurationFile
    switch context.settings {
    case let .success(read): settings = read
    case let .failure(error):
      settings = ConfigurationFile()
      problems.append(error)
    }
    let store = VaultContext(location: location, settings: settings)
    var lockout = LockoutStatus(failures: 0, remaining: .zero)
    do {
      lockout = try store.requirePasscode()
    } catch .vault(.notSet) {
      return try tellNothingToLock()
    } catch let .vault(error) {
      problems.append(error)
    }
    // A stamp that cannot be removed (a read-only store) cannot let anything through this lock; it expires.
    try? store.dropGrace()
    let fallback = try store.storedPasscodeConfiguration(
      context, title: "Terminal Locked", shape: .digits(settingsLength: settings.length))
    var unrecorded = problems.isEmpty ? Self.unrecordedFailures(in: store) : nil
    var toldUnrecorded = false
    let open = try context.openPrompt(ignoresInterruptions: true)
    defer { open.close() }
    for problem in problems { try tellStoreProblem(VaultRecoveryAdvice.explain(problem), on: open) }
    while true {
      let configuration = (try? store.storedPasscodeConfiguration(context, title: "Terminal Locked")) ?? fallback
      // Said once, at the start of the first prompt that counts in memory.
      let preamble: [Announcement] = unrecorded != nil && !toldUnrecorded ? [.failuresNotRecorded] : []
      toldUnrecorded = toldUnrecorded || unrecorded != nil
      do {
        let outcome = try store.askForPasscode(
          on: open.prompt, configuration, lockout: lockout, unrecorded: unrecorded, preamble: preamble)
        if outcome == .accepted { return .accepted }
      } catch let .prompt(.verifierFailed(error as VaultError)) {
        // The store stopped taking writes while locked (read-only, full): the failed write is the proof, so
        // count in memory from now on, from the stored count, which the next prompt says, instead of the advice
        // that entry stays locked. No probe is asked again: an empty file still fits on a full disk.
        if unrecorded == nil { unrecorded = Self.unrecordedFailures(after: error, in: store) }
        try tellStoreProblem(unrecorded == nil ? VaultRecoveryAdvice.explain(error) : error.description, on: open)
      }
      lockout = unrecorded?.status ?? (try? store.vault.ledger.status(now: LockoutTime.current())) ?? lockout
    }
  }

  /// Where failures are counted when the store cannot be written now, starting from the stored count; `nil`
  /// when they can be written, or when the store fails otherwise (that error is the verifier's to show).
  /// ``AttemptLedger/checkRecordable()`` finds out by writing the state record back as it stands.
  private static func unrecordedFailures(in store: VaultContext) -> UnrecordedFailures? {
    do {
      try store.vault.ledger.checkRecordable()
      return nil
    } catch {
      return unrecordedFailures(after: error, in: store)
    }
  }

  /// Where failures are counted after a write of the store failed with `error`, starting from the stored
  /// count; `nil` when `error` is not an I/O error, is about the hash file (which no count in memory can
  /// stand in for), or the stored count cannot be read.
  private static func unrecordedFailures(after error: VaultError, in store: VaultContext) -> UnrecordedFailures? {
    guard case let .io(path, _, _) = error, path != store.location.hashFile,
      let record = try? store.vault.ledger.readRecord()
    else { return nil }
    return UnrecordedFailures(startingFrom: record, schedule: store.vault.ledger.schedule)
  }

  /// With no passcode set there is nothing to unlock with, so nothing is locked (66). On a terminal that is told,
  /// spoken as well as shown, and the words stay until a key is pressed: as a tmux `lock-command` they would
  /// otherwise flash and be drawn over, unheard and unread. With no terminal to wait on, it is the error printed
  /// like any other.
  private func tellNothingToLock() throws(CommandError) -> ExitCode {
    guard let open = try? context.openPrompt() else { throw .vault(.notSet) }
    defer { open.close() }
    do {
      _ = try open.prompt.run(WordsUntilKey([.nothingToLock])) { $0.start() }
    } catch let .terminated(signal) {
      throw .prompt(.terminated(by: signal))
    } catch {
      // The words were told; a terminal that hung up while they waited changes nothing about the status.
    }
    return .noPasscodeSet
  }

  private func tellStoreProblem(_ text: String, on open: OpenPrompt) throws(CommandError) {
    do {
      try open.prompt.tell(text.split(separator: "\n").map { .storeProblem(SanitizedText(String($0))) })
    } catch {
      throw .prompt(error)
    }
  }
}
