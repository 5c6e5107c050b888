import Foundation
import PasscodeTestSupport
import Testing

/// The stored-passcode commands, run as the real binary on a pseudo-terminal with real files.
@Suite("Stored passcode, end to end", .serialized)
struct StoredPasscodeEndToEndTests {
  static let rightCode = "860317"
  static let wrongCode = "472915"

  /// Sets the right code in a fresh store through `passcode set`.
  static func setPasscode(in store: StoreDirectory, code: String = rightCode) throws -> PasscodeRun {
    let run = try PasscodeRun("set", store: store)
    try run.enter(code, after: "New Passcode, 6 digits")
    try run.enter(code, after: "Enter the same passcode again")
    try run.expect("Passcode set.")
    #expect(try run.finish() == .exited(0))
    return run
  }

  @Test("set, check right, wrong codes up to a lockout, countdown, Ready, then the right code")
  func fullFlow() throws {
    let store = try StoreDirectory(settings: "lockout = 0,0,12\n")
    var transcripts = [try Self.setPasscode(in: store).output]

    let first = try PasscodeRun("check", store: store)
    try first.enter(Self.rightCode, after: "Enter Passcode, 6 digits")
    try first.expect("Passcode accepted")
    #expect(try first.finish() == .exited(0))
    transcripts.append(first.output)

    let second = try PasscodeRun("check", store: store)
    try second.enter(Self.wrongCode, after: "Enter Passcode, 6 digits")
    try second.expect("Wrong passcode, 2 tries left")
    try second.enter(Self.wrongCode, after: "Ready")
    try second.expect("Wrong passcode, 1 try left")
    try second.enter(Self.wrongCode, after: "Ready")
    try second.expect("Too many tries. Try again in 12 seconds")
    try second.expect("Try again in 10 seconds")
    try second.enter(Self.rightCode, after: "Ready")
    try second.expect("Passcode accepted")
    #expect(try second.finish() == .exited(0))
    transcripts.append(second.output)

    let status = try PasscodeRun("status", store: store)
    #expect(try status.finish() == .exited(0))
    #expect(status.output.contains("Failures: 0"))
    try Self.expectNoSecret(in: transcripts + [status.output], store: store)
  }

  @Test("set refuses the weak-code list and a mismatch, and the hash file holds Argon2id and no code")
  func weakCodesAndHashFile() throws {
    let store = try StoreDirectory()
    let run = try PasscodeRun("set", store: store)
    try run.expect("New Passcode, 6 digits")
    for weak in ["123456", "111111", "654321", "121212", "000000", "123123", "987654", "112233"] {
      try run.type(weak)
      try run.expect("Too easy to guess. Choose another")
    }
    try run.type(Self.rightCode)
    try run.enter(Self.wrongCode, after: "Enter the same passcode again")
    try run.enter(Self.rightCode, after: "Passcodes did not match. Start again")
    try run.enter(Self.rightCode, after: "Enter the same passcode again")
    try run.expect("Passcode set.")
    #expect(try run.finish() == .exited(0))

    let hash = String(decoding: try store.read("passcode.hash"), as: UTF8.self)
    #expect(hash.hasPrefix("$argon2id$"))
    #expect(!hash.contains(Self.rightCode))
    try Self.expectNoSecret(in: [run.output], store: store)
  }

  @Test("changing the passcode asks for the current one first and counts a wrong one")
  func changeAsksForCurrent() throws {
    let store = try StoreDirectory()
    _ = try Self.setPasscode(in: store)
    let newCode = "305928"
    let run = try PasscodeRun("set", store: store)
    try run.enter(Self.wrongCode, after: "Current Passcode, 6 digits")
    try run.enter(Self.rightCode, after: "Ready")
    try run.enter(newCode, after: "New Passcode, 6 digits")
    try run.enter(newCode, after: "Enter the same passcode again")
    try run.expect("Passcode set.")
    #expect(try run.finish() == .exited(0))
    #expect(!run.output.contains(newCode))

    let check = try PasscodeRun("check", store: store)
    try check.enter(newCode, after: "Enter Passcode, 6 digits")
    try check.expect("Passcode accepted")
    #expect(try check.finish() == .exited(0))
  }

