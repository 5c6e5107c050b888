import AccessibilityEnvironment
import PasscodeLocalization
import PasscodeSpeech

extension DoctorSections {
  /// The speech channel and why, speech-dispatcher's answer, and whether the session is remote.
  ///
  /// - Parameter snapshot: What was gathered.
  /// - Returns: Three findings.
  package static func speech(_ snapshot: DoctorSnapshot) -> [DoctorFinding] {
    let decision = snapshot.speechDecision
    let configFile = snapshot.shownConfigFile
    let channel =
      decision.speaks
      ? Localization.text("speak through speech-dispatcher and show the text")
      : Localization.text("show the text only")
    var speech = DoctorFinding(
      verdict: Localization.text(
        "Speech: {channel}, because {reason}.", ["channel": channel, "reason": decision.reason]))
    if decision.speaks, !snapshot.speechDispatcher.reachable {
      speech.next = Localization.text(
        "Start speech-dispatcher (systemctl --user start speech-dispatcher, or speech-dispatcher -d), "
          + "or add 'speech = off' to {file}; until then you get one notice and the text.",
        ["file": configFile])
    } else if !decision.speaks, decision.advice.contains(.askForSpeech) {
      speech.next = SpeechDecision.Advice.askForSpeech.text(configFile: configFile)
    }
    if case .speechDispatcher(mayStartDaemon: true) = decision.channel {
      speech.verdict +=
        " "
        + Localization.text(
          "With --speech on, libspeechd may start a speech-dispatcher, which stops 5 seconds after "
            + "passcode leaves it (its own Timeout).")
    }
    return [speech, DoctorFinding(verdict: snapshot.speechDispatcher.line), session(snapshot, decision: decision)]
  }

  private static func session(_ snapshot: DoctorSnapshot, decision: SpeechDecision) -> DoctorFinding {
    switch snapshot.speechInputs.locality {
    case .local:
      return DoctorFinding(verdict: Localization.text("Session: local; no SSH, mosh or remote tmux client found."))
    case let .remote(evidence):
      var session = DoctorFinding(
        verdict: Localization.text(
          "Session: remote, because {evidence}; nothing is spoken on this machine.", ["evidence": "\(evidence)"]))
      if decision.advice.contains(.stateScreenReader) {
        session.next = SpeechDecision.Advice.stateScreenReader.text(configFile: snapshot.shownConfigFile)
      }
      return session
    }
  }
}
