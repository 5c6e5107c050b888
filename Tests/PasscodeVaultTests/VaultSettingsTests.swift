import PasscodeCommandLine
import PasscodeEngine
import PasscodeVault
import Testing

@Suite("VaultSettings")
struct VaultSettingsTests {
  @Test("good lines, comments and blank lines are read")
  func goodFile() throws {
    let text = """
      # passcode settings
      lockout = 0, 0, 0, 0, 0, 60, 300, 900, 3600

        length=4
      grace = 30
      """
    let settings = try VaultSettings.parse(text, path: "/c")
    #expect(settings.lockout == .standard)
    #expect(settings.length == 4)
    #expect(settings.grace == .seconds(30))
  }

  @Test("an empty file gives the defaults")
  func defaults() throws {
    #expect(try VaultSettings.parse("", path: "/c") == VaultSettings())
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
    ])
  func badLine(_ line: String, reason: String) throws {
    let error = #expect(throws: VaultError.self) { try VaultSettings.parse("# ok\n\(line)\n", path: "/c") }
    guard case let .invalidSetting(path, number, message) = error else {
      Issue.record("expected invalidSetting, got \(String(describing: error))")
      return
    }
    #expect(path == "/c")
    #expect(number == 2)
    #expect(message.hasPrefix(reason))
    #expect(!message.contains("blue") && !message.contains("99999999") && !message.contains("four"))
  }

  @Test("a key given twice is refused")
  func duplicate() {
    #expect(throws: VaultError.invalidSetting(path: "/c", line: 2, reason: "'grace' is set twice")) {
      try VaultSettings.parse("grace = 1\ngrace = 2\n", path: "/c")
    }
  }

  @Test("a settings file readable by others is refused; a missing one gives defaults")
  func fileChecks() throws {
    let directory = try TemporaryDirectory()
    #expect(try VaultSettings.load(from: directory.child("config")) == VaultSettings())
    try directory.write("grace = 5\n", to: "config", mode: 0o644)
    #expect(throws: VaultError.self) { try VaultSettings.load(from: directory.child("config")) }
    try directory.write("grace = 5\n", to: "config", mode: 0o600)
    #expect(try VaultSettings.load(from: directory.child("config")).grace == .seconds(5))
  }

  @Test("the interface preferences are read with their lines, beside the store's settings")
  func preferences() throws {
    let text = "grace = 5\n# interface\nspeech = off\nprofile = screen-reader\nreduce-motion = yes\nsound = no\n"
    let settings = try VaultSettings.parse(text, path: "/c")
    #expect(settings.grace == .seconds(5))
    #expect(
      settings.preferences
        == ConfiguredPreferences(
          speech: .off, profile: .screenReader, reduceMotion: true, sound: false,
          lines: [.speech: 3, .profile: 4, .reduceMotion: 5, .sound: 6]))
  }

  @Test("a preference given twice is refused like any key")
  func duplicatePreference() {
    #expect(throws: VaultError.invalidSetting(path: "/c", line: 2, reason: "'speech' is set twice")) {
      try VaultSettings.parse("speech = on\nspeech = off\n", path: "/c")
    }
  }

  @Test("a config file another user could change is refused with the chmod that fixes it")
  func groupWritable() throws {
    let directory = try TemporaryDirectory()
    try directory.write("speech = on\n", to: "config", mode: 0o620)
    let path = directory.child("config")
    #expect(throws: VaultError.insecurePermissions(path: path, mode: 0o100620)) { try VaultSettings.load(from: path) }
    #expect(VaultError.insecurePermissions(path: path, mode: 0o100620).description.contains("chmod 600 \(path)"))
  }
}
