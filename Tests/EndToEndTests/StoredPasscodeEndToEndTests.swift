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
    let store = try StoreDirectory()
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
    try second.expect("Too many tries. Try again in 2 seconds")
    try second.enter(Self.rightCode, after: "Ready")
    try second.expect("Passcode accepted")
    #expect(try second.finish() == .exited(0))
    transcripts.append(second.output)

    let status = try PasscodeRun("status", store: store)
    #expect(try status.finish() == .exited(0))
    #expect(status.output.contains("Failures: 0"))
    try Self.expectNoSecret(in: transcripts + [status.output], store: store)
  }

  /// The typed codes appear in no output and no file of the store.
  static func expectNoSecret(in transcripts: [String], store: StoreDirectory) throws {
    for transcript in transcripts {
      for code in [rightCode, wrongCode] {
        #expect(!transcript.contains(code), "a typed code appeared in the output")
      }
    }
    for file in try store.allFiles() {
      let text = String(decoding: file.bytes, as: UTF8.self)
      for code in [rightCode, wrongCode] {
        #expect(!text.contains(code), "a typed code appeared in \(file.name)")
      }
    }
  }
}
