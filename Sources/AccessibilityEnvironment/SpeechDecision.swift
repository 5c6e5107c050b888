import PasscodeEngine
import PasscodeLocalization
import PasscodePreferences

/// Whether to speak through speech-dispatcher, whether the lines must suit a screen reader, and why: the
/// speech policy, a pure function of ``SpeechPolicyInputs``.
///
/// The rules, in order (one channel, never two):
/// 1. `off`, from anywhere: print only.
/// 2. `--speech on`: speak, and libspeechd may start a daemon.
/// 3. A remote session: print only; the person's own screen reader, on their machine, reads the lines.
/// 4. A screen reader reading here: print only; it reads the lines.
/// 5. A standing wish for speech (`PASSCODE_SPEECH=on`, `speech = on` in the config file): speak.
/// 6. A speech-dispatcher already answering for this user: speak.
/// 7. Otherwise: print only, and say nothing about speech.
///
/// Only rule 2 may start a daemon. Screen-reader lines are used when the person said they use a screen
/// reader, when one is reading here, and, unless the person chose a profile, in a remote session: there a
/// screen reader on the computer the person connects from may be reading the terminal, and it reads every
/// redraw again, so each announcement is one new line. A remote session also reduces motion (no shake, no
/// bell) unless the person chose either way.
package struct SpeechDecision: Equatable, Sendable {
  /// Where announcements go.
  package enum Channel: Equatable, Sendable {
    /// Spoken through speech-dispatcher, and shown; `mayStartDaemon` lets libspeechd start one.
    case speechDispatcher(mayStartDaemon: Bool)
    /// Shown only.
    case printOnly
  }

  /// Where announcements go.
  package var channel: Channel
  /// Why, in words `passcode doctor` shows: "Orca is reading the screen".
  package var reason: String
  /// Whether every announcement must be a new line of words (the screen-reader profile).
  package var usesScreenReaderLines: Bool
  /// Why screen-reader lines are used, or `nil` when they are not.
  package var profileReason: String?
  /// Whether motion is reduced although the person did not ask for it (a remote session).
  package var reducesMotion: Bool
  /// What the person may want to do next, for `passcode doctor`; empty when nothing.
  package var advice: [Advice]

  /// A next step `passcode doctor` can suggest.
  package enum Advice: Equatable, Sendable {
    /// Speech was not chosen and no speech-dispatcher answers: start one, which `auto` then speaks through
    /// (rule 6), or force speech.
    case askForSpeech

    /// The advice in words: one sentence.
    package var text: String {
      switch self {
      case .askForSpeech:
        Localization.text(
          "To hear announcements, start speech-dispatcher so that it keeps running: passcode speaks whenever it "
            + "answers (or pass --speech on).")
      }
    }
  }

  /// Creates a decision.
  ///
  /// - Parameters:
  ///   - channel: Where announcements go.
  ///   - reason: Why.
  ///   - usesScreenReaderLines: Whether the screen-reader profile is needed.
  ///   - profileReason: Why it is.
  ///   - reducesMotion: Whether motion is reduced though not asked for.
  ///   - advice: Next steps for `doctor`.
  package init(
    channel: Channel, reason: String, usesScreenReaderLines: Bool = false, profileReason: String? = nil,
    reducesMotion: Bool = false, advice: [Advice] = []
  ) {
    self.channel = channel
    self.reason = reason
    self.usesScreenReaderLines = usesScreenReaderLines
    self.profileReason = profileReason
    self.reducesMotion = reducesMotion
    self.advice = advice
  }

  /// Whether announcements are spoken.
  package var speaks: Bool { channel != .printOnly }

  /// The one notice shown when speech was chosen but speech-dispatcher does not answer. At boot (a crypttab
  /// keyscript, the console agent) no command can be run, so the words say what the person gets instead of
  /// naming `passcode doctor`.
  ///
  /// - Parameter atBoot: Whether the session asks at boot (``SessionPreferences``'s `isAtBoot`).
  /// - Returns: The notice, in the person's language.
  package static func unreachableNotice(atBoot: Bool) -> String {
    atBoot
      ? Localization.text(
        "No speech at this boot: speech-dispatcher is not answering; the words are on the screen only")
      : Localization.text("speech-dispatcher is not answering; run 'passcode doctor'")
  }

  /// Whether the decision for these inputs depends on whether a daemon answers (rules 6 and 7), so the
  /// caller need look only then.
  ///
  /// - Parameter inputs: The inputs, whatever their ``SpeechPolicyInputs/daemon``.
  /// - Returns: `true` when the daemon must be looked for.
  package static func needsDaemonCheck(_ inputs: SpeechPolicyInputs) -> Bool {
    guard inputs.speech.value == .auto, !inputs.locality.isRemote, !inputs.detection.isReading else { return false }
    return true
  }

  /// Decides; a pure function.
  ///
  /// - Parameter inputs: What was asked for and found.
  /// - Returns: The channel, the profile's need and the reasons.
  package static func decide(_ inputs: SpeechPolicyInputs) -> SpeechDecision {
    var decision = channelDecision(inputs)
    if inputs.profile.value == .screenReader {
      decision.usesScreenReaderLines = true
      decision.profileReason = Localization.text(
        "you said you use a screen reader ({stated})", ["stated": "\(inputs.profile.phrase)"])
    } else if inputs.detection.isReading {
      decision.usesScreenReaderLines = true
      decision.profileReason = readingPhrase(inputs.detection)
    } else if case let .remote(evidence) = inputs.locality, inputs.profile.value == .auto {
      decision.usesScreenReaderLines = true
      decision.profileReason = Localization.text(
        "this is a remote session ({evidence}), where a screen reader on the computer you connect from would "
          + "read every redraw again", ["evidence": "\(evidence)"])
    }
    decision.reducesMotion = inputs.locality.isRemote && inputs.reduceMotionSource == .defaultValue
    return decision
  }

  private static func channelDecision(_ inputs: SpeechPolicyInputs) -> SpeechDecision {
    let speech = inputs.speech
    switch speech.value {
    case .off:
      return SpeechDecision(
        channel: .printOnly, reason: Localization.text("speech is off ({source})", ["source": "\(speech.phrase)"]))
    case .on where speech.source.isOption:
      return SpeechDecision(
        channel: .speechDispatcher(mayStartDaemon: true),
        reason: Localization.text("speech is forced on ({source})", ["source": "\(speech.phrase)"]))
    case .on, .auto:
      break
    }
    if case let .remote(evidence) = inputs.locality {
      return SpeechDecision(
        channel: .printOnly,
        reason: Localization.text(
          "this is a remote session ({evidence}); your own screen reader reads the printed lines",
          ["evidence": "\(evidence)"]))
    }
    if inputs.detection.isReading {
      return SpeechDecision(channel: .printOnly, reason: readingPhrase(inputs.detection))
    }
    if speech.value == .on {
      return SpeechDecision(
        channel: .speechDispatcher(mayStartDaemon: false),
        reason: Localization.text("you asked for speech ({source})", ["source": "\(speech.phrase)"]))
    }
    switch inputs.daemon {
    case .answering:
      return SpeechDecision(
        channel: .speechDispatcher(mayStartDaemon: false),
        reason: Localization.text("speech-dispatcher is already running for you"))
    case .absent, .notChecked:
      return SpeechDecision(
        channel: .printOnly, reason: Localization.text("no speech-dispatcher is running and speech was not asked for"),
        advice: [.askForSpeech])
    }
  }

  /// "Orca is reading the screen", translated.
  private static func readingPhrase(_ detection: ScreenReaderDetection) -> String {
    Localization.text("{reader} reading the screen", ["reader": readerPhrase(detection)])
  }

  private static func readerPhrase(_ detection: ScreenReaderDetection) -> String {
    let names = detection.readerNames
    guard !names.isEmpty else { return Localization.text("a screen reader is") }
    return Localization.text(
      singular: "{names} is", plural: "{names} are", count: names.count,
      ["names": names.joined(separator: Localization.text(" and "))])
  }
}

