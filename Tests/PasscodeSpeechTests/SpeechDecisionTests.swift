import PasscodeSpeech
import Testing

@Suite("SpeechDecision and SpeechMode")
struct SpeechDecisionTests {
  private static let orca = ScreenReaderDetection(
    atspiEnabled: nil, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: true)
  private static let atspi = ScreenReaderDetection(
    atspiEnabled: true, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: false)
  private static let speakup = ScreenReaderDetection(
    atspiEnabled: nil, speakupPresent: true, speakupKeyEcho: 0, orcaRunning: false)
  private static let unknown = ScreenReaderDetection(
    atspiEnabled: nil, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: false)

  @Test(
    "auto speaks only when no screen reader is reading",
    arguments: [
      (ScreenReaderDetection.none, true), (unknown, true), (orca, false), (atspi, false), (speakup, false),
    ])
  func autoFollowsDetection(detection: ScreenReaderDetection, speaks: Bool) {
    let decision = SpeechDecision.decide(mode: .auto, detection: detection)
    #expect((decision == .speak) == speaks)
  }

  @Test("on always speaks and off never does, whatever is detected")
  func forcedModes() {
    for detection in [ScreenReaderDetection.none, Self.orca, Self.atspi, Self.speakup] {
      #expect(SpeechDecision.decide(mode: .on, detection: detection) == .speak)
      #expect(SpeechDecision.decide(mode: .off, detection: detection) == .silent(reason: "speech is off"))
    }
  }

  @Test("the silent reason names the screen reader found")
  func reasonNamesReader() {
    #expect(SpeechDecision.decide(mode: .auto, detection: Self.orca) == .silent(reason: "Orca is reading the screen"))
    #expect(
      SpeechDecision.decide(mode: .auto, detection: Self.speakup) == .silent(reason: "Speakup is reading the screen"))
  }

  @Test("speech modes parse auto, on and off in any case and nothing else")
  func parsesModes() {
    #expect(SpeechMode(parsing: "auto") == .auto)
    #expect(SpeechMode(parsing: " ON ") == .on)
    #expect(SpeechMode(parsing: "Off") == .off)
    #expect(SpeechMode(parsing: "yes") == nil)
    #expect(SpeechMode(parsing: "") == nil)
  }

  @Test("Speakup echoing keys is flagged only for key_echo 2")
  func speakupEcho() {
    var detection = Self.speakup
    #expect(!detection.speakupEchoesKeys)
    detection.speakupKeyEcho = 2
    #expect(detection.speakupEchoesKeys)
  }
}
