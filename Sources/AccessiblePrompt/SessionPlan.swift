package import AccessibilityEnvironment
import LockedSecretStorage
import PasscodeEngine
package import PasscodeSpeech
import PasscodeTerminal
internal import SystemCalls

/// What an accessible session decides before it opens anything, as a value: the caller's preferences, what the
/// speech policy looked at, and the channel and profile decided from it. The library's session and every
/// command's are opened from one (``AccessibleSession/init(_:)``), so the two can be compared for the same
/// person, terminal and surroundings; `doctor` reports from one what a prompt would do.
package struct SessionPlan: Equatable, Sendable {
  /// The caller's choices.
  package var preferences: SessionPreferences
  /// The environment the session is opened with.
  package var environment: [String: String]
  /// What the speech policy looked at.
  package var inputs: SpeechPolicyInputs
  /// The channel and profile decided from them.
  package var decision: SpeechDecision

  /// Gathers what the speech policy looks at for these preferences, and decides: the one place both happen.
  ///
  /// - Parameters:
  ///   - preferences: The caller's choices.
  ///   - environment: The process environment.
  ///   - detector: The screen-reader checks; its `/proc` is also where the session's remoteness is looked for.
  ///   - daemonAnswers: Whether a speech-dispatcher answers, asked only when the decision depends on it; it
  ///     must never start one.
  package init(
    _ preferences: SessionPreferences, environment: [String: String],
    detector: ScreenReaderDetector = ScreenReaderDetector(), daemonAnswers: () -> Bool = { SpeechDaemonProbe.answers() }
  ) {
    self.preferences = preferences
    self.environment = environment
    inputs = SpeechPolicyInputs.gather(
      speech: preferences.speech, profile: preferences.profile, reduceMotionSource: preferences.reduceMotionSource,
      environment: environment, terminalPath: preferences.terminalPath, detector: detector,
      daemonAnswers: daemonAnswers)
    decision = SpeechDecision.decide(inputs)
  }

  /// The plan of another tool's prompt (``TerminalPasscodePrompt/current()``): the person's preferences from the
  /// environment alone (``SessionPreferences/library(environment:)``).
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - detector: The screen-reader checks.
  ///   - daemonAnswers: Whether a speech-dispatcher answers; it must never start one.
  /// - Returns: The plan.
  package static func library(
    environment: [String: String], detector: ScreenReaderDetector = ScreenReaderDetector(),
    daemonAnswers: () -> Bool = { SpeechDaemonProbe.answers() }
  ) -> SessionPlan {
    SessionPlan(
      .library(environment: environment), environment: environment, detector: detector, daemonAnswers: daemonAnswers)
  }

  /// The settings of a prompt on this plan: the decisions made once, the session's speech and notices, and what
  /// differs from prompt to prompt. Motion is reduced where the plan decided it (a remote session) and where the
  /// person asked for it, over each configuration's own.
  ///
  /// - Parameters:
  ///   - announcer: The session's speech, if it started any.
  ///   - notices: Where the session's background work posts notices.
  ///   - terminalPath: The terminal to ask on; `nil` for the controlling one.
  ///   - requiresOwnTerminal: Whether a terminal of another user (neither this one nor root) is refused.
  ///   - terminalType: Used as `TERM` when given (pinentry's `ttytype`).
  ///   - outputIsTerminal: Whether the prompt's output is a terminal; `nil` asks about standard output.
  ///   - ignoresInterruptions: Whether Ctrl-C and friends are ignored (`lock`).
  ///   - remote: The caller's side of the prompt, kept across prompts (`agent`), if given.
  ///   - makeSecretStorage: Makes the memory a typed code is kept in.
  /// - Returns: The settings.
  package func promptSettings(
    announcer: SpeechDispatcherAnnouncer? = nil, notices: NoticeBoard? = nil, terminalPath: String? = nil,
    requiresOwnTerminal: Bool = false, terminalType: String? = nil, outputIsTerminal: Bool? = nil,
    ignoresInterruptions: Bool = false, remote: PromptRemote? = nil,
    makeSecretStorage: @escaping @Sendable (Int) -> any SecretStorage = { WipedSecretBuffer(capacity: $0) }
  ) -> PromptSettings {
    var promptEnvironment = environment
    if let terminalType { promptEnvironment["TERM"] = terminalType }
    let requestedProfile = preferences.requestedProfile
    let detection = inputs.detection
    var settings = PromptSettings(
      terminalPath: terminalPath,
      requiresOwnTerminal: requiresOwnTerminal,
      color: preferences.color,
      screenReaderForced: decision.usesScreenReaderLines && requestedProfile == nil,
      screenReaderDetected: detection.isReading,
      reducesMotion: decision.reducesMotion || preferences.reduceMotion,
      lineDiscipline: LineDiscipline(readers: detection.readers),
      requestedProfile: requestedProfile,
      environment: promptEnvironment,
      outputIsTerminal: outputIsTerminal ?? FileDescriptor.standardOutput.isTerminal,
      announcer: announcer,
      soundCues: preferences.soundCues,
      progress: preferences.progress,
      mask: preferences.mask,
      ignoresInterruptions: ignoresInterruptions,
      notices: notices,
      makeSecretStorage: makeSecretStorage,
      remote: remote)
    settings.consoleTones = ConsoleTones.areUsed(
      inputs, decision: decision, speechAnswers: announcer?.isConnected ?? false)
    return settings
  }
}
