import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization
import PasscodePreferences
import PasscodeTerminal
import PasscodeVault

/// The vault as the stored-passcode subcommands see it: where the files are (from `--store`,
/// `PASSCODE_HOME` or the XDG directories), the settings file read once, and the vault over both.
struct VaultContext {
  let location: StoreLocation
  let settings: ConfigurationFile
  let vault: Vault

  /// Takes the location and the settings file the context read.
  ///
  /// - Parameter context: The subcommand's options, environment, location and settings.
  /// - Throws: ``CommandError/vault(_:)`` when there is no home directory or the settings file cannot be
  ///   read or has a bad line (one others could change is not an error: its security settings are the
  ///   defaults).
  init(_ context: CommandContext) throws(CommandError) {
    do {
      try self.init(location: context.location.get(), settings: context.settings.get())
    } catch {
      throw .vault(error)
    }
  }

  /// Takes a location and settings as they are.
  ///
  /// - Parameters:
  ///   - location: Where the files are.
  ///   - settings: The settings, the file's or the defaults.
  init(location: StoreLocation, settings: ConfigurationFile) {
    self.location = location
    self.settings = settings
    vault = Vault(location: location, schedule: settings.lockout)
  }

  /// The shape of the stored passcode: the one stored with its hash, or, for a hash stored without one
  /// (or none at all), digits of the settings file's length (default 6).
  ///
  /// - Returns: The shape every prompt for the stored passcode asks for.
  /// - Throws: ``CommandError/vault(_:)`` when the hash file cannot be read or trusted.
  func storedShape() throws(CommandError) -> PasscodeShape {
    do {
      return try vault.storedPasscode()?.shape ?? .digits(settingsLength: settings.length)
    } catch {
      throw .vault(error)
    }
  }

  /// The shape of a new passcode: `--length` and `--allowed` when given, else the settings file's
  /// length (default 6) and digits.
  ///
  /// - Parameter options: The options of `passcode set`.
  /// - Returns: The shape.
  /// - Throws: ``CommandError/usage(_:)`` when the length is out of range.
  func newShape(_ options: CommonOptions) throws(CommandError) -> PasscodeShape {
    let length = options.length ?? PasscodeShape.digits(settingsLength: settings.length).length
    guard let shape = PasscodeShape(length: length, characters: options.allowed ?? .digits) else {
      let limits = EntryConfiguration.fixedLengthLimits
      throw .usage("The length must be from \(limits.lowerBound) to \(limits.upperBound).")
    }
    return shape
  }

  /// What is left of this terminal's grace stamp by its own expiry; `check` and `exec` honour it only
  /// within the grace period in force when they run, which may be shorter.
  ///
  /// - Returns: Zero when there is no valid stamp, or standard input is not a terminal; at most
  ///   `.seconds(Int64.max)`, however far off the stamp's expiry is (`--grace` takes any `Int`).
  func graceRemaining() -> Duration {
    guard let stamp = graceStamp else { return .zero }
    return .clampedSeconds(stamp.remainingSeconds(now: Vault.currentTime(), grace: .infinity))
  }

  /// The grace period in force: `--grace`, else the settings file's.
  ///
  /// - Parameter option: The value of `--grace`, if given.
  /// - Returns: The grace period; zero for none.
  func grace(option: Int?) -> Duration {
    option.map { .seconds($0) } ?? settings.grace
  }

  /// The grace stamp of this terminal session, or `nil` when standard input is not a terminal.
  var graceStamp: GraceStamp? {
    GraceStamp.forCurrentTerminal(runtimeDirectory: location.runtimeDirectory)
  }

  /// Whether a right passcode given recently on this terminal still counts.
  ///
  /// - Parameter grace: The grace period in force; a stamp is ignored when it is zero.
  /// - Returns: `true` when the prompt can be skipped.
  func isWithinGrace(_ grace: Duration) -> Bool {
    guard grace > .zero, let stamp = graceStamp else { return false }
    return stamp.isValid(now: Vault.currentTime(), grace: Double(grace.components.seconds))
  }

