import Foundation
import PasscodePreferences
import PasscodeVault
import Testing

/// The vault's reading of the config file: others may read it, but a file others could change keeps only
/// its interface preferences; a refused line is the vault's error.
@Suite("ConfigurationFile.load")
struct ConfigurationFileLoadTests {
  /// A file with a security setting of each kind and one interface preference of each kind.
  static let everything =
    "lockout = 0,0,1\nlength = 8\ngrace = 30\nprofile = screen-reader\nspeech = off\nreduce-motion = yes\n"
    + "sound = yes\n"

  /// The preferences ``everything`` sets, and its security settings.
  static let parsed = try? ConfigurationFile.parse(everything)

  @Test("a missing file gives the defaults; 0600 and 0644 (others may read it) are honoured in full")
  func honoured() throws {
    let directory = try TemporaryDirectory()
    let path = directory.child("config")
    #expect(try ConfigurationFile.load(from: path) == LoadedConfiguration())
    for mode: mode_t in [0o600, 0o644, 0o444, 0o640] {
      try directory.write(Self.everything, to: "config", mode: mode)
      let loaded = try ConfigurationFile.load(from: path)
      #expect(loaded.refusal == nil, "mode \(String(mode, radix: 8))")
      #expect(loaded.settings == Self.parsed, "mode \(String(mode, radix: 8))")
      #expect(loaded.settings.grace == .seconds(30) && loaded.settings.length == 8)
    }
  }

  @Test("a file its group or others may write keeps its interface preferences, not lockout, length or grace")
  func writableByOthers() throws {
    let directory = try TemporaryDirectory()
    let path = directory.child("config")
    for mode: mode_t in [0o664, 0o666, 0o620, 0o602, 0o622] {
      try directory.write(Self.everything, to: "config", mode: mode)
      let loaded = try ConfigurationFile.load(from: path)
      #expect(
        loaded.refusal == ConfigurationRefusal(path: path, reason: .writable(mode: 0o100000 | UInt32(mode))),
        "mode \(String(mode, radix: 8))")
      #expect(loaded.settings.lockout == ConfigurationFile().lockout)
      #expect(loaded.settings.length == nil && loaded.settings.grace == .zero)
      #expect(loaded.settings.preferences == Self.parsed?.preferences)
    }
  }

  @Test("the refusal says who could change the file, what is not used, and the chmod that fixes it")
  func refusalWords() throws {
    let refusal = ConfigurationRefusal(path: "/h/.config/passcode/config", reason: .writable(mode: 0o100664))
    #expect(
      refusal.explanation
        == "/h/.config/passcode/config has permissions 0664, so members of its group could change it; its lockout, "
        + "length and grace are not used, only its profile, speech, reduce-motion, sound, progress, mask and voice.")
    #expect(refusal.fix == "chmod go-w /h/.config/passcode/config")
    #expect(refusal.description.hasSuffix("\nFix it with: chmod go-w /h/.config/passcode/config"))
    let world = ConfigurationRefusal(path: "/c", reason: .writable(mode: 0o100666))
    #expect(world.explanation.hasPrefix("/c has permissions 0666, so other users could change it;"))
  }

  @Test(
    "a file of another user keeps only its interface preferences",
    .enabled(if: getuid() == 0, "only root can give a file away"))
  func anotherOwner() throws {
    let directory = try TemporaryDirectory()
    let path = directory.child("config")
    try directory.write(Self.everything, to: "config", mode: 0o644)
    #expect(chown(path, 65534, 65534) == 0)
    let loaded = try ConfigurationFile.load(from: path)
    #expect(loaded.refusal == ConfigurationRefusal(path: path, reason: .anotherOwner))
    #expect(loaded.settings == ConfigurationFile(preferences: Self.parsed?.preferences ?? ConfiguredPreferences()))
    #expect(loaded.refusal?.fix == "cp \(path) \(path).new && mv \(path).new \(path)")
  }

  @Test("a symbolic link is not followed for the security settings; its target's preferences are kept")
  func symbolicLink() throws {
    let directory = try TemporaryDirectory()
    try directory.write(Self.everything, to: "target", mode: 0o600)
    let path = directory.child("config")
    #expect(symlink(directory.child("target"), path) == 0)
    let loaded = try ConfigurationFile.load(from: path)
    #expect(loaded.refusal == ConfigurationRefusal(path: path, reason: .symbolicLink))
    #expect(loaded.settings == ConfigurationFile(preferences: Self.parsed?.preferences ?? ConfiguredPreferences()))
  }

  @Test("under a directory others may write, the file is refused; with no file there, nothing is said")
  func unsafeDirectory() throws {
    let directory = try TemporaryDirectory()
    let open = directory.child("open")
    #expect(mkdir(open, 0o700) == 0)
    #expect(chmod(open, 0o777) == 0)
    let path = open + "/config"
    #expect(try ConfigurationFile.load(from: path) == LoadedConfiguration())
    try Self.everything.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(chmod(path, 0o600) == 0)
    let loaded = try ConfigurationFile.load(from: path)
    #expect(loaded.refusal == ConfigurationRefusal(path: path, reason: .unsafeDirectory(path: open)))
    #expect(loaded.settings.preferences == Self.parsed?.preferences && loaded.settings.grace == .zero)
  }

  @Test("a refused file that cannot be parsed gives the defaults, still refused; a directory is still an error")
  func refusedAndBroken() throws {
    let directory = try TemporaryDirectory()
    let path = directory.child("config")
    try directory.write("profile = screen-reader\ngrace = forever\n", to: "config", mode: 0o666)
    let loaded = try ConfigurationFile.load(from: path)
    #expect(loaded.settings == ConfigurationFile())
    #expect(loaded.refusal?.reason == .writable(mode: 0o100666))
    let other = try TemporaryDirectory()
    #expect(mkdir(other.child("config"), 0o700) == 0)
    #expect(throws: VaultError.notRegularFile(path: other.child("config"))) {
      try ConfigurationFile.load(from: other.child("config"))
    }
  }

  @Test("a refused line is the vault's invalidSetting, naming the file and the line")
  func refusedLine() throws {
    let directory = try TemporaryDirectory()
    try directory.write("# ok\nspeech = four\n", to: "config", mode: 0o644)
    let path = directory.child("config")
    let reason = #"speech must be auto, on or off, not "four""#
    #expect(throws: VaultError.invalidSetting(path: path, line: 2, reason: reason)) {
      try ConfigurationFile.load(from: path)
    }
  }

  @Test("StoreHealth reports a 0644 config file as fine and a group-writable one as changeable, not a problem")
  func health() throws {
    let directory = try TemporaryDirectory()
    try directory.write("speech = on\n", to: "config", mode: 0o644)
    let config = { StoreHealth.check(directory.location).entries.first { $0.role == "config file" }?.state }
    #expect(config() == .privateToYou)
    #expect(chmod(directory.child("config"), 0o664) == 0)
    let refusal = ConfigurationRefusal(path: directory.child("config"), reason: .writable(mode: 0o100664))
    #expect(config() == .changeableByOthers(refusal))
    #expect(StoreHealth.check(directory.location).problems.allSatisfy { $0.role != "config file" })
  }
}
