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
            "If you read this terminal another way, add 'profile = screen-reader' to the config file."),
          command: appendToConfigFile("profile = screen-reader", snapshot)))
    }
    findings.append(DoctorFinding(verdict: snapshot.braille.line))
    findings.append(DoctorFinding(verdict: atspiVerdict(detection.atspiEnabled)))
    findings.append(speakupFinding(detection, runsAsRoot: snapshot.runsAsRoot))
    return findings
  }

  private static func atspiVerdict(_ enabled: Bool?) -> String {
    switch enabled {
    case true: Localization.text("AT-SPI screen reader setting: on.")
    case false: Localization.text("AT-SPI screen reader setting: off.")
    case nil: Localization.text("AT-SPI screen reader setting: unknown (no answer on the session bus).")
    }
  }

  /// Speakup's key echo: off; on, and turned off by passcode while one types (root may change it); or on, and
  /// left on (speaking typed keys, digits included), with the command that turns it off.
  private static func speakupFinding(_ detection: ScreenReaderDetection, runsAsRoot: Bool) -> DoctorFinding {
    guard detection.speakupPresent else {
      return DoctorFinding(verdict: Localization.text("Speakup: not loaded, so its key echo does not apply."))
    }
    let path = "/sys/accessibility/speakup/key_echo"
    let turnOff = DoctorFinding(
      verdict: "",
      next: Localization.text("Turn it off before typing a passcode (passcode run as root does that itself)."),
      command: runsAsRoot ? "echo 0 > \(path)" : "echo 0 | sudo tee \(path)")
    guard let echo = detection.speakupKeyEcho else {
      var finding = turnOff
      finding.verdict = Localization.text(
        "Speakup key echo: unreadable, so passcode cannot tell whether Speakup speaks the keys you type.")
      return finding
    }
    guard echo != 0 else {
      return DoctorFinding(
        verdict: Localization.text("Speakup key echo: off (key_echo 0), so Speakup speaks no key you type."))
    }
    guard !detection.speakupKeyEchoWritable else {
      return DoctorFinding(
        verdict: Localization.text(
          "Speakup key echo: on (key_echo {value}); passcode turns it off while you type and puts it back "
            + "afterwards.", ["value": "\(echo)"]))
    }
    var finding = turnOff
    finding.verdict = Localization.text(
      "Speakup key echo: on (key_echo {value}), and only root can change it, so Speakup may speak the keys you "
        + "type, digits included.", ["value": "\(echo)"])
    return finding
  }
}
