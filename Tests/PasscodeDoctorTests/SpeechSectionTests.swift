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
  static let alreadyRunning = DoctorFinding.just(
    "Speech: speak through speech-dispatcher and show the text, because speech-dispatcher is already running for you.")
  static let cannotPlay =
    "speech-dispatcher: answering at unix_socket:/run/s.sock, output module espeak-ng, but it cannot play: a short "
    + "test did not finish within 4 seconds."
  static let hangs =
    "speech-dispatcher: running at unix_socket:/run/s.sock, but it takes connections and never answers. "
    + "libspeechd says: timed out."
  /// The answering daemon, process 4242, after a short test.
  static func played(_ playback: SpeechPlaybackProbe.Outcome, logFile: String? = nil) -> SpeechDiagnostics {
    var diagnostics = answering
    diagnostics.playback = playback
    diagnostics.processID = 4242
    diagnostics.logFile = logFile
    return diagnostics
  }
  /// A daemon that takes connections and never answers, with its pid file and log found.
  static let hung = SpeechDiagnostics(
    reachable: false, failure: "timed out", address: "unix_socket:/run/s.sock", outputModule: nil, accepting: true,
    processID: 4242, logFile: "/run/log/speech-dispatcher.log")

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
        alreadyRunning,
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
    SectionCase(
      "a daemon that takes connections and never answers: restart it by its process, never start another",
      {
        $0.speechInputs.daemon = .answering
        $0.speechDispatcher = hung
      },
      expected: [
        alreadyRunning,
        DoctorFinding(
          verdict: hangs,
          next: "Restart it: the Run line ends the speech-dispatcher that hangs (process 4242) and starts it again. "
            + "Its log, /run/log/speech-dispatcher.log, may say why it hangs.",
          command: "kill -s KILL 4242; sleep 1; speech-dispatcher -d -t 0"),
        local,
      ]),
    SectionCase(
      "a hanging daemon with speech on and no pid file: say how to restart it, no Run line",
      {
        $0.speechInputs.speech = Setting(.on, from: .environment(variable: "PASSCODE_SPEECH"))
        $0.speechDispatcher = hung
        $0.speechDispatcher.processID = nil
        $0.speechDispatcher.logFile = nil
      },
      expected: [
        .just(
          "Speech: speak through speech-dispatcher and show the text, because you asked for speech (PASSCODE_SPEECH=on)."
        ),
        DoctorFinding(
          verdict: hangs,
          next: "Restart it: end the speech-dispatcher process that listens at unix_socket:/run/s.sock, then run "
            + "'speech-dispatcher -d -t 0'."),
        local,
      ]),
    SectionCase(
      "a daemon that answers but cannot play: a short sound, then a restart",
      {
        $0.speechInputs.daemon = .answering
        $0.speechDispatcher = played(.unfinished, logFile: "/run/log/speech-dispatcher.log")
        $0.soundCheckCommand = "aplay /usr/share/sounds/alsa/Front_Center.wav"
      },
      expected: [
        alreadyRunning,
        DoctorFinding(
          verdict: cannotPlay,
          next: "The Run line plays a short sound to check the sound card and, when it plays, restarts "
            + "speech-dispatcher, which opens the sound only as it starts. If you hear nothing, fix the sound first; "
            + "speech-dispatcher's log, /run/log/speech-dispatcher.log, says what failed.",
          command: "aplay /usr/share/sounds/alsa/Front_Center.wav && { kill -s KILL 4242; sleep 1; "
            + "speech-dispatcher -d -t 0; }"),
        local,
      ]),
    SectionCase(
      "cannot play, with no sound player and no log: the restart alone",
      {
        $0.speechInputs.daemon = .answering
        $0.speechDispatcher = played(.unfinished)
      },
      expected: [
        alreadyRunning,
        DoctorFinding(
          verdict: cannotPlay,
          next: "Check that the sound card plays a short sound, then restart speech-dispatcher, which opens the "
            + "sound only as it starts. If you hear nothing, fix the sound first.",
          command: "kill -s KILL 4242; sleep 1; speech-dispatcher -d -t 0"),
        local,
      ]),
    SectionCase(
      "a daemon that finished the short test: nothing to do",
      {
        $0.speechInputs.daemon = .answering
        $0.speechDispatcher = played(.finished)
      },
      expected: [
        alreadyRunning,
        .just(
          "speech-dispatcher: answering at unix_socket:/run/s.sock, output module espeak-ng; it finished a short test."
        ),
        local,
      ]),
  ]

  @Test("each snapshot gives exactly these findings", arguments: rows)
  func section(_ row: SectionCase) {
    expectFindings(DoctorSections.speech(row.snapshot), row)
  }
}
