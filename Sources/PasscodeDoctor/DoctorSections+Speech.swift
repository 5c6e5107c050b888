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
    return [
      speech, DoctorFinding(verdict: speechDispatcherLine(snapshot.speechDispatcher)),
      session(snapshot),
    ]
  }

  /// speech-dispatcher's answer in words: the address, and the output module or libspeechd's own reason
  /// (in the C library's words, which follow the language too).
  private static func speechDispatcherLine(_ diagnostics: SpeechDiagnostics) -> String {
    if diagnostics.reachable {
      return Localization.text(
        "speech-dispatcher: answering at {address}, output module {module}.",
        ["address": diagnostics.address, "module": diagnostics.outputModule ?? Localization.text("unknown")])
    }
    return Localization.text(
      "speech-dispatcher: not answering at {address}. libspeechd says: {reason}.",
      ["address": diagnostics.address, "reason": diagnostics.failure ?? Localization.text("no reason given")])
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