  /// Remembers a right passcode for the grace period; does nothing when the period is zero.
  ///
  /// - Parameter grace: The grace period in force.
  /// - Throws: ``CommandError/vault(_:)`` when the stamp cannot be written.
  func recordGrace(_ grace: Duration) throws(CommandError) {
    guard grace > .zero, let stamp = graceStamp else { return }
    let now = Vault.currentTime()
    do {
      try stamp.record(until: now + Double(grace.components.seconds), now: now)
    } catch {
      throw .vault(error)
    }
  }

  /// Removes this terminal's grace stamp, if there is one.
  ///
  /// - Throws: ``CommandError/vault(_:)`` when it cannot be removed.
  func dropGrace() throws(CommandError) {
    guard let stamp = graceStamp else { return }
    do {
      try stamp.remove()
    } catch {
      throw .vault(error)
    }
  }

  /// Requires a stored passcode and reports the failure count and any running lockout.
  ///
  /// - Returns: The lockout status now.
  /// - Throws: ``CommandError/vault(_:)``: `.notSet`, or a corrupt, insecure or unreadable file.
  func requirePasscode() throws(CommandError) -> LockoutStatus {
    let status: VaultStatus
    do {
      status = try vault.status(now: LockoutTime.current())
    } catch {
      throw .vault(error)
    }
    guard status.isPasscodeSet else { throw .vault(.notSet) }
    return status.lockout
  }

  /// A prompt for a passcode of `shape` (by default the stored one's), with the settings' lockout schedule.
  ///
  /// - Parameters:
  ///   - context: The subcommand's options.
  ///   - title: The title when `--title` is not given.
  ///   - shape: The length and characters; `nil` asks for the stored passcode's, ``storedShape()``.
  /// - Returns: The configuration.
  /// - Throws: ``CommandError/configuration(_:)`` when the options make no valid prompt, or
  ///   ``CommandError/vault(_:)`` when the hash file cannot be read.
  func storedPasscodeConfiguration(_ context: CommandContext, title: String, shape: PasscodeShape? = nil)
    throws(CommandError) -> EntryConfiguration
  {
    let shape = if let shape { shape } else { try storedShape() }
    do {
      return try EntryConfiguration(
        title: context.options.title.map { SanitizedText($0) } ?? SanitizedText(Localization.text(title)),
        length: .fixed(shape.length),
        allowed: shape.characters,
        reduceMotion: context.options.reduceMotion,
        lockoutSchedule: settings.lockout,
        timeout: context.options.timeout.map { .seconds($0) })
    } catch {
      throw .configuration(error)
    }
  }

  /// Asks for the stored passcode until it is right, cancelled, timed out or out of tries, waiting out
  /// lockouts (or ending at one, with `endsOnLockout`).
  ///
  /// - Parameters:
  ///   - prompt: The open prompt.
  ///   - configuration: The prompt's shape, from ``storedPasscodeConfiguration(_:title:)``.
  ///   - lockout: The failure count and lockout when the prompt starts.
  ///   - attemptLimit: The most wrong codes in this run, or `nil`.
  ///   - endsOnLockout: Whether a lockout ends the prompt with exit status 4 (`--no-wait`).
  ///   - unrecorded: Where failures are counted when the store cannot be written (`lock`), or `nil` to
  ///     count them on disk.
  ///   - preamble: What is told right after the prompt's own words.
  /// - Returns: How the prompt ended.
  /// - Throws: ``CommandError/prompt(_:)``; a vault failure during the check arrives as
  ///   `.prompt(.verifierFailed(VaultError))`.
  func askForPasscode(
    on prompt: TerminalPasscodePrompt, _ configuration: EntryConfiguration, lockout: LockoutStatus,
    attemptLimit: Int? = nil, endsOnLockout: Bool = false, unrecorded: UnrecordedFailures? = nil,
    preamble: [Announcement] = []
  ) throws(CommandError) -> EntryOutcome {
    let verifier = VaultVerifier(vault: vault, endsOnLockout: endsOnLockout, unrecorded: unrecorded)
    do {
      return try prompt.ask(
        configuration, failureCount: lockout.failures, lockoutRemaining: lockout.remaining,
        attemptLimit: attemptLimit, preamble: preamble
      ) { secret in try verifier.verdict(for: secret) }
    } catch {
      throw .prompt(error)
    }
  }
}
