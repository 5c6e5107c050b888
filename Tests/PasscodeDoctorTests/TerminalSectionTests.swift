import AccessibilityEnvironment
import PasscodeCommandLine
import PasscodeDoctor
import PasscodePreferences
import PasscodeSpeech
import Testing

@Suite("doctor's terminal and preferences sections")
struct TerminalSectionTests {
  static let askForProfile =
    "If you use a screen reader or a braille display, add 'profile = screen-reader' to /s/config, "
    + "or pass --screen-reader."
  /// The command that adds the line, the file private when it is new.
  static let profileCommand = "(umask 077; mkdir -p /s && echo 'profile = screen-reader' >> /s/config)"
  static let plainFile = DoctorFinding(
    verdict: "Profile: plain (lines with no escape codes), because the terminal is dumb or a file.",
    next: askForProfile, command: profileCommand)
  static let visualTerminal = DoctorFinding(
    verdict: "Profile: visual (one status line redrawn in place), because the terminal takes escape codes.",
    next: askForProfile, command: profileCommand)

  static let rows: [SectionCase] = [
    SectionCase(
      "a terminal that cannot be opened stops a prompt",
      { $0.terminalProblem = "No such device or address" },
      expected: [
        DoctorFinding(
          verdict: "Terminal: a prompt cannot ask on /dev/tty (No such device or address).",
          next: "Run passcode from a terminal, or give one with --tty.", blocksPrompt: true),
        plainFile,
      ]),
    SectionCase(
      "--tty names the device; no TERM",
      { $0.options.tty = "/dev/pts/3" },
      expected: [.just("Terminal: /dev/pts/3 opens; TERM not set, colour off."), plainFile]),
    SectionCase(
      "a colour terminal",
      {
        $0.environment["TERM"] = "xterm-256color"
      },
      expected: [.just("Terminal: /dev/tty opens; TERM xterm-256color, colour on."), visualTerminal]),
    SectionCase(
      "NO_COLOR turns colour off",
      {
        $0.environment["TERM"] = "xterm"
        $0.environment["NO_COLOR"] = "1"
      },
      expected: [.just("Terminal: /dev/tty opens; TERM xterm, colour off."), visualTerminal]),
    SectionCase(
      "an escape in TERM is cleaned away",
      {
        $0.environment["TERM"] = "xterm\u{1B}[2J"
      },
      expected: [.just("Terminal: /dev/tty opens; TERM xterm, colour on."), visualTerminal]),
    SectionCase(
      "Orca reading: the screen-reader profile, nothing to do",
      { $0.speechInputs.detection.orcaRunning = true },
      expected: [
        .just("Terminal: /dev/tty opens; TERM not set, colour off."),
        .just("Profile: screen-reader (each announcement a new line of words), because Orca is reading the screen."),
      ]),
    SectionCase(
      "--screen-reader stated",
      {
        $0.options.profile = .screenReader
        $0.sources[.profile] = .option(spelling: "--screen-reader")
        $0.speechInputs.profile = Setting(.screenReader, from: .option(spelling: "--screen-reader"))
      },
      expected: [
        .just("Terminal: /dev/tty opens; TERM not set, colour off."),
        .just(
          "Profile: screen-reader (each announcement a new line of words), because you said you use a screen "
            + "reader (--screen-reader)."),
      ]),
    SectionCase(
      "profile = visual in the config file, on a terminal",
      {
        $0.environment["TERM"] = "xterm"
        $0.options.profile = .visual
        $0.requestedProfile = .visual
        $0.sources[.profile] = .configuration(path: "/s/config", line: 1)
      },
      expected: [
        .just("Terminal: /dev/tty opens; TERM xterm, colour on."),
        DoctorFinding(
          verdict:
            "Profile: visual (one status line redrawn in place), because profile = visual on line 1 of /s/config.",
          next: askForProfile, command: profileCommand),
      ]),
    SectionCase(
      "profile = plain wins over a reader found reading",
      {
        $0.speechInputs.detection.orcaRunning = true
        $0.options.profile = .plain
        $0.requestedProfile = .plain
        $0.sources[.profile] = .configuration(path: "/s/config", line: 2)
      },
      expected: [
        .just("Terminal: /dev/tty opens; TERM not set, colour off."),
        DoctorFinding(
          verdict: "Profile: plain (lines with no escape codes), because profile = plain on line 2 of /s/config.",
          next: askForProfile, command: profileCommand),
      ]),
    SectionCase(
      "a remote session: the screen-reader profile, because a reader at the other end would read every redraw",
      {
        $0.environment["TERM"] = "xterm"
        $0.speechInputs.locality = .remote(.environment(variable: "SSH_CONNECTION"))
      },
      expected: [
        .just("Terminal: /dev/tty opens; TERM xterm, colour on."),
        .just(
          "Profile: screen-reader (each announcement a new line of words), because this is a remote session "
            + "(SSH_CONNECTION is set), where a screen reader on the computer you connect from would read every "
            + "redraw again."),
      ]),
  ]

