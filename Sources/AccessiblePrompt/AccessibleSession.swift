package import AccessibilityEnvironment
internal import AnnouncementWords
import LockedSecretStorage
import PasscodeEngine
internal import PasscodeLocalization
package import PasscodePreferences
package import PasscodeSpeech
import PasscodeTerminal
internal import SystemCalls

/// What a caller brings to an accessible session: the person's choices as they came (the command line, the
/// environment and the config file for `passcode`; the environment alone for another tool's `current()`, read by
/// the same ``EnvironmentPreferences``). Everything else is found out by the session itself, the same way for both.
package struct SessionPreferences: Equatable, Sendable {
  /// Speech: auto, on or off, and where that came from.
  package var speech: Setting<SpeechMode> = Setting(.auto)
  /// The profile: auto, screen-reader, visual or plain, and where that came from.
  package var profile: Setting<ProfileChoice> = Setting(.auto)
  /// Whether the person asked for reduced motion (no shake, no bell), over each configuration's own.
  package var reduceMotion = false
  /// Who chose whether to reduce motion, either way; nobody leaves it to the session (a remote one reduces it).
  package var reduceMotionSource: SettingSource = .defaultValue
  /// The voice's rate, pitch, volume and name.
  package var voice = VoiceSettings()
  /// Colour: auto, always or never.
  package var color: ColorMode = .auto
  /// Whether to ring the bell as an optional cue.
  package var soundCues = false
  /// How much the feedback reveals, over each configuration's own; `nil` keeps the configuration's.
  package var progress: ProgressFeedback?
  /// How the visual profile draws the cells, over each configuration's own; `nil` keeps the configuration's.
  package var mask: CellMask?
  /// The terminal prompts ask on, or `nil` for the controlling one (`--tty`; askpass's console). Detection
  /// asks whether console-only readers read it and whether it is remote.
  package var terminalPath: String?
  /// How long a speech-dispatcher that has not answered yet goes unreported (the agent at boot).
  package var startupGrace: Duration = .zero
  /// Whether the prompts ask at boot (a crypttab keyscript, the console agent), where no command can be run:
  /// the notice that speech is not answering then says what the person gets, not what to run.
  package var isAtBoot = false
  /// Whether the config file was refused because others could change it: every prompt then says so.
  package var settingsNotTrusted = false

  /// The defaults, which a caller changes field by field.
  package init() {}

  /// The choices another tool's prompt takes (``TerminalPasscodePrompt/current()``): the environment's, read as
  /// `passcode` reads them (``EnvironmentPreferences``): `PASSCODE_SPEECH`, `PASSCODE_REDUCE_MOTION`,
  /// `PASSCODE_PROGRESS`, `PASSCODE_MASK` and the voice's `PASSCODE_SPEECH_RATE`, `_PITCH`, `_VOLUME` and `_VOICE`. A value a
  /// variable does not take is ignored, and the default kept: a library cannot stop another tool with a usage
  /// error. The config file is not read: finding and trusting it is the vault's (`StoreLocation`,
  /// `ConfigurationFile.load`), which links libsodium and carries the lockout, and a consumer's prompt must not.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The preferences.
  package static func library(environment: [String: String]) -> SessionPreferences {
    let reading = EnvironmentPreferences(environment: environment)
    var preferences = SessionPreferences()
    if let speech = reading.speech { preferences.speech = Setting(speech, from: PreferenceVariable.speech.source) }
    if let reduceMotion = reading.reduceMotion {
      preferences.reduceMotion = reduceMotion
      preferences.reduceMotionSource = PreferenceVariable.reduceMotion.source
    }
    preferences.progress = reading.progress
    preferences.mask = reading.mask
    preferences.voice = reading.voice
    return preferences
  }

  /// The profile the person chose other than `auto` and the screen-reader one, for the terminal.
  package var requestedProfile: OutputProfile? {
    switch profile.value {
    case .auto, .screenReader: nil
    case .visual: .visual
    case .plain: .plain
    }
  }
}

