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
          next: "If you read this terminal another way, add 'profile = screen-reader' to the config file."),
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
    SectionCase(
      "Speakup speaking every key: how to turn it off",
      {
        $0.speechInputs.detection.speakupPresent = true
        $0.speechInputs.detection.speakupKeyEcho = 2
      },
      expected: [
        reading("Speakup"), noBraille, atspiOff,
        DoctorFinding(
          verdict: "Speakup key echo: on (key_echo 2), so Speakup speaks every key you type, digits included.",
          next: "Turn it off before typing a passcode: echo 0 | sudo tee /sys/accessibility/speakup/key_echo"),
      ]),
    SectionCase(
      "Speakup with key_echo 1",
      {
        $0.speechInputs.detection.speakupPresent = true
        $0.speechInputs.detection.speakupKeyEcho = 1
      },
      expected: [
        reading("Speakup"), noBraille, atspiOff, .just("Speakup key echo: does not speak digits (key_echo 1)."),
      ]),
    SectionCase(
      "Speakup whose key_echo cannot be read",
      { $0.speechInputs.detection.speakupPresent = true },
      expected: [
        reading("Speakup"), noBraille, atspiOff,
        .just("Speakup key echo: does not speak digits (key_echo unreadable)."),
      ]),
  ]

  @Test("each snapshot gives exactly these findings", arguments: rows)
  func section(_ row: SectionCase) {
    expectFindings(DoctorSections.screenReaders(row.snapshot), row)
  }
}