/// Everything the speech policy looks at, gathered in one place
/// (``gather(speech:profile:reduceMotionSource:environment:terminalPath:detector:daemonAnswers:)``) so that it can be gathered late,
/// when the first dialog opens.
package struct SpeechPolicyInputs: Equatable, Sendable {
  /// What was asked for about speech, and where: `on` from an option forces speech, `on` from the
  /// environment or the config file is a standing wish (``SpeechMode/on``).
  package var speech: Setting<SpeechMode>
  /// Whether the session is remote.
  package var locality: SessionLocality
  /// The screen readers found reading.
  package var detection: ScreenReaderDetection
  /// Whether a daemon answered before anything was decided.
  package var daemon: SpeechDaemonPresence
  /// The profile asked for, and where: ``ProfileChoice/screenReader`` says the person uses a screen reader
  /// (`--screen-reader`, `profile = screen-reader`).
  package var profile: Setting<ProfileChoice>
  /// Who chose whether to reduce motion, either way (`--reduce-motion`, `PASSCODE_REDUCE_MOTION`,
  /// `reduce-motion =`); ``SettingSource/defaultValue`` when nobody did, and then a remote session reduces it.
  package var reduceMotionSource: SettingSource

  /// Creates inputs.
  ///
  /// - Parameters:
  ///   - speech: What was asked for about speech; by default `auto`.
  ///   - locality: Whether the session is remote.
  ///   - detection: The screen readers found.
  ///   - daemon: Whether a daemon answered.
  ///   - profile: The profile asked for; by default `auto`.
  ///   - reduceMotionSource: Who chose whether to reduce motion; by default nobody.
  package init(
    speech: Setting<SpeechMode> = Setting(.auto), locality: SessionLocality = .local,
    detection: ScreenReaderDetection = .none, daemon: SpeechDaemonPresence = .notChecked,
    profile: Setting<ProfileChoice> = Setting(.auto), reduceMotionSource: SettingSource = .defaultValue
  ) {
    self.speech = speech
    self.locality = locality
    self.detection = detection
    self.daemon = daemon
    self.profile = profile
    self.reduceMotionSource = reduceMotionSource
  }

  /// Gathers the inputs: the session's locality, the screen readers, and, only when the decision
  /// depends on it, whether a speech-dispatcher answers (`daemonAnswers`, which must never start one:
  /// `PasscodeSpeech`'s `SpeechDaemonProbe.answers()`, kept there because only libspeechd knows the default
  /// address).
  ///
  /// - Parameters:
  ///   - speech: What was asked for about speech.
  ///   - profile: The profile asked for.
  ///   - reduceMotionSource: Who chose whether to reduce motion; by default nobody.
  ///   - environment: The process environment, for the SSH and tmux variables.
  ///   - terminalPath: The terminal asked on when it is not this process's own (`--tty`, `--ttyname`).
  ///   - detector: The screen-reader checks; its `/proc` and user are also the session's locality probe's.
  ///   - daemonAnswers: Whether a daemon answers; called at most once, and only when the decision depends on it.
  /// - Returns: The inputs.
  package static func gather(
    speech: Setting<SpeechMode>, profile: Setting<ProfileChoice>, reduceMotionSource: SettingSource = .defaultValue,
    environment: [String: String], terminalPath: String? = nil, detector: ScreenReaderDetector = ScreenReaderDetector(),
    daemonAnswers: () -> Bool
  ) -> SpeechPolicyInputs {
    let terminal = terminalPath.flatMap { path in
      SessionLocalityProbe.deviceNumber(ofTerminal: path).map { (path: path, device: $0) }
    }
    var detector = detector
    if detector.terminalPath == nil { detector.terminalPath = terminalPath }
    var inputs = SpeechPolicyInputs(
      speech: speech,
      locality: SessionLocalityProbe(
        environment: environment, procRoot: detector.procRoot, userID: detector.userID, terminal: terminal
      ).locality(),
      detection: detector.detect(), profile: profile, reduceMotionSource: reduceMotionSource)
    if SpeechDecision.needsDaemonCheck(inputs) {
      inputs.daemon = daemonAnswers() ? .answering : .absent
    }
    return inputs
  }
}
