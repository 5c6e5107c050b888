import Foundation
import PasscodeTestSupport
import Testing

/// No typed character can be read from a core dump: the process is not dumpable from its start until it
/// exits, whichever signal ends it mid-entry.
///
/// The child gets an unlimited core size (`ulimit -c unlimited`) and runs in an empty directory. Where
/// `/proc/sys/kernel/core_pattern` is a file name (Debian's default is `core`), a core would appear in that
/// directory, and any that does is searched for the typed digits. Where it pipes to a handler
/// (systemd-coredump, apport), the core goes to the handler instead; the test does not change the machine's
/// pattern and relies on the wait status, whose core flag the kernel sets whenever it dumped (to a file or
/// a pipe).
@Suite("core dumps hold no typed character", .serialized)
struct CoreDumpEndToEndTests {
  static let typedDigits = "9173648"

  @Test(
    "a signal that dumps core by default, mid-entry, leaves no core with the typed digits",
    arguments: [SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ])
  func noCoreHoldsTypedDigits(signal: Int32) throws {
    let store = try StoreDirectory()
    let cores = store.child("cores")
    try FileManager.default.createDirectory(atPath: cores, withIntermediateDirectories: false)
    let run = try PasscodeRun(
      executable: "/bin/sh",
      arguments: [
        "-c", "ulimit -c unlimited && cd \"$0\" && exec \"$@\"", cores, PasscodeBinary.path, "demo", "--length",
        "8", "--speech", "off",
      ], store: store)
    try run.expect("Enter Passcode, 8 digits")
    try run.type(Self.typedDigits)
    try run.expect("7 of 8 digits entered")
    try run.process.signal(signal)
    #expect(try run.finish() == .signalled(signal))
    #expect(!run.process.dumpedCore, "the kernel dumped core for signal \(signal)")
    let left = try FileManager.default.contentsOfDirectory(atPath: cores)
    #expect(left.isEmpty, "core files appeared: \(left)")
    for name in left {
      let core = try Data(contentsOf: URL(fileURLWithPath: cores + "/" + name))
      for needle in Self.encodings(of: Self.typedDigits) {
        #expect(core.range(of: needle) == nil, "the typed digits are in \(name)")
      }
    }
    #expect(!run.output.contains(Self.typedDigits))
  }

  /// The digits as UTF-8 bytes and as 4-byte scalars (how a decoded `Key` holds one).
  static func encodings(of digits: String) -> [Data] {
    let scalars = digits.unicodeScalars.flatMap { scalar in withUnsafeBytes(of: scalar.value.littleEndian, Array.init) }
    return [Data(digits.utf8), Data(scalars)]
  }
}
