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
    "a bad line is reported with its number, and a reason that leaves the value to the description",
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

  @Test(
    "CRLF and lone CR line ends and a leading UTF-8 BOM are read as other systems' editors write them",
    arguments: [
      "profile = screen-reader\r\nsound = no\r\n", "profile = screen-reader\rsound = no\r",
      "\u{FEFF}profile = screen-reader\nsound = no\n", "\u{FEFF}profile = screen-reader\r\nsound = no\r\n",
      "\u{FEFF}profile = screen-reader\r\nsound = no", "profile = screen-reader\r\n\nsound = no\n",
    ])
  func otherLineEnds(_ text: String) throws {
    let settings = try ConfigurationFile.parse(text)
    #expect(settings.preferences.profile == .screenReader)
    #expect(settings.preferences.sound == false)
    let blankLineBetween = text.contains("\r\n\n")
    #expect(settings.preferences.lines == [.profile: 1, .sound: blankLineBetween ? 3 : 2], "\(text.debugDescription)")
  }

  @Test("a CRLF file's bad line is counted as its editor counts it")
  func lineNumbersWithCRLF() throws {
    for text in ["# a\r\n# b\r\nsound = x\r\n", "# a\r\n# b\rsound = x\r\n", "\u{FEFF}# a\r# b\nsound = x"] {
      let error = try #require(throws: ConfigurationLineError.self) { try ConfigurationFile.parse(text) }
      #expect(error.line == 3, "\(text.debugDescription)")
    }
  }

  @Test(
    "a BOM anywhere but the very start is still an error",
    arguments: [
      "profile = screen-reader\n\u{FEFF}sound = no\n", "profile = \u{FEFF}screen-reader\n",
      "\u{FEFF}\u{FEFF}profile = screen-reader\n", "# a\r\n\u{FEFF}profile = plain\r\n",
    ])
  func misplacedByteOrderMark(_ text: String) {
    #expect(throws: ConfigurationLineError.self, "\(text.debugDescription)") { try ConfigurationFile.parse(text) }
  }

  @Test(
    "a refused value is shown quoted, with visible escapes, after the reason",
    arguments: [
      ("profile = scren-reader", #"profile must be auto, visual, screen-reader or plain, not "scren-reader""#),
      ("speech = o\u{1B}[2Jn", #"speech must be auto, on or off, not "o\u{1B}[2Jn""#),
      ("sound = a\u{202E}b\\c", #"sound must be yes or no, not "a\u{202E}b\\c""#),
      ("reduce-motion = sometimes", #"reduce-motion must be yes or no, not "sometimes""#),
      ("progress = quiet", #"progress must be count, tick or silent, not "quiet""#),
      ("length = 13", #"length must be a whole number from 1 to 12, not "13""#),
      ("grace = -1", #"grace must be a whole number of seconds from 0 to 86400, not "-1""#),
      ("lockout = 1,,2", #"lockout must be a comma-separated list of whole seconds, not "1,,2""#),
      ("speech-rate = 101", #"speech-rate must be a whole number from -100 to 100, not "101""#),
      ("speech-pitch = high", #"speech-pitch must be a whole number from -100 to 100, not "high""#),
      ("speech-volume = loud", #"speech-volume must be a whole number from -100 to 100, not "loud""#),
      (
        "speech-voice = a\u{7}b",
        #"speech-voice must be a voice type such as female1 or a voice name of at most 100 characters, "#
          + #"without control characters, not "a\u{7}b""#
      ),
      ("profile = plain\rsound = x", #"sound must be yes or no, not "x""#),
    ])
  func quotedValue(_ line: String, message: String) throws {
    let error = try #require(throws: ConfigurationLineError.self) { try ConfigurationFile.parse(line) }
    #expect(String(describing: error) == message)
  }

  @Test("a long refused value is cut at 40 characters, so a huge line cannot flood the prompt")
  func longValueCut() throws {
    let value = String(repeating: "x", count: 38) + "\u{1B}y" + String(repeating: "z", count: 100_000)
    let error = try #require(throws: ConfigurationLineError.self) { try ConfigurationFile.parse("profile = \(value)") }
    let shown = String(describing: error)
    #expect(shown.hasSuffix(#", not ""# + String(repeating: "x", count: 38) + #"\u{1B}y"…"#), "\(shown)")
    #expect(shown.count < 150)
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
      + "mask = Asterisk\n"
    let settings = try ConfigurationFile.parse(text)
    #expect(settings.grace == .seconds(5))
    #expect(
      settings.preferences
        == ConfiguredPreferences(
          speech: .off, profile: .screenReader, reduceMotion: true, sound: false, progress: .tick, mask: .asterisk,
          lines: [.speech: 3, .profile: 4, .reduceMotion: 5, .sound: 6, .progress: 7, .mask: 8]))
    #expect(
      throws: ConfigurationLineError(line: 1, reason: "mask must be circle, asterisk, bullet or none", value: "•")
    ) {
      try ConfigurationFile.parse("mask = •\n")
    }
  }

  @Test("a preference given twice is refused like any key")
  func duplicatePreference() {
    #expect(throws: ConfigurationLineError(line: 2, reason: "'speech' is set twice")) {
      try ConfigurationFile.parse("speech = on\nspeech = off\n")
    }
  }
}
