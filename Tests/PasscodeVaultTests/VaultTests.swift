import PasscodeEngine
import PasscodeVault
import Testing

@Suite("Vault")
struct VaultTests {
  @Test("setting a passcode writes a private Argon2id hash file that does not contain the code")
  func hashFile() throws {
    let directory = try TemporaryDirectory()
    let vault = Vault(location: directory.location, parameters: .fast)
    #expect(try !vault.isPasscodeSet)
    try vault.setPasscode(secret("730519"))
    #expect(try vault.isPasscodeSet)
    let contents = try directory.read("passcode.hash")
    let text = String(decoding: contents, as: UTF8.self)
    #expect(text.hasPrefix("$argon2id$"))
    #expect(!contents.windows(ofCount: 6).contains { Array($0) == Array("730519".utf8) })
    #expect(permissions(of: directory.child("passcode.hash")) == 0o600)
  }

  @Test("a new passcode, a removed one and a wrong code void every grace stamp; a right one does not")
  func voidsGraceStamps() throws {
    let directory = try TemporaryDirectory()
    let vault = Vault(location: directory.location, schedule: testSchedule, parameters: .fast)
    let stamp = GraceStamp(runtimeDirectory: directory.location.runtimeDirectory, terminalName: "tty1", sessionID: 1)
    try vault.setPasscode(secret("730519"))
    try stamp.record(until: 1000, now: 10)
    #expect(try vault.verify(secret("730519"), now: 11) == .accepted)
    #expect(stamp.isValid(now: 12, grace: 60))
    #expect(try vault.verify(secret("111112"), now: 12) == .rejected(failureCount: 1))
    #expect(!stamp.isValid(now: 13, grace: 60), "a wrong code")
    try stamp.record(until: 1000, now: 14)
    try vault.setPasscode(secret("730520"))
    #expect(!stamp.isValid(now: 15, grace: 60), "a new passcode")
    try stamp.record(until: 1000, now: 16)
    try vault.removePasscode()
    #expect(!stamp.isValid(now: 17, grace: 60), "a removed passcode")
  }

  @Test("the right code is accepted and resets the count; a wrong one reports the count")
  func verify() throws {
    let directory = try TemporaryDirectory()
    let vault = Vault(location: directory.location, schedule: testSchedule, parameters: .fast)
    try vault.setPasscode(secret("730519"))
    #expect(try vault.verify(secret("111112"), now: 10) == .rejected(failureCount: 1))
    #expect(try vault.verify(secret("111113"), now: 11) == .rejected(failureCount: 2))
    #expect(try vault.verify(secret("730519"), now: 12) == .accepted)
    #expect(
      try vault.status(now: 12)
        == VaultStatus(isPasscodeSet: true, lockout: LockoutStatus(failures: 0, remaining: .zero)))
  }

  @Test("without recording, failures count in memory with the same lockouts, and the stored count stays")
  func verifyUnrecorded() throws {
    let directory = try TemporaryDirectory()
    let vault = Vault(location: directory.location, schedule: testSchedule, parameters: .fast)
    try vault.setPasscode(secret("730519"))
    #expect(try vault.verify(secret("000001"), now: 1) == .rejected(failureCount: 1))
    var record = try vault.ledger.readRecord()
    #expect(try vault.verifyUnrecorded(secret("000002"), now: 2, record: &record) == .rejected(failureCount: 2))
    #expect(try vault.verifyUnrecorded(secret("000003"), now: 3, record: &record) == .rejected(failureCount: 3))
    #expect(throws: VaultError.lockedOut(remaining: .seconds(20))) {
      try vault.verifyUnrecorded(secret("730519"), now: 13, record: &record)
    }
    #expect(try vault.ledger.readRecord().failures == 1, "nothing was written")
    #expect(try vault.verifyUnrecorded(secret("730519"), now: 33, record: &record) == .accepted)
    #expect(record == .clean)
    #expect(try vault.ledger.readRecord().failures == 0, "a writable store is cleared too")
    try vault.ledger.checkRecordable()
    #expect(try directory.entries().allSatisfy { !$0.contains("probe") }, "the probe is removed")
  }

  @Test("during a lockout even the right code is refused")
  func lockedOut() throws {
    let directory = try TemporaryDirectory()
    let vault = Vault(location: directory.location, schedule: testSchedule, parameters: .fast)
    try vault.setPasscode(secret("730519"))
    for attempt in 1...3 { _ = try vault.verify(secret("000001"), now: LockoutTime(wallClock: Double(attempt))) }
    #expect(throws: VaultError.lockedOut(remaining: .seconds(20))) { try vault.verify(secret("730519"), now: 13) }
    #expect(try vault.verify(secret("730519"), now: 33) == .accepted)
  }

  @Test("verifying without a passcode reports notSet and counts nothing")
  func notSet() throws {
    let directory = try TemporaryDirectory()
    let vault = Vault(location: directory.location, parameters: .fast)
    #expect(throws: VaultError.notSet) { try vault.verify(secret("1"), now: 1) }
    #expect(try vault.status(now: 1).lockout.failures == 0)
  }

  @Test("a right code stored with other parameters is re-hashed with the current ones")
  func rehash() throws {
    let directory = try TemporaryDirectory()
    let old = HashParameters(opsLimit: 2, memLimit: HashParameters.fast.memLimit)
    try Vault(location: directory.location, parameters: old).setPasscode(secret("730519"))
    let vault = Vault(location: directory.location, parameters: .fast)
    #expect(try vault.storedHash()?.needsRehash(parameters: .fast) == true)
    #expect(try vault.verify(secret("730519"), now: 1) == .accepted)
    #expect(try vault.storedHash()?.needsRehash(parameters: .fast) == false)
    #expect(try vault.verify(secret("730519"), now: 2) == .accepted)
  }

  @Test("a damaged hash file fails closed")
  func corruptHash() throws {
    let directory = try TemporaryDirectory()
    try directory.write("not a hash\n", to: "passcode.hash", mode: 0o600)
    let vault = Vault(location: directory.location, parameters: .fast)
    #expect(throws: VaultError.corrupt(path: directory.child("passcode.hash"))) {
      try vault.verify(secret("730519"), now: 1)
    }
  }

  @Test("removing the passcode removes the hash and the count")
  func remove() throws {
    let directory = try TemporaryDirectory()
    let vault = Vault(location: directory.location, parameters: .fast)
    try vault.setPasscode(secret("730519"))
    _ = try vault.verify(secret("000001"), now: 1)
    try vault.removePasscode()
    #expect(
      try vault.status(now: 2)
        == VaultStatus(isPasscodeSet: false, lockout: LockoutStatus(failures: 0, remaining: .zero)))
    #expect(throws: VaultError.notSet) { try vault.removePasscode() }
  }
}

extension Array {
  fileprivate func windows(ofCount count: Int) -> [ArraySlice<Element>] {
    guard self.count >= count else { return [] }
    return (0...(self.count - count)).map { self[$0..<($0 + count)] }
  }
}
