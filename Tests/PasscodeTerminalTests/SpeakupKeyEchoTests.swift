import Foundation
import PasscodeEngine
import PasscodeTestSupport
import Synchronization
import SystemCalls
import Testing

@testable import PasscodeTerminal

/// A fake sysfs tree holding Speakup's directory, removed when dropped.
final class FakeSpeakupSysfs: Sendable {
  let root: String

  /// A tree with Speakup loaded and `key_echo` holding `keyEcho`, or, for `nil`, with Speakup not loaded.
  init(keyEcho: Int?) throws {
    root = try FileSystem.makeTemporaryDirectory("/tmp/passcode-sysfs.XXXXXX")
    guard let keyEcho else { return }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try "\(keyEcho)\n".write(toFile: directory + "/key_echo", atomically: false, encoding: .utf8)
  }

  /// Speakup's directory in the tree.
  var directory: String { root + "/accessibility/speakup" }

  /// The setting's file, as the prompt sees it.
  var file: SpeakupKeyEchoFile { SpeakupKeyEchoFile(sysfsRoot: root) }

  /// What `key_echo` holds now, as the kernel's file shows it.
  var keyEcho: String {
    (try? String(contentsOfFile: directory + "/key_echo", encoding: .utf8)) ?? "(unreadable)"
  }

  /// Makes `key_echo` a file that even root can read and not write: a link to a read-only sysctl.
  func makeReadOnly() throws {
    try FileManager.default.removeItem(atPath: directory + "/key_echo")
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/key_echo", withDestinationPath: "/proc/sys/kernel/ngroups_max")
  }

  deinit {
    try? FileManager.default.removeItem(atPath: root)
  }
}

/// Speakup's key echo: off while a prompt holds the terminal, put back afterwards. In the signal relay's serialized
/// suite: the crash handler's copy of the value is process-wide, as the relay is.
extension SignalRelayTests {
  @Test("key echo on (2, or 1) is turned off and the old value put back", arguments: [2, 1])
  func turnsOffAndRestores(value: Int) throws {
    let sysfs = try FakeSpeakupSysfs(keyEcho: value)
    let keyEcho = SpeakupKeyEchoGuard(file: sysfs.file)
    #expect(keyEcho.turnOff() == .turnedOff(previous: value))
    #expect(sysfs.keyEcho == "0\n")
    keyEcho.restore()
    #expect(sysfs.keyEcho == "\(value)\n")
    // Once put back, a second restore writes nothing (it would undo a change made since).
    try "1\n".write(toFile: sysfs.directory + "/key_echo", atomically: false, encoding: .utf8)
    keyEcho.restore()
    #expect(sysfs.keyEcho == "1\n")
  }

  @Test("without Speakup nothing is touched; key echo already off is left alone")
  func nothingToDo() throws {
    let absent = try FakeSpeakupSysfs(keyEcho: nil)
    #expect(SpeakupKeyEchoGuard(file: absent.file).turnOff() == .notLoaded)
    #expect(!FileManager.default.fileExists(atPath: absent.directory))
    let off = try FakeSpeakupSysfs(keyEcho: 0)
    let keyEcho = SpeakupKeyEchoGuard(file: off.file)
    #expect(keyEcho.turnOff() == .alreadyOff)
    #expect(!keyEcho.state.needsWarning)
    keyEcho.restore()
    #expect(off.keyEcho == "0\n")
  }

  @Test("key echo that cannot be changed is left on, and the prompt must say so")
  func cannotChange() throws {
    let sysfs = try FakeSpeakupSysfs(keyEcho: 2)
    try sysfs.makeReadOnly()
    let readOnly = try #require(try sysfs.file.read())
    let keyEcho = SpeakupKeyEchoGuard(file: sysfs.file)
    #expect(keyEcho.turnOff() == .leftOn(current: readOnly))
    #expect(keyEcho.state.needsWarning)
    #expect(!sysfs.file.isWritable)
  }

  @Test("a key_echo that cannot be read counts as on and left on")
  func unreadable() throws {
    let sysfs = try FakeSpeakupSysfs(keyEcho: 2)
    try FileManager.default.removeItem(atPath: sysfs.directory + "/key_echo")
    try FileManager.default.createDirectory(atPath: sysfs.directory + "/key_echo", withIntermediateDirectories: false)
    #expect(SpeakupKeyEchoGuard(file: sysfs.file).turnOff() == .leftOn(current: nil))
  }

  @Test("the crash handler's restore writes the armed value back, and nothing once disarmed")
  func emergencyRestore() throws {
    let sysfs = try FakeSpeakupSysfs(keyEcho: 2)
    let keyEcho = SpeakupKeyEchoGuard(file: sysfs.file)
    keyEcho.turnOff()
    EmergencyKeyEchoRestore.restoreFromSignalHandler()
    #expect(sysfs.keyEcho == "2\n")
    keyEcho.restore()
    try "0\n".write(toFile: sysfs.directory + "/key_echo", atomically: false, encoding: .utf8)
    EmergencyKeyEchoRestore.restoreFromSignalHandler()
    #expect(sysfs.keyEcho == "0\n")
  }
}

/// Whole prompts on a pseudo-terminal with a fake sysfs: in the signal relay's serialized suite, as a prompt takes
/// the process's one relay.
extension SignalRelayTests {
  private static func prompt(on terminal: PseudoTerminal, sysfs: FakeSpeakupSysfs) throws -> TerminalPasscodePrompt {
    var settings = PromptSettings(terminalPath: terminal.slavePath, environment: ["TERM": "dumb"])
    settings.sysfsRoot = sysfs.root
    return try TerminalPasscodePrompt(settings: settings)
  }

  @Test("key echo is off for the whole entry, verification included, and back once the prompt ends")
  func keyEchoOffDuringEntry() throws {
    let sysfs = try FakeSpeakupSysfs(keyEcho: 2)
    let terminal = try PseudoTerminal()
    let prompt = try Self.prompt(on: terminal, sysfs: sysfs)
    #expect(prompt.speakupKeyEcho == .turnedOff(previous: 2))
    #expect(sysfs.keyEcho == "0\n")
    try terminal.write("2580")
    let duringVerification = Mutex("")
    let outcome = try prompt.ask(try EntryConfiguration(length: .fixed(4))) { _ in
      duringVerification.withLock { $0 = sysfs.keyEcho }
      return .accepted
    }
    #expect(outcome == .accepted)
    #expect(duringVerification.withLock { $0 } == "0\n")
    prompt.close()
    #expect(sysfs.keyEcho == "2\n")
  }

  @Test("a cancelled prompt, and one whose terminal hung up, put key echo back")
  func keyEchoBackAfterCancelAndHangUp() throws {
    let sysfs = try FakeSpeakupSysfs(keyEcho: 2)
    do {
      let terminal = try PseudoTerminal()
      let prompt = try Self.prompt(on: terminal, sysfs: sysfs)
      try terminal.write("\u{1B}")
      #expect(try prompt.askForSecret(try EntryConfiguration(length: .fixed(4))) == nil)
      prompt.close()
      #expect(sysfs.keyEcho == "2\n")
    }
    let terminal = try PseudoTerminal()
    let prompt = try Self.prompt(on: terminal, sysfs: sysfs)
    #expect(sysfs.keyEcho == "0\n")
    terminal.closeMaster()
    #expect(throws: PromptError.self) { try prompt.askForSecret(try EntryConfiguration(length: .fixed(4))) }
    #expect(sysfs.keyEcho == "2\n")
    prompt.close()
  }
}
