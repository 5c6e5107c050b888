import AccessibilityEnvironment
import PasscodeCommandLine
import PasscodeLocalization
import PasscodePreferences
import PasscodeSpeech
import PasscodeTerminal
import PasscodeVault

/// Everything `passcode doctor` looks at, gathered once by the command; the findings are pure functions
/// of it (``DoctorSections``). It holds no secret: paths, names, settings and the system's own words.
package struct DoctorSnapshot: Equatable, Sendable {
  /// The process environment; `TERM`, `NO_COLOR`, `COLUMNS` and `GPG_TTY` are read from it.
  package var environment: [String: String]
  /// The options in force, the config file applied.
  package var options: CommonOptions
  /// Where each preference in force came from.
  package var sources: PreferenceSources
  /// The profile asked for other than `auto` and the screen-reader one, for the terminal.
  package var requestedProfile: OutputProfile?
  /// What the speech policy looks at: the choice, the session's locality, the screen readers, the daemon.
  package var speechInputs: SpeechPolicyInputs
  /// What a connection to speech-dispatcher that never starts one found.
  package var speechDispatcher: SpeechDiagnostics
  /// Whether a systemd user unit `speech-dispatcher.socket` is installed (upstream ships one; Debian 12's
  /// speech-dispatcher 0.11 does not), so that the advice can be the unit rather than a long-running daemon.
  package var speechDispatcherSocketUnit: Bool
  /// What brltty's API said about the braille display.
  package var braille: BrailleDisplayReport
  /// Why the prompt's terminal (``terminalDevice``) cannot be opened, or `nil` when it opens as a terminal.
  /// Prompts render on that terminal, whatever doctor's own standard output is (`passcode doctor | less`).
  package var terminalProblem: String?
  /// The store and the config file.
  package var store: Store
  /// The pinentry set-up for GnuPG.
  package var pinentry: Pinentry
  /// Whether doctor runs as root, so that a `Run:` line needs no `sudo` (which an initramfs or a rescue
  /// system may not have).
  package var runsAsRoot = false
  /// Whether a page of secret memory could be locked against swapping, as every prompt's is.
  package var secretMemory = SecretMemory.locked
  /// A command that plays a short sound, to check the sound card when speech-dispatcher cannot play
  /// (`aplay` and ALSA's own test sound, where both are installed), or `nil`.
  package var soundCheckCommand: String?

  /// What a try at locking a page of secret memory (`mlock`) found.
  package enum SecretMemory: Equatable, Sendable {
    /// It was locked: typed codes stay out of swap.
    case locked
    /// It could not be locked. Prompts use such memory all the same, wiped and left out of core dumps, but
    /// the system may write it to swap.
    ///
    /// - limitKilobytes: The soft locked-memory limit (`ulimit -l`), or `nil` when it is unlimited.
    /// - reason: The system's words for why `mlock` failed.
    case unlocked(limitKilobytes: UInt64?, reason: String)
  }

  /// What was found about the store.
  package enum Store: Equatable, Sendable {
    /// Where the store is could not be worked out (no `HOME`, say).
    case unlocated(VaultError)
    /// The store was found and its files checked.
    ///
    /// - configFile: The config file's path.
    /// - health: The permissions and owners of the store's files and of the config file.
    /// - settingsProblem: Why the config file could not be read, if it could not.
    case located(configFile: String, health: StoreHealth, settingsProblem: VaultError?)
  }

  /// What was found about GnuPG's use of `pinentry-passcode`.
  package struct Pinentry: Equatable, Sendable {
    /// The first `pinentry-passcode` on `PATH`, else `~/.local/bin/pinentry-passcode` (where Docs/GnuPG.md
    /// makes it) when it runs, or `nil` when there is none.
    package var link: String?
    /// Whether ``link`` was found on `PATH` (not only in `~/.local/bin`).
    package var linkIsOnPath: Bool
    /// gpg-agent's configuration file (``GnuPGAgentConfiguration/path(environment:)``).
    package var agentConfigurationFile: String
    /// The `pinentry-program` that file names, or `nil` when it names none or cannot be read.
    package var program: Program?

    /// A program gpg-agent is told to run.
    package struct Program: Equatable, Sendable {
      /// Its path as the file gives it.
      package var path: String
      /// Whether it is a file this user may run.
      package var runs: Bool
      /// Whether it resolves to this very `passcode` binary.
      package var isPasscode: Bool

      /// Creates what was found about a program.
      ///
      /// - Parameters:
      ///   - path: Its path.
      ///   - runs: Whether this user may run it.
      ///   - isPasscode: Whether it is this binary.
      package init(path: String, runs: Bool, isPasscode: Bool) {
        self.path = path
        self.runs = runs
        self.isPasscode = isPasscode
      }
    }

    /// Creates what was found about the pinentry set-up.
    ///
    /// - Parameters:
    ///   - link: The `pinentry-passcode` on `PATH`.
    ///   - agentConfigurationFile: gpg-agent's configuration file.
    ///   - program: The program it names.
    ///   - linkIsOnPath: Whether the link was found on `PATH`.
    package init(link: String?, agentConfigurationFile: String, program: Program?, linkIsOnPath: Bool = true) {
      self.link = link
      self.linkIsOnPath = linkIsOnPath
      self.agentConfigurationFile = agentConfigurationFile
      self.program = program
    }
  }

  /// Creates a snapshot.
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - options: The options in force.
  ///   - sources: Where each preference came from.
  ///   - requestedProfile: The profile asked for, other than `auto` and the screen-reader one.
  ///   - speechInputs: What the speech policy looks at.
  ///   - speechDispatcher: What a connection to speech-dispatcher found.
  ///   - braille: What brltty said about the display.
  ///   - terminalProblem: Why the prompt's terminal cannot be opened.
  ///   - store: The store and the config file.
  ///   - pinentry: The pinentry set-up.
  ///   - speechDispatcherSocketUnit: Whether speech-dispatcher's systemd user socket unit is installed.
  package init(
    environment: [String: String], options: CommonOptions, sources: PreferenceSources,
    requestedProfile: OutputProfile?, speechInputs: SpeechPolicyInputs, speechDispatcher: SpeechDiagnostics,
    braille: BrailleDisplayReport, terminalProblem: String?, store: Store, pinentry: Pinentry,
    speechDispatcherSocketUnit: Bool = false
  ) {
    self.speechDispatcherSocketUnit = speechDispatcherSocketUnit
    self.environment = environment
    self.options = options
    self.sources = sources
    self.requestedProfile = requestedProfile
    self.speechInputs = speechInputs
    self.speechDispatcher = speechDispatcher
    self.braille = braille
    self.terminalProblem = terminalProblem
    self.store = store
    self.pinentry = pinentry
  }

  /// The speech policy's decision for ``speechInputs``.
  package var speechDecision: SpeechDecision { SpeechDecision.decide(speechInputs) }

  /// The terminal the prompt asks on: `--tty`, else the controlling one.
  package var terminalDevice: String { options.tty ?? "/dev/tty" }

  /// The config file's path as one shell word, for a `Run:` command, or `nil` when the store was not found.
  package var configFileWord: String? {
    if case let .located(configFile, _, _) = store { return DoctorText.shellWord(configFile) }
    return nil
  }

  /// The config file's path as the report names it, or "the config file" when the store was not found.
  package var shownConfigFile: String {
    if case let .located(configFile, _, _) = store { return DoctorText.path(configFile) }
    return Localization.text("the config file")
  }
}
