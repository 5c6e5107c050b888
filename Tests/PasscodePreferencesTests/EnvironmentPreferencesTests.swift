import PasscodeEngine
import PasscodePreferences
import Testing

/// The one reading of the person's variables, for `passcode` and for another tool's prompt alike.
@Suite("The environment's preferences")
struct EnvironmentPreferencesTests {
  @Test("each variable's values, in any case; the voice's trimmed")
  func values() {
    let reading = EnvironmentPreferences(environment: [
      "PASSCODE_SPEECH": "Off", "PASSCODE_REDUCE_MOTION": "TRUE", "PASSCODE_PROGRESS": "silent",
      "PASSCODE_SPEECH_RATE": " -40 ", "PASSCODE_SPEECH_PITCH": "+7", "PASSCODE_SPEECH_VOLUME": "100",
      "PASSCODE_SPEECH_VOICE": " child_female ", "PASSCODE_HOME": "/elsewhere", "PASSCODE_MASK": "Bullet",
    ])
    #expect(reading.speech == .off)
    #expect(reading.reduceMotion == true)
    #expect(reading.progress == .silent)
    #expect(reading.mask == .bullet)
    #expect(reading.voice == VoiceSettings(rate: -40, pitch: 7, volume: 100, voice: .type(.childFemale)))
    #expect(reading.refused == [])
    for word in ["0", "false", "No", "off"] {
      #expect(EnvironmentPreferences(environment: ["PASSCODE_REDUCE_MOTION": word]).reduceMotion == false)
    }
  }

  @Test("unset and empty give nothing")
  func nothing() {
    let empty = Dictionary(uniqueKeysWithValues: PreferenceVariable.allCases.map { ($0.rawValue, "") })
    #expect(EnvironmentPreferences(environment: empty) == EnvironmentPreferences(environment: [:]))
    #expect(EnvironmentPreferences(environment: [:]).voice == VoiceSettings())
  }

  @Test("a value a variable does not take gives nothing and is kept, in the variables' order")
  func refused() {
    let reading = EnvironmentPreferences(environment: [
      "PASSCODE_SPEECH_VOICE": "a\u{1B}[2Jvoice", "PASSCODE_SPEECH": "loud", "PASSCODE_SPEECH_RATE": "101",
      "PASSCODE_REDUCE_MOTION": "maybe", "PASSCODE_PROGRESS": "count ", "PASSCODE_SPEECH_PITCH": "12",
      "PASSCODE_MASK": "*",
    ])
    #expect(reading.speech == nil && reading.reduceMotion == nil && reading.progress == nil)
    #expect(reading.voice == VoiceSettings(pitch: 12))
    #expect(
      reading.refused.map(\.variable) == [.reduceMotion, .speech, .progress, .mask, .speechRate, .speechVoice])
    #expect(reading.refused.first?.value == "maybe")
  }
}