  @Test("remove asks for the current passcode; then status and check say none is set (66)")
  func removeThenNotSet() throws {
    let store = try StoreDirectory()
    _ = try Self.setPasscode(in: store)
    let run = try PasscodeRun("remove", store: store)
    try run.enter(Self.rightCode, after: "Current Passcode, 6 digits")
    try run.expect("Passcode removed.")
    #expect(try run.finish() == .exited(0))

    let status = try PasscodeRun("status", store: store)
    #expect(try status.finish() == .exited(66))
    #expect(status.output.contains("Passcode: not set"))
    let check = try PasscodeRun("check", store: store)
    #expect(try check.finish() == .exited(66))
    #expect(check.output.contains("No passcode is set"))
  }

  @Test("--no-wait exits 4 when a lockout starts and at once while it runs; status gives the time in words")
  func noWaitLockout() throws {
    let store = try StoreDirectory(settings: "lockout = 0,0,60\n")
    _ = try Self.setPasscode(in: store)
    let run = try PasscodeRun("check", store: store, ["--no-wait"])
    try run.enter(Self.wrongCode, after: "Enter Passcode, 6 digits")
    try run.enter(Self.wrongCode, after: "Ready")
    try run.enter(Self.wrongCode, after: "Ready")
    #expect(try run.finish() == .exited(4))
    #expect(run.output.contains("Too many wrong passcodes"))

    let again = try PasscodeRun("check", store: store, ["--no-wait"])
    #expect(try again.finish(timeout: .seconds(10)) == .exited(4))
    #expect(!again.output.contains("Enter Passcode"))

    let status = try PasscodeRun("status", store: store)
    #expect(try status.finish() == .exited(0))
    #expect(status.output.contains("Failures: 3"))
    #expect(status.output.contains("Locked out: 1 minute remaining") || status.output.contains("seconds remaining"))
    try Self.expectNoSecret(in: [run.output, again.output, status.output], store: store)
  }

  @Test("--max-tries 1 exits 1 after one wrong code")
  func maxTries() throws {
    let store = try StoreDirectory()
    _ = try Self.setPasscode(in: store)
    let run = try PasscodeRun("check", store: store, ["--max-tries", "1"])
    try run.enter(Self.wrongCode, after: "Enter Passcode, 6 digits")
    #expect(try run.finish() == .exited(1))
  }

  /// The typed codes appear in no output and no file of the store; once the catalogue's counts and
  /// durations are taken out of the output, no run of three or more digits is left at all.
  static func expectNoSecret(in transcripts: [String], store: StoreDirectory) throws {
    let catalogueCounts = try NSRegularExpression(
      pattern: "[0-9]+ of [0-9]+ digits entered|[0-9]+ tr(y|ies) left|"
        + "[0-9]+ (hour|minute|second)s?|^Store: .*$|^Failures: [0-9]+",
      options: [.anchorsMatchLines])
    let digitRun = try NSRegularExpression(pattern: "[0-9]{3,}")
    for transcript in transcripts {
      for code in [rightCode, wrongCode] {
        #expect(!transcript.contains(code), "a typed code appeared in the output")
      }
      // The store's path is quoted by errors, and its random name may hold three digits in a row.
      let unquoted = transcript.replacingOccurrences(of: store.path, with: "STORE")
      let whole = NSRange(unquoted.startIndex..., in: unquoted)
      let stripped = catalogueCounts.stringByReplacingMatches(
        in: unquoted, range: whole, withTemplate: "")
      let leftover = digitRun.numberOfMatches(in: stripped, range: NSRange(stripped.startIndex..., in: stripped))
      #expect(leftover == 0, "digits beyond the catalogue counts appeared in the output")
    }
    for file in try store.allFiles() {
      let text = String(decoding: file.bytes, as: UTF8.self)
      for code in [rightCode, wrongCode] {
        #expect(!text.contains(code), "a typed code appeared in \(file.name)")
      }
    }
  }
}
