import PasscodeEngine
import PasscodePreferences
import Testing

@Suite("ConfigurationFile")
struct ConfigurationFileTests {
  @Test("good lines, comments and blank lines are read")
  func goodFile() throws {
    let text = """
      # passcode settings
      lockout = 0, 0, 0, 0, 0, 60, 300, 900, 3600

        length=4
      grace = 30\r
      """
    let settings = try ConfigurationFile.parse(text)
    #expect(settings.lockout == .standard)
    #expect(settings.length == 4)
    #expect(settings.grace == .seconds(30))
  }

  @Test("the voice's keys are read within -100 to 100, a voice type in any case and any other name as a voice")
  func voiceKeys() throws {
    let settings = try ConfigurationFile.parse(
      "speech-rate = -100\nspeech-pitch = +100\nspeech-volume = 0\nspeech-voice = FEMALE2\n")
    #expect(settings.preferences.voice == VoiceSettings(rate: -100, pitch: 100, volume: 0, voice: .type(.female2)))
    #expect(settings.preferences.lines[.speechVoice] == 4)
    let named = try ConfigurationFile.parse("speech-voice = Norwegian_Bokmål+Annie")
    #expect(named.preferences.voice.voice == .named("Norwegian_Bokmål+Annie"))
  }

  @Test("a level is a signed whole number of at most three digits within SSIP's range")
  func levels() {
    #expect(VoiceSettings.level("-0") == 0)
    #expect(VoiceSettings.level("+7") == 7)
    #expect(VoiceSettings.level("007") == 7)
    for refused in ["", "-", "+", "1000", "101", "-101", " 5", "5 ", "٣", "1e2"] {
      #expect(VoiceSettings.level(refused) == nil, "\(refused.debugDescription)")
    }
  }

  @Test("an empty file gives the defaults")
  func defaults() throws {
    #expect(try ConfigurationFile.parse("") == ConfigurationFile())
  }

  @Test(
    "a bad line is reported with its number and without its value",
    arguments: [
      ("colour = blue", "unknown setting 'colour'"), ("length = 13", "length must be"),
      ("length = four", "length must be"), ("grace = -1", "grace must be"), ("grace = 99999999", "grace must be"),
      ("lockout = 1,,2", "lockout must be"), ("lockout =", "lockout must be"), ("just words", "expected 'key = value'"),
      ("speech = four", "speech must be auto, on or off"),
      ("profile = blue", "profile must be auto, visual, screen-reader or plain"),
      ("reduce-motion = four", "reduce-motion must be yes or no"), ("sound = blue", "sound must be yes or no"),
      ("progress = four", "progress must be count, tick or silent"),
      ("speech-rate = 101", "speech-rate must be a whole number from -100 to 100"),
      ("speech-pitch = -101", "speech-pitch must be a whole number from -100 to 100"),
      ("speech-volume = loud", "speech-volume must be a whole number from -100 to 100"),
      ("speech-rate = 0x10", "speech-rate must be a whole number"), ("speech-rate = --5", "speech-rate must be"),
      ("speech-voice =", "speech-voice must be a voice type such as female1"),
      ("speech-voice = a\u{1B}[2Jb", "speech-voice must be a voice type"),
      ("speech-voice = \(String(repeating: "a", count: 101))", "speech-voice must be a voice type"),
    ])
  func badLine(_ line: String, reason: String) throws {
    let error = try #require(throws: ConfigurationLineError.self) { try ConfigurationFile.parse("# ok\n\(line)\n") }
    #expect(error.line == 2)
    #expect(error.reason.hasPrefix(reason))
    #expect(!error.reason.contains("blue") && !error.reason.contains("99999999") && !error.reason.contains("four"))
  }

  @Test("a key given twice is refused")
  func duplicate() {
    #expect(throws: ConfigurationLineError(line: 2, reason: "'grace' is set twice")) {
      try ConfigurationFile.parse("grace = 1\ngrace = 2\n")
    }
  }

  @Test("the interface preferences are read with their lines, beside the store's settings")
  func preferences() throws {
    let text =
      "grace = 5\n# interface\nspeech = off\nprofile = screen-reader\nreduce-motion = yes\nsound = no\nprogress = tick\n"
    let settings = try ConfigurationFile.parse(text)
    #expect(settings.grace == .seconds(5))
    #expect(
      settings.preferences
        == ConfiguredPreferences(
          speech: .off, profile: .screenReader, reduceMotion: true, sound: false, progress: .tick,
          lines: [.speech: 3, .profile: 4, .reduceMotion: 5, .sound: 6, .progress: 7]))
  }

  @Test("a preference given twice is refused like any key")
  func duplicatePreference() {
    #expect(throws: ConfigurationLineError(line: 2, reason: "'speech' is set twice")) {
      try ConfigurationFile.parse("speech = on\nspeech = off\n")
    }
  }
}
