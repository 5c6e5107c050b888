import PasscodeVault
import Testing

@Suite("GraceStamp")
struct GraceStampTests {
  @Test("a stamp is valid until it expires, then not, and not after removal")
  func lifecycle() throws {
    let directory = try TemporaryDirectory()
    let stamp = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 4242)
    #expect(!stamp.isValid(now: 100, grace: 3600))
    try stamp.record(until: 160, now: 100)
    #expect(stamp.isValid(now: 100, grace: 3600))
    #expect(stamp.isValid(now: 159.9, grace: 3600))
    #expect(!stamp.isValid(now: 160, grace: 3600))
    #expect(!stamp.isValid(now: 99, grace: 3600))
    try stamp.remove()
    #expect(!stamp.isValid(now: 120, grace: 3600))
    try stamp.remove()
  }

  @Test("the file name is keyed by sanitised terminal and session, and the file is 0600")
  func keyedFile() throws {
    let directory = try TemporaryDirectory()
    let stamp = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 4242)
    #expect(stamp.path == directory.child("grace-pts_3-4242"))
    try stamp.record(until: 2, now: 1)
    #expect(permissions(of: stamp.path) == 0o600)
    let other = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/4", sessionID: 4242)
    #expect(!other.isValid(now: 1, grace: 60))
    let otherSession = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 1)
    #expect(!otherSession.isValid(now: 1, grace: 60))
  }

  @Test("an unreadable, insecure or malformed stamp is not valid")
  func damagedStampIsInvalid() throws {
    let directory = try TemporaryDirectory()
    let stamp = GraceStamp(runtimeDirectory: directory.path, terminalName: "tty1", sessionID: 7)
    let epoch = String(repeating: "ab", count: 16)
    try directory.write(epoch + "\n", to: "grace-epoch", mode: 0o600)
    let good = "passcode-grace 2\nrecorded 0\nexpires 999\nepoch \(epoch)\n"
    try directory.write(good, to: "grace-tty1-7", mode: 0o644)
    #expect(!stamp.isValid(now: 1, grace: 60))
    try directory.write("passcode-grace 2\nrecorded 0\nexp", to: "grace-tty1-7", mode: 0o600)
    #expect(!stamp.isValid(now: 1, grace: 60))
    try directory.write("passcode-grace 1\nrecorded 0\nexpires 999\n", to: "grace-tty1-7", mode: 0o600)
    #expect(!stamp.isValid(now: 1, grace: 60), "a stamp of the old format belongs to no epoch")
    try directory.write(good, to: "grace-tty1-7", mode: 0o600)
    #expect(stamp.isValid(now: 1, grace: 60))
    try directory.write(String(repeating: "cd", count: 16) + "\n", to: "grace-epoch", mode: 0o600)
    #expect(!stamp.isValid(now: 1, grace: 60), "another epoch")
  }

  @Test("a stamp counts only within the grace in force when it is checked")
  func cappedByCurrentGrace() throws {
    let directory = try TemporaryDirectory()
    let stamp = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 1)
    try stamp.record(until: 100 + 86400, now: 100)
    #expect(stamp.isValid(now: 102, grace: 86400))
    #expect(stamp.isValid(now: 100.5, grace: 1))
    #expect(!stamp.isValid(now: 103, grace: 1), "recorded for a day, but --grace 1 is in force")
    #expect(!stamp.isValid(now: 100, grace: 0))
  }

  @Test("voidAll voids the stamps of every terminal at once")
  func voidAll() throws {
    let directory = try TemporaryDirectory()
    let first = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 1)
    let second = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/4", sessionID: 2)
    try first.record(until: 200, now: 100)
    try second.record(until: 200, now: 100)
    #expect(first.isValid(now: 150, grace: 3600) && second.isValid(now: 150, grace: 3600))
    try GraceStamp.voidAll(runtimeDirectory: directory.path)
    #expect(!first.isValid(now: 150, grace: 3600))
    #expect(!second.isValid(now: 150, grace: 3600))
    try first.record(until: 200, now: 100)
    #expect(first.isValid(now: 150, grace: 3600), "a stamp recorded after the void counts")
  }
}
