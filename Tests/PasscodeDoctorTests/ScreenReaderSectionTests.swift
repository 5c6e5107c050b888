import AccessibilityEnvironment
import PasscodeDoctor
import PasscodeSpeech
import Testing

@Suite("doctor's screen-reader section: readers, braille, AT-SPI and Speakup's key echo")
struct ScreenReaderSectionTests {
  static let none = DoctorFinding.just("Screen reader: none found reading this session.")
  static let noBraille = DoctorFinding.just("Braille: brltty not running.")
  static let atspiOff = DoctorFinding.just("AT-SPI screen reader setting: off.")
  static let noSpeakup = DoctorFinding.just("Speakup: not loaded, so its key echo does not apply.")

  static let turnOffStep = "Turn it off before typing a passcode (passcode run as root does that itself)."

  /// A snapshot with Speakup loaded, reading the console, and its one key echo finding.
  static func speakup(
    _ name: String, keyEcho: Int?, writable: Bool = false, root: Bool = false, finds finding: DoctorFinding
  ) -> SectionCase {
    SectionCase(
      name,
      {
        $0.speechInputs.detection.speakupPresent = true
        $0.speechInputs.detection.speakupKeyEcho = keyEcho
        $0.speechInputs.detection.speakupKeyEchoWritable = writable
        $0.runsAsRoot = root
      },
      expected: [reading("Speakup"), noBraille, atspiOff, finding])
  }

  /// Key echo on and not changeable by this process, with the command that turns it off.
  static func leftOn(_ keyEcho: Int, command: String) -> DoctorFinding {
    DoctorFinding(
      verdict: "Speakup key echo: on (key_echo \(keyEcho)), and only root can change it, so Speakup may speak the "
        + "keys you type, digits included.",
      next: turnOffStep, command: command)
  }

  static func reading(_ name: String) -> DoctorFinding {
    .just("Screen reader: \(name) found; passcode prints lines of words for it and does not also speak.")
  }

  static let rows: [SectionCase] = [
    SectionCase("nothing found", expected: [none, noBraille, atspiOff, noSpeakup]),
    SectionCase(
      "Orca and Fenrir, desktop reader first; the AT-SPI setting on",
      {
        $0.speechInputs.detection = ScreenReaderDetection(
          atspiEnabled: true, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: true, fenrirRunning: true)
      },
      expected: [
        reading("Orca"), reading("Fenrir"), noBraille, .just("AT-SPI screen reader setting: on."), noSpeakup,
      ]),
    SectionCase(
      "the AT-SPI setting alone names a reader; no answer on the bus is unknown",
      {
        $0.speechInputs.detection = ScreenReaderDetection(
          atspiEnabled: true, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: false)
      },
      expected: [reading("AT-SPI screen reader"), noBraille, .just("AT-SPI screen reader setting: on."), noSpeakup]),
    SectionCase(
      "brltty running while the prompt is on a pseudo-terminal: not counted, with the way to say so",
      {
        $0.speechInputs.detection = ScreenReaderDetection(
          atspiEnabled: nil, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: false, brlttyRunning: true,
          promptOnConsole: false)
        $0.braille = .display(columns: 40, rows: 1, driver: "vr")
      },
      expected: [
        none,
        DoctorFinding(
          verdict: "Screen reader: brltty is running, but it reads only the Linux console and this terminal is "
            + "not one, so passcode does not count it.",
          next: "If you read this terminal another way, add 'profile = screen-reader' to the config file.",
          command: "(umask 077; mkdir -p /s && echo 'profile = screen-reader' >> /s/config)"),
        .just("Braille: brltty running, display of 40 cells (driver vr)."),
        .just("AT-SPI screen reader setting: unknown (no answer on the session bus)."), noSpeakup,
      ]),
    SectionCase(
      "brltty on the console, its display unknown",
      {
        $0.speechInputs.detection.brlttyRunning = true
        $0.braille = .displayUnknown(reason: "connect: No such file or directory")
      },
      expected: [
        reading("brltty"), .just("Braille: brltty running; display size unknown (connect: No such file or directory)."),
        atspiOff, noSpeakup,
      ]),
    speakup(
      "Speakup speaking every key, not root: only root can change it, and the command (with sudo)", keyEcho: 2,
      finds: leftOn(2, command: "echo 0 | sudo tee /sys/accessibility/speakup/key_echo")),
    speakup(
      "as root the command needs no sudo (an initramfs or a rescue system has none)", keyEcho: 2, root: true,
      finds: leftOn(2, command: "echo 0 > /sys/accessibility/speakup/key_echo")),
    speakup(
      "Speakup's key echo writable by this process: passcode turns it off while one types", keyEcho: 1,
      writable: true, root: true,
      finds: .just(
        "Speakup key echo: on (key_echo 1); passcode turns it off while you type and puts it back afterwards.")),
    speakup(
      "Speakup's key echo off", keyEcho: 0,
      finds: .just("Speakup key echo: off (key_echo 0), so Speakup speaks no key you type.")),
    speakup(
      "Speakup whose key_echo cannot be read", keyEcho: nil,
      finds: DoctorFinding(
        verdict: "Speakup key echo: unreadable, so passcode cannot tell whether Speakup speaks the keys you type.",
        next: turnOffStep, command: "echo 0 | sudo tee /sys/accessibility/speakup/key_echo")),
  ]

  @Test("each snapshot gives exactly these findings", arguments: rows)
  func section(_ row: SectionCase) {
    expectFindings(DoctorSections.screenReaders(row.snapshot), row)
  }
}
