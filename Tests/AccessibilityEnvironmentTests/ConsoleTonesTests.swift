import AccessibilityEnvironment
import PasscodePreferences
import Testing

/// Every rule of the console tones' decision (Docs/Boot.md, "Tones").
@Suite("Console tones: played on a virtual console where there is no voice")
struct ConsoleTonesTests {
  /// One row: the inputs, whether speech answers now, and whether tones come out.
  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let inputs: SpeechPolicyInputs
    let speechAnswers: Bool
    let tones: Bool
    var testDescription: String { name }
  }

  private static let onConsole = ScreenReaderDetection(
    atspiEnabled: nil, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: false)
  private static let onPseudoTerminal = ScreenReaderDetection(
    atspiEnabled: nil, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: false, promptOnConsole: false)
  private static let speakupReading = ScreenReaderDetection(
    atspiEnabled: nil, speakupPresent: true, speakupKeyEcho: 0, orcaRunning: false)
  private static let off = Setting(SpeechMode.off, from: .option(spelling: "--speech"))
  private static let forced = Setting(SpeechMode.on, from: .option(spelling: "--speech"))

  static let rows: [Row] = [
    Row(
      name: "the boot console, no speech-dispatcher: tones", inputs: .init(detection: onConsole, daemon: .absent),
      speechAnswers: false, tones: true),
    Row(
      name: "a console whose chosen speech-dispatcher does not answer: tones",
      inputs: .init(speech: forced, detection: onConsole), speechAnswers: false, tones: true),
    Row(
      name: "a console with a voice that answers: no tones (its sound icons)",
      inputs: .init(detection: onConsole, daemon: .answering), speechAnswers: true, tones: false),
    Row(
      name: "not a virtual console: no tones (the ioctl would fail anyway)",
      inputs: .init(detection: onPseudoTerminal, daemon: .absent), speechAnswers: false, tones: false),
    Row(
      name: "speech off by choice: silence, no tones", inputs: .init(speech: off, detection: onConsole),
      speechAnswers: false, tones: false),
    Row(
      name: "Speakup reading the console: it speaks the words, no tones",
      inputs: .init(detection: speakupReading, daemon: .absent), speechAnswers: false, tones: false),
    Row(
      name: "a remote session: no tones",
      inputs: .init(locality: .remote(.environment(variable: "SSH_CONNECTION")), detection: onConsole),
      speechAnswers: false, tones: false),
  ]

  @Test("each row's inputs give its answer", arguments: rows)
  func decides(_ row: Row) {
    let decision = SpeechDecision.decide(row.inputs)
    #expect(ConsoleTones.areUsed(row.inputs, decision: decision, speechAnswers: row.speechAnswers) == row.tones)
  }
}
