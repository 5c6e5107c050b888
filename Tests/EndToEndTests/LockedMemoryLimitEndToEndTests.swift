import Foundation
import PasscodeTestSupport
import Testing

/// Secret memory where `mlock` fails: a locked-memory limit of 0 (`ulimit -l 0`) and no `CAP_IPC_LOCK`.
/// Prompts still work, and `doctor` says that secrets can be swapped out, without calling it a stop.
@Suite("Secret memory that cannot be locked, end to end", .serialized)
struct LockedMemoryLimitEndToEndTests {
  /// Whether `prlimit` (util-linux) is here, and, for root, whose `CAP_IPC_LOCK` makes any limit moot,
  /// `setpriv` to drop it.
  static let limitsCanBeSet: Bool =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")
    && (getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))

  /// A `sh -c` script that runs `$0 "$@"` (the program and its arguments) with a locked-memory limit of 0,
  /// soft and hard, and, as root, without `CAP_IPC_LOCK` in any set it could get back.
  static let noLockedMemory: String = {
    let dropCapability =
      getuid() == 0 ? "/usr/bin/setpriv --inh-caps=-ipc_lock --bounding-set=-ipc_lock -- " : ""
    return "exec /usr/bin/prlimit --memlock=0:0 -- \(dropCapability)\"$0\" \"$@\""
  }()

  static let finding = "Secret memory: cannot be locked against swap"

  /// A `kB` field of a process's `/proc/PID/status`, such as `VmLck`.
  private static func kilobytes(_ name: String, of process: Int32) throws -> Int? {
    let text = try String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)
    let line = text.split(separator: "\n").first { $0.hasPrefix("\(name):") }
    return line.flatMap { Int($0.filter(\.isNumber)) }
  }

  @Test(
    "doctor under a locked-memory limit of 0 says secrets can be swapped out, with the way to allow locking",
    .enabled(if: limitsCanBeSet, "needs prlimit, and setpriv as root"))
  func doctorReportsUnlockableMemory() throws {
    let store = try StoreDirectory()
    let plain = try DemoSession(["doctor", "--store", store.path])
    let plainStatus = try plain.finish()
    #expect(!plain.text.contains("Secret memory"), "nothing said where locking works: \(plain.text)")

    let limited = try DemoSession(["doctor", "--store", store.path], shell: Self.noLockedMemory)
    #expect(try limited.finish() == plainStatus, "not a stop: a prompt still works")
    let lines = limited.text.split(whereSeparator: \.isNewline).map(String.init)
    let index = try #require(lines.firstIndex { $0.hasPrefix(Self.finding) }, "\(limited.text)")
    #expect(
      lines[index]
        == "\(Self.finding) (the locked-memory limit, ulimit -l, is 0 kB); "
        + "secrets are still wiped and kept out of core dumps.")
    #expect(lines.dropFirst(index + 1).first?.hasPrefix("  Next: Raise the locked-memory limit") == true)
    #expect(lines.dropFirst(index + 1).first?.contains("CAP_IPC_LOCK") == true)
  }

  @Test(
    "a prompt under a locked-memory limit of 0 still asks, checks and unlocks, with nothing locked",
    .enabled(if: limitsCanBeSet, "needs prlimit, and setpriv as root"))
  func promptWorksWithoutLocking() throws {
    let session = try DemoSession(["demo"], shell: Self.noLockedMemory)
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("1")
    try session.waitFor("1 of 4")
    #expect(try Self.kilobytes("VmLck", of: session.process.processIdentifier) == 0, "the limit took effect")
    try session.type("397")
    try session.waitFor("Wrong passcode")
    try session.waitFor("Ready")
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(try session.terminalRestored())
    Transcript.expectNoTypedDigits(session.text)
  }
}
