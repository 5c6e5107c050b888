import PasscodePreferences
import PasscodeVault
import Testing

/// The vault's reading of the config file: its checks, and a refused line as the vault's error.
@Suite("ConfigurationFile.load")
struct ConfigurationFileLoadTests {
  @Test("a settings file readable by others is refused; a missing one gives defaults")
  func fileChecks() throws {
    let directory = try TemporaryDirectory()
    #expect(try ConfigurationFile.load(from: directory.child("config")) == ConfigurationFile())
    try directory.write("grace = 5\n", to: "config", mode: 0o644)
    #expect(throws: VaultError.self) { try ConfigurationFile.load(from: directory.child("config")) }
    try directory.write("grace = 5\n", to: "config", mode: 0o600)
    #expect(try ConfigurationFile.load(from: directory.child("config")).grace == .seconds(5))
  }

  @Test("a refused line is the vault's invalidSetting, naming the file and the line")
  func refusedLine() throws {
    let directory = try TemporaryDirectory()
    try directory.write("# ok\nspeech = four\n", to: "config", mode: 0o600)
    let path = directory.child("config")
    #expect(throws: VaultError.invalidSetting(path: path, line: 2, reason: "speech must be auto, on or off")) {
      try ConfigurationFile.load(from: path)
    }
  }

  @Test("a config file another user could change is refused with the chmod that fixes it")
  func groupWritable() throws {
    let directory = try TemporaryDirectory()
    try directory.write("speech = on\n", to: "config", mode: 0o620)
    let path = directory.child("config")
    #expect(throws: VaultError.insecurePermissions(path: path, mode: 0o100620)) {
      try ConfigurationFile.load(from: path)
    }
    #expect(VaultError.insecurePermissions(path: path, mode: 0o100620).description.contains("chmod 600 \(path)"))
  }
}
