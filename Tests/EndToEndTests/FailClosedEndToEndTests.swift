import Foundation
import PasscodeTestSupport
import Testing

/// The failure count survives kills and concurrent prompts, and bad state fails closed.
@Suite("Failure count and bad state, end to end", .serialized)
struct FailClosedEndToEndTests {
  typealias Codes = StoredPasscodeEndToEndTests

  static func failures(in store: StoreDirectory) throws -> String {
    let status = try PasscodeRun("status", store: store)
    _ = try status.finish()
    return status.output
  }

  @Test("a failure is stored before the verdict shows: kill -9 at the verdict still leaves it counted")
  func failureSurvivesKill() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let run = try PasscodeRun("check", store: store)
    try run.enter(Codes.wrongCode, after: "Enter Passcode, 6 digits")
    try run.expect("Wrong passcode")
    try run.process.signal(SIGKILL)
    #expect(try run.finish() == .signalled(SIGKILL))
    #expect(try Self.failures(in: store).contains("Failures: 1"))

    let restarted = try PasscodeRun("check", store: store)
    try restarted.enter(Codes.wrongCode, after: "Enter Passcode, 6 digits")
    try restarted.expect("Wrong passcode, 1 try left")
    try restarted.process.signal(SIGKILL)
    _ = try restarted.finish()
    #expect(try Self.failures(in: store).contains("Failures: 2"))
  }

  @Test("two checks at once count both failures")
  func concurrentChecksCountBoth() throws {
    let store = try StoreDirectory(settings: "lockout = 0,0,0,60\n")
    _ = try Codes.setPasscode(in: store)
    let first = try PasscodeRun("check", store: store)
    let second = try PasscodeRun("check", store: store)
    try first.expect("Enter Passcode, 6 digits")
    try second.expect("Enter Passcode, 6 digits")
    try first.type(Codes.wrongCode)
    try second.type(Codes.wrongCode)
    try first.expect("Wrong passcode")
    try second.expect("Wrong passcode")
    #expect(try Self.failures(in: store).contains("Failures: 2"))
    try first.type("\u{1b}")
    try second.type("\u{1b}")
    #expect(try first.finish() == .exited(2))
    #expect(try second.finish() == .exited(2))
  }

  @Test("a corrupt state file fails closed: exit 74, never 0, and status explains how to recover")
  func corruptStateFailsClosed() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    try store.write("this is not a failure record\n", to: "state", mode: 0o600)
    let check = try PasscodeRun("check", store: store)
    #expect(try check.finish() == .exited(74))
    #expect(check.output.contains("damaged"))

    let status = try PasscodeRun("status", store: store)
    #expect(try status.finish() == .exited(74))
    #expect(status.output.contains("To recover, remove it"))

    let exec = try PasscodeRun("exec", store: store, ["--", "sh", "-c", "echo must-not-run"])
    #expect(try exec.finish() == .exited(74))
    #expect(!exec.output.contains("must-not-run"))
  }

  @Test("a hash file that is not a hash fails closed with exit 74")
  func corruptHashFailsClosed() throws {
    let store = try StoreDirectory()
    try store.write("not a hash at all\n", to: "passcode.hash", mode: 0o600)
    let check = try PasscodeRun("check", store: store)
    #expect(try check.finish() == .exited(74))
    #expect(check.output.contains("passcode set"))
  }

  @Test("a truncated hash is reported as corrupt (exit 74) and never accepts the right code")
  func truncatedHashNeverUnlocks() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let hash = try store.read("passcode.hash")
    try store.write(String(decoding: hash.prefix(40), as: UTF8.self) + "\n", to: "passcode.hash", mode: 0o600)
    let check = try PasscodeRun("check", store: store, ["--max-tries", "1"])
    let status = try check.finish()
    #expect(status == .exited(74), "refused before asking: \(check.output)")
    #expect(check.output.contains("passcode.hash"))
    #expect(!check.output.contains("Passcode accepted"))
  }

  @Test("a state file with mode 0644 is refused with the chmod that fixes it")
  func openStateFileRefused() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let run = try PasscodeRun("check", store: store, ["--max-tries", "1"])
    try run.enter(Codes.wrongCode, after: "Enter Passcode, 6 digits")
    #expect(try run.finish() == .exited(1))
    try store.setMode(0o644, of: "state")

    let check = try PasscodeRun("check", store: store)
    #expect(try check.finish() == .exited(74))
    #expect(check.output.contains("chmod 600"))
    let status = try PasscodeRun("status", store: store)
    #expect(try status.finish() == .exited(74))
  }
}
