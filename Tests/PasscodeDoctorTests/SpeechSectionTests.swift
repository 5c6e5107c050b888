import AccessibilityEnvironment
import PasscodeDoctor
import PasscodePreferences
import PasscodeSpeech
import Testing

@Suite("doctor's speech section: the channel and why, speech-dispatcher, the session")
struct SpeechSectionTests {
  static let unreachable = DoctorFinding.just(
    "speech-dispatcher: not answering at unix_socket:/run/s.sock. libspeechd says: no socket.")
  static let local = DoctorFinding.just("Session: local; no SSH, mosh or remote tmux client found.")
  /// Why `speech-dispatcher -d -t 0` keeps speech working (no socket unit installed).
  static let keepsRunning =
    "'-t 0' keeps it from stopping when the last program leaves it; add the same command to your shell's "
    + "start-up file to start it at each login."
  static let askForSpeech =
    "To hear announcements, start speech-dispatcher so that it keeps running: passcode speaks whenever it "
    + "answers (or pass --speech on). " + keepsRunning
  static let startDaemon =
    "Start speech-dispatcher so that it keeps running, or add 'speech = off' to /s/config; until then you get "
    + "one notice and the text. " + keepsRunning
  static let start = "speech-dispatcher -d -t 0"
  static let answering = SpeechDiagnostics(
    reachable: true, failure: nil, address: "unix_socket:/run/s.sock", outputModule: "espeak-ng")

  static let rows: [SectionCase] = [
    SectionCase(
      "no daemon, nothing asked: print, and say how to ask",
      expected: [
        DoctorFinding(
          verdict: "Speech: show the text only, because no speech-dispatcher is running and speech was not asked for.",
          next: askForSpeech, command: start),
        unreachable, local,
      ]),
    SectionCase(
      "no store: the advice names the config file in words",
      { $0.store = .unlocated(.noHomeDirectory) },
      expected: [
        DoctorFinding(
          verdict: "Speech: show the text only, because no speech-dispatcher is running and speech was not asked for.",
          next: askForSpeech, command: start),
        unreachable, local,
      ]),
    SectionCase(
      "a line feed in the config file's path is shown, not sent",
      { $0.store = .located(configFile: "/s\n/config", health: .init(entries: []), settingsProblem: nil) },
      expected: [
        DoctorFinding(
          verdict: "Speech: show the text only, because no speech-dispatcher is running and speech was not asked for.",
          next: askForSpeech, command: start),
        unreachable, local,
      ]),
    SectionCase(
      "--speech on with no daemon: speak, may start one, and how to start it",
      { $0.speechInputs.speech = Setting(.on, from: .option(spelling: "--speech")) },
      expected: [
        DoctorFinding(
          verdict: "Speech: speak through speech-dispatcher and show the text, because speech is forced on "
            + "(--speech on). With --speech on, libspeechd may start a speech-dispatcher, which stops 5 seconds "
            + "after passcode leaves it (its own Timeout).",
          next: startDaemon, command: start),
        unreachable, local,
      ]),
    SectionCase(
      "a standing wish and an answering daemon: speak, nothing to do",
      {
        $0.speechInputs.speech = Setting(.on, from: .environment(variable: "PASSCODE_SPEECH"))
        $0.speechDispatcher = answering
      },
      expected: [
        .just(
          "Speech: speak through speech-dispatcher and show the text, because you asked for speech (PASSCODE_SPEECH=on)."
        ),
        .just("speech-dispatcher: answering at unix_socket:/run/s.sock, output module espeak-ng."), local,
      ]),
    SectionCase(
      "a daemon already running: speak",
      {
        $0.speechInputs.daemon = .answering
        $0.speechDispatcher = answering
      },
      expected: [
        .just(
          "Speech: speak through speech-dispatcher and show the text, because speech-dispatcher is already running for you."
        ),
        .just("speech-dispatcher: answering at unix_socket:/run/s.sock, output module espeak-ng."), local,
      ]),
    SectionCase(
      "--speech off: print, no advice",
      { $0.speechInputs.speech = Setting(.off, from: .option(spelling: "--speech")) },
      expected: [.just("Speech: show the text only, because speech is off (--speech off)."), unreachable, local]),
    SectionCase(
      "a remote session: print, and nothing to do (its lines and motion are the terminal section's)",
      { $0.speechInputs.locality = .remote(.environment(variable: "SSH_CONNECTION")) },
      expected: [
        .just(
          "Speech: show the text only, because this is a remote session (SSH_CONNECTION is set); "
            + "your own screen reader reads the printed lines."),
        unreachable, .just("Session: remote, because SSH_CONNECTION is set; nothing is spoken on this machine."),
      ]),
    SectionCase(
      "a remote session with a screen reader stated: nothing to do",
      {
        $0.speechInputs.locality = .remote(.ancestor(program: "sshd"))
        $0.speechInputs.profile = Setting(.screenReader, from: .option(spelling: "--screen-reader"))
      },
      expected: [
        .just(
          "Speech: show the text only, because this is a remote session (it runs under sshd); "
            + "your own screen reader reads the printed lines."),
        unreachable, .just("Session: remote, because it runs under sshd; nothing is spoken on this machine."),
      ]),
    SectionCase(
      "Orca reading: print only",
      { $0.speechInputs.detection.orcaRunning = true },
      expected: [.just("Speech: show the text only, because Orca is reading the screen."), unreachable, local]),
    SectionCase(
      "speech-dispatcher's user socket unit installed: enable it, never -d alone",
      {
        $0.speechInputs.speech = Setting(.on, from: .configuration(path: "/s/config", line: 1))
        $0.speechDispatcherSocketUnit = true
      },
      expected: [
        DoctorFinding(
          verdict: "Speech: speak through speech-dispatcher and show the text, because you asked for speech "
            + "(speech = on on line 1 of /s/config).",
          next: "Start speech-dispatcher so that it keeps running, or add 'speech = off' to /s/config; until then "
            + "you get one notice and the text. systemd then starts it whenever a program asks, at every login.",
          command: "systemctl --user enable --now speech-dispatcher.socket"),
        unreachable, local,
      ]),
  ]

  @Test("each snapshot gives exactly these findings", arguments: rows)
  func section(_ row: SectionCase) {
    expectFindings(DoctorSections.speech(row.snapshot), row)
  }
}