/// One accessible session, opened once, for the library and for every command: it binds the person's
/// language, takes what its ``SessionPlan`` decided (the channel, the profile and the line discipline, from what
/// detection saw), starts speech when that was chosen, and opens prompts on those decisions, each starting with
/// the notices that concern it (Speakup's key echo that cannot be turned off, a config file others could change).
package final class AccessibleSession: Sendable {
  /// What was decided before anything was opened.
  package let plan: SessionPlan
  /// Where background work posts notices (speech that does not answer).
  package let notices: NoticeBoard?
  /// The speech, when it was chosen.
  package let announcer: SpeechDispatcherAnnouncer?

  /// What the speech policy looked at.
  package var inputs: SpeechPolicyInputs { plan.inputs }
  /// The channel and profile decided from them.
  package var decision: SpeechDecision { plan.decision }
  /// The caller's choices.
  package var preferences: SessionPreferences { plan.preferences }
  /// The environment the session was opened with.
  package var environment: [String: String] { plan.environment }
  /// What detection saw.
  package var detection: ScreenReaderDetection { inputs.detection }

  /// Opens the session: binds the language, and starts speech in the background when the plan chose it;
  /// libspeechd may start a daemon only under `--speech on`. When speech was chosen and does not answer, one
  /// fixed notice is shown for the whole session.
  ///
  /// - Parameter plan: What was decided, from ``SessionPlan/init(_:environment:detector:daemonAnswers:)``.
  /// - Throws: ``PromptError/noTerminal(_:)`` when the notice pipe cannot be made.
  package init(_ plan: SessionPlan) throws(PromptError) {
    Localization.startOnce(environment: plan.environment)
    self.plan = plan
    let notices: NoticeBoard
    do {
      notices = try NoticeBoard()
    } catch {
      throw .noTerminal(error)
    }
    self.notices = notices
    guard case let .speechDispatcher(mayStartDaemon) = plan.decision.channel else {
      announcer = nil
      return
    }
    var configuration = SpeechDispatcherConfiguration()
    configuration.autospawn = mayStartDaemon
    configuration.voice = plan.preferences.voice
    configuration.startupGrace = plan.preferences.startupGrace
    let firstOutage = OneTimeFlag()
    let notice = SpeechDecision.unreachableNotice(atBoot: plan.preferences.isAtBoot)
    announcer = SpeechDispatcherAnnouncer(configuration: configuration) { _ in
      // The reason is libspeechd's own text, for doctor; the notice is fixed words, once a session.
      if firstOutage.takeFirst() { notices.post(.notice(SanitizedText(notice))) }
    }
  }

  /// The settings of a prompt of this session: the plan's decisions, this session's speech and notices, and
  /// what differs from prompt to prompt
  /// (``SessionPlan/promptSettings(announcer:notices:terminalPath:requiresOwnTerminal:terminalType:outputIsTerminal:ignoresInterruptions:remote:makeSecretStorage:)``).
  ///
  /// - Parameters:
  ///   - terminalPath: The terminal to ask on; `nil` for the controlling one.
  ///   - requiresOwnTerminal: Whether a terminal of another user (neither this one nor root) is refused.
  ///   - terminalType: Used as `TERM` when given (pinentry's `ttytype`).
  ///   - outputIsTerminal: Whether the prompt's output is a terminal; `nil` asks about standard output.
  ///   - ignoresInterruptions: Whether Ctrl-C and friends are ignored (`lock`).
  ///   - remote: The caller's side of the prompt, kept across prompts (`agent`), if given.
  ///   - makeSecretStorage: Makes the memory a typed code is kept in.
  /// - Returns: The settings.
  package func promptSettings(
    terminalPath: String? = nil, requiresOwnTerminal: Bool = false, terminalType: String? = nil,
    outputIsTerminal: Bool? = nil, ignoresInterruptions: Bool = false, remote: PromptRemote? = nil,
    makeSecretStorage: @escaping @Sendable (Int) -> any SecretStorage = { WipedSecretBuffer(capacity: $0) }
  ) -> PromptSettings {
    plan.promptSettings(
      announcer: announcer, notices: notices, terminalPath: terminalPath, requiresOwnTerminal: requiresOwnTerminal,
      terminalType: terminalType, outputIsTerminal: outputIsTerminal, ignoresInterruptions: ignoresInterruptions,
      remote: remote, makeSecretStorage: makeSecretStorage)
  }

  /// Opens a prompt of this session in raw mode, and starts it with the notices that concern it: keys typed
  /// before it that were thrown away, Speakup's key echo, when it is on and cannot be turned off (not root), and a
  /// config file others could change.
  ///
  /// - Parameter settings: The prompt's settings, from ``promptSettings(terminalPath:requiresOwnTerminal:terminalType:outputIsTerminal:ignoresInterruptions:remote:makeSecretStorage:)``.
  /// - Returns: The prompt.
  /// - Throws: ``PromptError`` when the terminal cannot be opened or set up.
  package func openPrompt(_ settings: PromptSettings) throws(PromptError) -> TerminalPasscodePrompt {
    let prompt = try TerminalPasscodePrompt(settings: settings)
    let notices = startupNotices(
      speakupKeyEcho: prompt.speakupKeyEcho, discardedTypedAhead: prompt.discardedTypedAhead)
    if !notices.isEmpty { try? prompt.tell(notices) }
    return prompt
  }

  /// What a prompt of this session says before its first question, as data: keys typed before it that were
  /// thrown away, Speakup's key echo, when it is on and could not be turned off (not root), then a config file
  /// others could change.
  ///
  /// - Parameters:
  ///   - speakupKeyEcho: What the prompt found about Speakup's key echo as it took the terminal.
  ///   - discardedTypedAhead: Whether keys typed before the prompt took the terminal were thrown away.
  /// - Returns: The notices, in order; empty when there is nothing to say.
  package func startupNotices(speakupKeyEcho: SpeakupKeyEcho, discardedTypedAhead: Bool = false) -> [Announcement] {
    var notices: [Announcement] = []
    if discardedTypedAhead { notices.append(.keysTypedBeforeIgnored) }
    if speakupKeyEcho.needsWarning { notices.append(.speakupKeyEchoOn) }
    if preferences.settingsNotTrusted { notices.append(.settingsNotTrusted) }
    return notices
  }

  /// Tells a command's report outside any prompt (`agent --query` finding no question for it): its words, in
  /// the person's language, are printed through `print` and spoken when the session speaks.
  ///
  /// - Parameters:
  ///   - announcement: What to report.
  ///   - print: Writes the words where the command reports (its standard output).
  /// - Throws: What `print` throws.
  package func report<Failure: Error>(
    _ announcement: Announcement, print: (String) throws(Failure) -> Void
  ) throws(Failure) {
    let phrase = AnnouncementCatalogue.current.phrase(for: announcement)
    try print(phrase.words)
    announcer?.announce(phrase)
  }

  /// Stops speech, when the session started it.
  package func close() {
    announcer?.close()
  }
}
