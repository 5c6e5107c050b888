import PasscodeEngine
import PasscodePreferences
import Testing

/// The preferences' values, the config file's words for them, and where each came from in words.
@Suite("Preferences")
struct PreferenceTests {
  @Test("each source is phrased for doctor and the speech decision")
  func phrases() {
    #expect(SettingSource.option(spelling: "--speech").phrase(for: .speech, value: "on") == "--speech on")
    #expect(
      SettingSource.option(spelling: "--screen-reader").phrase(for: .profile, value: "screen-reader")
        == "--screen-reader")
    #expect(
      SettingSource.environment(variable: "PASSCODE_SPEECH").phrase(for: .speech, value: "on") == "PASSCODE_SPEECH=on")
    #expect(
      SettingSource.configuration(path: "/c", line: 3).phrase(for: .reduceMotion, value: "yes")
        == "reduce-motion = yes on line 3 of /c")
  }

  @Test(
    "config values: each key takes exactly its accepted values, in any case",
    arguments: [
      ("speech", "auto", true), ("speech", "ON", true), ("speech", "yes", false),
      ("profile", "screen-reader", true), ("profile", "Visual", true), ("profile", "plain", true),
      ("profile", "braille", false), ("reduce-motion", "yes", true), ("reduce-motion", "1", false),
      ("sound", "no", true), ("sound", "off", false), ("progress", "tick", true), ("progress", "SILENT", true),
      ("progress", "count", true), ("progress", "quiet", false),
    ])
  func configValues(key: String, value: String, accepted: Bool) throws {
    var preferences = ConfiguredPreferences()
    do {
      #expect(try preferences.read(key: key, value: value, line: 5))
      #expect(accepted)
      #expect(preferences.lines[Preference(rawValue: key) ?? .speech] == 5)
    } catch {
      #expect(!accepted)
      #expect(error.reason.hasPrefix("\(key) must be "))
      #expect(!error.reason.contains(value), "the reason leaves the value to the description")
      #expect(error.value == value)
    }
  }

  @Test("the refusal names every accepted value")
  func refusalNamesValues() {
    var preferences = ConfiguredPreferences()
    let profile = ConfigurationLineError(
      line: 1, reason: "profile must be auto, visual, screen-reader or plain", value: "x")
    #expect(throws: profile) {
      try preferences.read(key: "profile", value: "x", line: 1)
    }
    #expect(throws: ConfigurationLineError(line: 1, reason: "sound must be yes or no", value: "x")) {
      try preferences.read(key: "sound", value: "x", line: 1)
    }
  }

  @Test("a key that is no preference is left to the caller")
  func otherKeys() throws {
    var preferences = ConfiguredPreferences()
    #expect(try !preferences.read(key: "lockout", value: "1,2", line: 1))
    #expect(preferences == ConfiguredPreferences())
  }

  @Test("a setting says where its value came from in the words of its source")
  func settingPhrase() {
    #expect(Setting(SpeechMode.on, from: .option(spelling: "--speech")).phrase == "--speech on")
    #expect(Setting(SpeechMode.off, from: .configuration(path: "/c", line: 2)).phrase == "speech = off on line 2 of /c")
    #expect(Setting(ProfileChoice.screenReader, from: .option(spelling: "--screen-reader")).phrase == "--screen-reader")
    #expect(Setting(ProfileChoice.auto).phrase == "the default, auto")
    #expect(Setting(ProgressFeedback.tick, from: .option(spelling: "--progress")).phrase == "--progress tick")
    #expect(
      Setting(ProgressFeedback.silent, from: .environment(variable: "PASSCODE_PROGRESS")).phrase
        == "PASSCODE_PROGRESS=silent")
  }
}