  @Test("each snapshot gives exactly these terminal findings", arguments: rows)
  func section(_ row: SectionCase) {
    expectFindings(DoctorSections.terminal(row.snapshot), row)
  }

  static let preferenceRows: [SectionCase] = [
    SectionCase(
      "every preference at its default",
      expected: [
        .just(
          "Preferences: speech auto (the default); profile auto (the default); reduce-motion no (the default); "
            + "sound no (the default); progress count (the default); mask circle (the default)."),
        .just(
          "Voice: speech-rate speech-dispatcher's own (the default); speech-pitch speech-dispatcher's own (the "
            + "default); speech-volume speech-dispatcher's own (the default); speech-voice speech-dispatcher's own "
            + "(the default)."),
      ]),
    SectionCase(
      "each from its own place",
      {
        $0.options.speech = .on
        $0.sources[.speech] = .environment(variable: "PASSCODE_SPEECH")
        $0.options.profile = .screenReader
        $0.sources[.profile] = .option(spelling: "--screen-reader")
        $0.options.reduceMotion = true
        $0.sources[.reduceMotion] = .configuration(path: "/s/config", line: 3)
        $0.options.sound = true
        $0.sources[.sound] = .option(spelling: "--sound")
        $0.options.progress = .tick
        $0.sources[.progress] = .configuration(path: "/s/config", line: 4)
      },
      expected: [
        .just(
          "Preferences: speech on (PASSCODE_SPEECH); profile screen-reader (--screen-reader); "
            + "reduce-motion yes (config file line 3); sound yes (--sound); progress tick (config file line 4); mask circle (the default)."
        ),
        .just(
          "Voice: speech-rate speech-dispatcher's own (the default); speech-pitch speech-dispatcher's own (the "
            + "default); speech-volume speech-dispatcher's own (the default); speech-voice speech-dispatcher's own "
            + "(the default)."),
      ]),
    SectionCase(
      "the voice, each setting from its own place",
      {
        $0.options.voice = VoiceSettings(rate: -40, pitch: 0, volume: 70, voice: .named("Spanish (Spain)+Annie"))
        $0.sources[.speechRate] = .option(spelling: "--speech-rate")
        $0.sources[.speechPitch] = .environment(variable: "PASSCODE_SPEECH_PITCH")
        $0.sources[.speechVolume] = .configuration(path: "/s/config", line: 4)
        $0.sources[.speechVoice] = .configuration(path: "/s/config", line: 5)
      },
      expected: [
        .just(
          "Preferences: speech auto (the default); profile auto (the default); reduce-motion no (the default); "
            + "sound no (the default); progress count (the default); mask circle (the default)."),
        .just(
          "Voice: speech-rate -40 (--speech-rate); speech-pitch 0 (PASSCODE_SPEECH_PITCH); speech-volume 70 "
            + "(config file line 4); speech-voice Spanish (Spain)+Annie (config file line 5)."),
      ]),
    SectionCase(
      "a remote session reduces motion when nobody chose",
      { $0.speechInputs.locality = .remote(.environment(variable: "SSH_CONNECTION")) },
      expected: [
        .just(
          "Preferences: speech auto (the default); profile auto (the default); reduce-motion yes (a remote "
            + "session); sound no (the default); progress count (the default); mask circle (the default)."),
        .just(
          "Voice: speech-rate speech-dispatcher's own (the default); speech-pitch speech-dispatcher's own (the "
            + "default); speech-volume speech-dispatcher's own (the default); speech-voice speech-dispatcher's own "
            + "(the default)."),
      ]),
    SectionCase(
      "a remote session keeps the motion the person chose",
      {
        $0.speechInputs.locality = .remote(.environment(variable: "SSH_CONNECTION"))
        $0.sources[.reduceMotion] = .environment(variable: "PASSCODE_REDUCE_MOTION")
        $0.speechInputs.reduceMotionSource = .environment(variable: "PASSCODE_REDUCE_MOTION")
      },
      expected: [
        .just(
          "Preferences: speech auto (the default); profile auto (the default); reduce-motion no "
            + "(PASSCODE_REDUCE_MOTION); sound no (the default); progress count (the default); mask circle (the default)."
        ),
        .just(
          "Voice: speech-rate speech-dispatcher's own (the default); speech-pitch speech-dispatcher's own (the "
            + "default); speech-volume speech-dispatcher's own (the default); speech-voice speech-dispatcher's own "
            + "(the default)."),
      ]),
  ]

  @Test("each snapshot gives exactly this preferences line", arguments: preferenceRows)
  func preferences(_ row: SectionCase) {
    expectFindings(DoctorSections.preferences(row.snapshot), row)
  }
}
