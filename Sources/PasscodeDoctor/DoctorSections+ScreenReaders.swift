import AccessibilityEnvironment
import PasscodeLocalization

extension DoctorSections {
  /// The screen readers reading this session, console readers running elsewhere, braille, the AT-SPI
  /// setting and Speakup's key echo.
  ///
  /// - Parameter snapshot: What was gathered.
  /// - Returns: The findings, one per reader.
  package static func screenReaders(_ snapshot: DoctorSnapshot) -> [DoctorFinding] {
    let detection = snapshot.speechInputs.detection
    var findings: [DoctorFinding] = []
    if detection.readerNames.isEmpty {
      findings.append(DoctorFinding(verdict: Localization.text("Screen reader: none found reading this session.")))
    }
    for name in detection.readerNames {
      findings.append(
        DoctorFinding(
          verdict: Localization.text(
            "Screen reader: {name} found; passcode prints lines of words for it and does not also speak.",
            ["name": name])))
    }
    for reader in detection.consoleReadersElsewhere {
      findings.append(
        DoctorFinding(
          verdict: Localization.text(
            "Screen reader: {name} is running, but it reads only the Linux console and this terminal "
              + "is not one, so passcode does not count it.", ["name": reader.name]),
          next: Localization.text(
            "If you read this terminal another way, add 'profile = screen-reader' to the config file.")))
    }
    findings.append(DoctorFinding(verdict: snapshot.braille.line))
    findings.append(DoctorFinding(verdict: atspiVerdict(detection.atspiEnabled)))
    findings.append(speakupFinding(detection))
    return findings
  }

  private static func atspiVerdict(_ enabled: Bool?) -> String {
    switch enabled {
    case true: Localization.text("AT-SPI screen reader setting: on.")
    case false: Localization.text("AT-SPI screen reader setting: off.")
    case nil: Localization.text("AT-SPI screen reader setting: unknown (no answer on the session bus).")
    }
  }

  private static func speakupFinding(_ detection: ScreenReaderDetection) -> DoctorFinding {
    guard detection.speakupPresent else {
      return DoctorFinding(verdict: Localization.text("Speakup: not loaded, so its key echo does not apply."))
    }
    guard !detection.speakupEchoesKeys else {
      return DoctorFinding(
        verdict: Localization.text(
          "Speakup key echo: on (key_echo 2), so Speakup speaks every key you type, digits included."),
        next: Localization.text(
          "Turn it off before typing a passcode: echo 0 | sudo tee /sys/accessibility/speakup/key_echo"))
    }
    let echo = detection.speakupKeyEcho.map { "key_echo \($0)" } ?? Localization.text("key_echo unreadable")
    return DoctorFinding(
      verdict: Localization.text("Speakup key echo: does not speak digits ({echo}).", ["echo": echo]))
  }
}
