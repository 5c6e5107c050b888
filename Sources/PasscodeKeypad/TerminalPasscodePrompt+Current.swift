internal import AccessibilityEnvironment
import PasscodeEngine
internal import PasscodePreferences
internal import PasscodeSpeech
import PasscodeTerminal
internal import SystemCalls

extension TerminalPasscodePrompt {
  /// Opens a prompt on the controlling terminal with the accessible defaults: the process environment, the
  /// screen readers found reading this terminal (their line discipline and the screen-reader profile), and
  /// speech through speech-dispatcher when the speech policy chooses it (`SpeechDecision`: no screen reader
  /// reading, which would speak for itself, a daemon already running, a local session), and how much the
  /// feedback reveals from `PASSCODE_PROGRESS` (`count`, `tick` or `silent`, as `passcode --progress`; an empty
  /// or unknown value leaves each configuration's own).
  ///
  /// - Returns: The prompt, in raw mode; it owns the speech it started (`PromptSettings.closesAnnouncer`), so
  ///   ``close()`` also stops it.
  /// - Throws: ``PromptError/noTerminal(_:)`` when no terminal can be opened or put in raw mode.
  public static func current() throws(PromptError) -> TerminalPasscodePrompt {
    let environment = ProcessEnvironment.current()
    let inputs = SpeechPolicyInputs.gather(
      speech: Setting(.auto), profile: Setting(.auto), environment: environment,
      terminalPath: TerminalDevice.controllingTerminalPath, daemonAnswers: { SpeechDaemonProbe.answers() })
    let decision = SpeechDecision.decide(inputs)
    var announcer: SpeechDispatcherAnnouncer?
    let notices = try? NoticeBoard()
    if case let .speechDispatcher(mayStartDaemon) = decision.channel {
      var configuration = SpeechDispatcherConfiguration()
      configuration.autospawn = mayStartDaemon
      // The reason is libspeechd's own text; the user is shown fixed words, and the prompt goes on in text.
      announcer = SpeechDispatcherAnnouncer(configuration: configuration) { _ in
        notices?.post(SanitizedText(SpeechDecision.unreachableNotice))
      }
    }
    var settings = PromptSettings(
      screenReaderForced: decision.usesScreenReaderLines, screenReaderDetected: inputs.detection.isReading,
      reducesMotion: decision.reducesMotion,
      lineDiscipline: LineDiscipline(readers: inputs.detection.readers), environment: environment,
      outputIsTerminal: FileDescriptor.standardOutput.isTerminal, announcer: announcer, notices: notices)
    settings.closesAnnouncer = true
    settings.progress = environment[ProgressFeedback.environmentVariable].flatMap(
      ProgressFeedback.init(environmentValue:))
    do {
      return try TerminalPasscodePrompt(settings: settings)
    } catch {
      announcer?.close()
      throw error
    }
  }
}
