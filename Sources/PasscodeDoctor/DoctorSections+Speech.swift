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
    // Only a daemon that is not there is started; one that is there but hangs or cannot play is the next
    // finding's, whose step restarts it (starting another says "already running" and fails).
    if decision.speaks, !snapshot.speechDispatcher.accepting {
      speech.next =
        Localization.text(
          "Start speech-dispatcher so that it keeps running, or add 'speech = off' to {file}; until then you get "
            + "one notice and the text.", ["file": configFile]) + " " + startHow(snapshot)
      speech.command = startCommand(snapshot)
    } else if !decision.speaks, decision.advice.contains(.askForSpeech) {
      speech.next = SpeechDecision.Advice.askForSpeech.text + " " + startHow(snapshot)
      speech.command = startCommand(snapshot)
    }
    if case .speechDispatcher(mayStartDaemon: true) = decision.channel {
      speech.verdict +=
        " "
        + Localization.text(
          "With --speech on, libspeechd may start a speech-dispatcher, which stops 5 seconds after "
            + "passcode leaves it (its own Timeout).")
    }
    return [speech, speechDispatcherFinding(snapshot), session(snapshot)]
  }

  /// speech-dispatcher's answer in words, for each of its states: absent (the address, and libspeechd's own
  /// reason, in the C library's words, which follow the language too), there but hanging (restart it),
  /// answering but unable to play (check the sound card, then restart it), and answering.
  private static func speechDispatcherFinding(_ snapshot: DoctorSnapshot) -> DoctorFinding {
    let diagnostics = snapshot.speechDispatcher
    let reason = diagnostics.failure ?? Localization.text("no reason given")
    var values = [
      "address": diagnostics.address, "module": diagnostics.outputModule ?? Localization.text("unknown"),
      "reason": reason, "start": startCommand(snapshot),
      "seconds": "\(SpeechPlaybackProbe.deadline.components.seconds)",
    ]
    if let logFile = diagnostics.logFile { values["log"] = DoctorText.path(logFile) }
    let restart = diagnostics.processID.map { "kill -s KILL \($0); sleep 1; \(startCommand(snapshot))" }
    if diagnostics.reachable {
      switch diagnostics.playback {
      case .unfinished:
        return cannotPlay(snapshot, values, restart: restart)
      case .finished:
        return DoctorFinding(
          verdict: Localization.text(
            "speech-dispatcher: answering at {address}, output module {module}; it finished a short test.", values))
      case .unknown, nil:
        return DoctorFinding(
          verdict: Localization.text("speech-dispatcher: answering at {address}, output module {module}.", values))
      }
    }
    guard diagnostics.accepting else {
      return DoctorFinding(
        verdict: Localization.text("speech-dispatcher: not answering at {address}. libspeechd says: {reason}.", values))
    }
    return hanging(diagnostics, values, restart: restart)
  }

  /// A daemon that answers but did not finish the short test: a short sound checks the sound card, and a
  /// restart opens the sound again (the daemon opens it only as it starts).
  private static func cannotPlay(_ snapshot: DoctorSnapshot, _ values: [String: String], restart: String?)
    -> DoctorFinding
  {
    var finding = DoctorFinding(
      verdict: Localization.text(
        "speech-dispatcher: answering at {address}, output module {module}, but it cannot play: a short test "
          + "did not finish within {seconds} seconds.", values))
    var next: String
    if let sound = snapshot.soundCheckCommand, let restart {
      next = Localization.text(
        "The Run line plays a short sound to check the sound card and, when it plays, restarts "
          + "speech-dispatcher, which opens the sound only as it starts.")
      finding.command = "\(sound) && { \(restart); }"
    } else {
      next = Localization.text(
        "Check that the sound card plays a short sound, then restart speech-dispatcher, which opens the "
          + "sound only as it starts.")
      finding.command = snapshot.soundCheckCommand ?? restart
    }
    next +=
      " "
      + (values["log"] == nil
        ? Localization.text("If you hear nothing, fix the sound first.")
        : Localization.text(
          "If you hear nothing, fix the sound first; speech-dispatcher's log, {log}, says what failed.", values))
    finding.next = next
    return finding
  }

  /// A daemon that takes connections and never answers: it is there, so starting another fails ("already
  /// running"); the step ends the one its pid file names and starts it again.
  private static func hanging(_ diagnostics: SpeechDiagnostics, _ values: [String: String], restart: String?)
    -> DoctorFinding
  {
    var values = values
    var hangs = DoctorFinding(
      verdict: Localization.text(
        "speech-dispatcher: running at {address}, but it takes connections and never answers. libspeechd says: "
          + "{reason}.", values))
    if let restart {
      values["process"] = "\(diagnostics.processID ?? 0)"
      hangs.next = Localization.text(
        "Restart it: the Run line ends the speech-dispatcher that hangs (process {process}) and starts it again.",
        values)
      hangs.command = restart
    } else {
      hangs.next = Localization.text(
        "Restart it: end the speech-dispatcher process that listens at {address}, then run '{start}'.", values)
    }
    if values["log"] != nil {
      hangs.next? += " " + Localization.text("Its log, {log}, may say why it hangs.", values)
    }
    return hangs
  }

  /// The command that starts speech-dispatcher and keeps it: the systemd user socket where one is installed
  /// (systemd starts the daemon whenever a program asks), else the daemon with `-t 0`, its own option for
  /// never stopping when its last client leaves (without it, it stops 5 seconds later: `Timeout` in
  /// speechd.conf), never `speech-dispatcher -d` alone.
  ///
  /// - Parameter snapshot: What was gathered.
  /// - Returns: One shell command.
  package static func startCommand(_ snapshot: DoctorSnapshot) -> String {
    snapshot.speechDispatcherSocketUnit
      ? "systemctl --user enable --now speech-dispatcher.socket" : "speech-dispatcher -d -t 0"
  }

  /// Why ``startCommand(_:)`` keeps speech working after this login too.
  private static func startHow(_ snapshot: DoctorSnapshot) -> String {
    snapshot.speechDispatcherSocketUnit
      ? Localization.text("systemd then starts it whenever a program asks, at every login.")
      : Localization.text(
        "'-t 0' keeps it from stopping when the last program leaves it; add the same command to your shell's "
          + "start-up file to start it at each login.")
  }

  private static func session(_ snapshot: DoctorSnapshot) -> DoctorFinding {
    switch snapshot.speechInputs.locality {
    case .local:
      return DoctorFinding(verdict: Localization.text("Session: local; no SSH, mosh or remote tmux client found."))
    case let .remote(evidence):
      return DoctorFinding(
        verdict: Localization.text(
          "Session: remote, because {evidence}; nothing is spoken on this machine.", ["evidence": "\(evidence)"]))
    }
  }
}
