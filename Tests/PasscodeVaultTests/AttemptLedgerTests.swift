import Dispatch
import PasscodeEngine
import PasscodeVault
import Testing

@Suite("AttemptLedger")
struct AttemptLedgerTests {
  @Test("an attempt is counted on disk before any verdict, and stays counted without a success")
  func countedBeforeVerdict() throws {
    let directory = try TemporaryDirectory()
    let ledger = AttemptLedger(stateDirectory: directory.path, schedule: .never)
    let ticket = try ledger.beginAttempt(now: 100)
    #expect(ticket.failureCount == 1)
    // The process "dies" here: no recordSuccess. A fresh ledger reads the file.
    let reopened = AttemptLedger(stateDirectory: directory.path, schedule: .never)
    #expect(try reopened.status(now: 100) == LockoutStatus(failures: 1, remaining: .zero))
    #expect(permissions(of: directory.child("state")) == 0o600)
  }

  @Test("a success resets the count")
  func successResets() throws {
    let directory = try TemporaryDirectory()
    let ledger = AttemptLedger(stateDirectory: directory.path, schedule: .never)
    _ = try ledger.beginAttempt(now: 1)
    _ = try ledger.beginAttempt(now: 2)
    try ledger.recordSuccess()
    #expect(try ledger.status(now: 3).failures == 0)
  }

  @Test("two threads with their own ledgers making 50 attempts each count 100")
  func concurrentAttemptsAllCount() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      let ledger = AttemptLedger(stateDirectory: path, schedule: .never)
      for attempt in 0..<50 { _ = try? ledger.beginAttempt(now: LockoutTime(wallClock: Double(attempt))) }
    }
    let ledger = AttemptLedger(stateDirectory: path, schedule: .never)
    #expect(try ledger.status(now: 100).failures == 100)
  }

  @Test("checking that failures can be recorded writes the record back as it stands, and counts nothing")
  func checkRecordableRewritesTheRecord() throws {
    let directory = try TemporaryDirectory()
    let ledger = AttemptLedger(stateDirectory: directory.path, schedule: .never)
    try ledger.checkRecordable()
    #expect(try ledger.readRecord() == .clean, "a clean record where there was none")
    _ = try ledger.beginAttempt(now: 100)
    _ = try ledger.beginAttempt(now: 101)
    let before = try ledger.readRecord()
    try ledger.checkRecordable()
    #expect(try ledger.readRecord() == before)
    #expect(permissions(of: directory.child("state")) == 0o600)
    #expect(try directory.entries().allSatisfy { !$0.contains(".tmp-") }, "no temporary file is left")
  }

  @Test("a lockout refuses attempts with the time left, computed from the injected clock")
  func lockout() throws {
    let directory = try TemporaryDirectory()
    let ledger = AttemptLedger(stateDirectory: directory.path, schedule: testSchedule)
    _ = try ledger.beginAttempt(now: 1000)
    _ = try ledger.beginAttempt(now: 1001)
    #expect(try ledger.status(now: 1001).remaining == .zero)
    let third = try ledger.beginAttempt(now: 1002)
    #expect(third.failureCount == 3)
    #expect(try ledger.status(now: 1012) == LockoutStatus(failures: 3, remaining: .seconds(20)))
    #expect(throws: VaultError.lockedOut(remaining: .seconds(20))) { try ledger.beginAttempt(now: 1012) }
    #expect(try ledger.status(now: 1012).failures == 3)
    let fourth = try ledger.beginAttempt(now: 1032)
    #expect(fourth.failureCount == 4)
    #expect(throws: VaultError.lockedOut(remaining: .seconds(59))) { try ledger.beginAttempt(now: 1033) }
  }

  @Test("a corrupt state file fails closed")
  func corruptFailsClosed() throws {
    let directory = try TemporaryDirectory()
    try directory.write("passcode-state 1\nfailures lots\nlast-failure 0\n", to: "state", mode: 0o600)
    let ledger = AttemptLedger(stateDirectory: directory.path, schedule: .never)
    let state = directory.child("state")
    #expect(throws: VaultError.corrupt(path: state)) { try ledger.beginAttempt(now: 1) }
    #expect(throws: VaultError.corrupt(path: state)) { try ledger.status(now: 1) }
  }

  @Test("a truncated state file fails closed")
  func truncatedFailsClosed() throws {
    let directory = try TemporaryDirectory()
    try directory.write("passcode-state 1\nfailures 3\nlast-fa", to: "state", mode: 0o600)
    let ledger = AttemptLedger(stateDirectory: directory.path, schedule: .never)
    #expect(throws: VaultError.corrupt(path: directory.child("state"))) { try ledger.beginAttempt(now: 1) }
  }

  @Test("a state file readable by others is refused")
  func insecureStateRefused() throws {
    let directory = try TemporaryDirectory()
    try directory.write("passcode-state 1\nfailures 0\nlast-failure 0.0\n", to: "state", mode: 0o644)
    let ledger = AttemptLedger(stateDirectory: directory.path, schedule: .never)
    let error = #expect(throws: VaultError.self) { try ledger.beginAttempt(now: 1) }
    guard case .insecurePermissions = error else {
      Issue.record("expected insecurePermissions, got \(String(describing: error))")
      return
    }
  }

  @Test("a hand-made state file with a last-failure a day ahead is anchored on the first look, not frozen")
  func futureStateFileIsAnchored() throws {
    let directory = try TemporaryDirectory()
    try directory.write("passcode-state 1\nfailures 3\nlast-failure 87400\n", to: "state", mode: 0o600)
    let ledger = AttemptLedger(stateDirectory: directory.path, schedule: testSchedule)
    let first = FailureRecordTests.at(wall: 1000, boot: 100)
    #expect(try ledger.status(now: first).remaining == .seconds(30))
    let stored = String(decoding: try directory.read("state"), as: UTF8.self)
    #expect(stored.contains("\nboot \(FailureRecordTests.boot) 100.000000\n"), "anchored: \(stored)")
    #expect(throws: VaultError.lockedOut(remaining: .seconds(10))) {
      try ledger.beginAttempt(now: FailureRecordTests.at(wall: 1020, boot: 120))
    }
    #expect(try ledger.beginAttempt(now: FailureRecordTests.at(wall: 1031, boot: 131)).failureCount == 4)
  }
}
