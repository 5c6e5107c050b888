import PasscodeVault
import Testing

@Suite("GraceStamp")
struct GraceStampTests {
  @Test("a stamp is valid until it expires, then not, and not after removal")
  func lifecycle() throws {
    let directory = try TemporaryDirectory()
    let stamp = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 4242)
    #expect(!stamp.isValid(now: 100))
    try stamp.record(until: 160, now: 100)
    #expect(stamp.isValid(now: 100))
    #expect(stamp.isValid(now: 159.9))
    #expect(!stamp.isValid(now: 160))
    #expect(!stamp.isValid(now: 99))
    try stamp.remove()
    #expect(!stamp.isValid(now: 120))
    try stamp.remove()
  }

  @Test("the time left counts down to zero at expiry, and is zero for a missing or future stamp")
  func remainingSeconds() throws {
    let directory = try TemporaryDirectory()
    let stamp = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 4242)
    #expect(stamp.remainingSeconds(now: 100) == 0)
    try stamp.record(until: 160, now: 100)
    #expect(stamp.remainingSeconds(now: 100) == 60)
    #expect(stamp.remainingSeconds(now: 159.5) == 0.5)
    #expect(stamp.remainingSeconds(now: 160) == 0)
    #expect(stamp.remainingSeconds(now: 99) == 0)
  }

  @Test("the file name is keyed by sanitised terminal and session, and the file is 0600")
  func keyedFile() throws {
    let directory = try TemporaryDirectory()
    let stamp = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 4242)
    #expect(stamp.path == directory.child("grace-pts_3-4242"))
    try stamp.record(until: 2, now: 1)
    #expect(permissions(of: stamp.path) == 0o600)
    let other = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/4", sessionID: 4242)
    #expect(!other.isValid(now: 1))
    let otherSession = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 1)
    #expect(!otherSession.isValid(now: 1))
  }

  @Test("an unreadable, insecure or malformed stamp is not valid")
  func damagedStampIsInvalid() throws {
    let directory = try TemporaryDirectory()
    let stamp = GraceStamp(runtimeDirectory: directory.path, terminalName: "tty1", sessionID: 7)
    try directory.write("passcode-grace 1\nrecorded 0\nexpires 999\n", to: "grace-tty1-7", mode: 0o644)
    #expect(!stamp.isValid(now: 1))
    try directory.write("passcode-grace 1\nrecorded 0\nexp", to: "grace-tty1-7", mode: 0o600)
    #expect(!stamp.isValid(now: 1))
    try directory.write("passcode-grace 1\nrecorded 0\nexpires 999\n", to: "grace-tty1-7", mode: 0o600)
    #expect(stamp.isValid(now: 1))
  }
}
