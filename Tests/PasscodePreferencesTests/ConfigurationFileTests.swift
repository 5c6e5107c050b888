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
