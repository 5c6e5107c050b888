import Foundation
import PasscodeTestSupport
import Testing

/// `set --length` and `--allowed`: the shape is stored with the hash and every later prompt asks for it;
/// a hash stored without one keeps the settings file's length and digits. `status --json` reports it.
@Suite("Passcode length and characters, end to end", .serialized)
struct PasscodeShapeEndToEndTests {
  @Test("set --length 4 --allowed alphanumeric: check asks for 4 characters and takes letters; status says so")
  func alphanumericLengthFour() throws {
    let store = try StoreDirectory()
    let code = "k7Qz"
    let set = try PasscodeRun("set", store: store, ["--length", "4", "--allowed", "alphanumeric"])
    try set.enter(code, after: "New Passcode, 4 characters")
    try set.enter(code, after: "Enter the same passcode again")
    try set.expect("Passcode set.")
    #expect(try set.finish() == .exited(0))
    let hashLines = String(decoding: try store.read("passcode.hash"), as: UTF8.self).split(separator: "\n")
    #expect(hashLines.dropFirst() == ["length 4", "allowed alphanumeric"])

    let check = try PasscodeRun("check", store: store)
    try check.enter(code, after: "Enter Passcode, 4 characters")
    try check.expect("Passcode accepted")
    #expect(try check.finish() == .exited(0))

    let status = try PasscodeRun("status", store: store)
    #expect(try status.finish() == .exited(0))
    #expect(status.output.contains("Length: 4 characters, letters and digits"))
    let json = try PasscodeRun("status", store: store, ["--json"])
    #expect(try json.finish() == .exited(0))
    #expect(
      json.output.trimmingCharacters(in: .whitespacesAndNewlines)
        == #"{"passcode_set":true,"length":4,"allowed":"alphanumeric","failures":0,"#
        + #""lockout_remaining_seconds":0,"grace_remaining_seconds":0,"store":"\#(store.path)"}"#)
    for output in [set.output, check.output, status.output, json.output] {
      #expect(!output.contains(code), "the typed code appeared in the output")
    }
  }

  @Test("a hash stored without a shape (an earlier version's) is asked for with the settings' length, in digits")
  func hashWithoutShapeKeepsSettingsLength() throws {
    let store = try StoreDirectory(settings: "lockout = 0,0,2,3\nlength = 5\n")
    let code = "80417"
    let set = try PasscodeRun("set", store: store)
    try set.enter(code, after: "New Passcode, 5 digits")
    try set.enter(code, after: "Enter the same passcode again")
    #expect(try set.finish() == .exited(0))
    let hashOnly = String(decoding: try store.read("passcode.hash"), as: UTF8.self).split(separator: "\n")[0]
    try store.write(hashOnly + "\n", to: "passcode.hash", mode: 0o600)

    let check = try PasscodeRun("check", store: store)
    try check.enter(code, after: "Enter Passcode, 5 digits")
    try check.expect("Passcode accepted")
    #expect(try check.finish() == .exited(0))
    let json = try PasscodeRun("status", store: store, ["--json"])
    #expect(try json.finish() == .exited(0))
    #expect(json.output.contains(#""length":5,"allowed":"digits""#))
  }

  @Test("status --json counts failures and the lockout in seconds, and says not set with nulls and exit 66")
  func statusJSONFailuresAndNotSet() throws {
    let empty = try StoreDirectory()
    let notSet = try PasscodeRun("status", store: empty, ["--json"])
    #expect(try notSet.finish() == .exited(66))
    #expect(notSet.output.contains(#"{"passcode_set":false,"length":null,"allowed":null,"failures":0,"#))

    let store = try StoreDirectory(settings: "lockout = 0,600\n")
    _ = try StoredPasscodeEndToEndTests.setPasscode(in: store)
    let check = try PasscodeRun("check", store: store, ["--no-wait"])
    try check.enter(StoredPasscodeEndToEndTests.wrongCode, after: "Enter Passcode, 6 digits")
    try check.enter(StoredPasscodeEndToEndTests.wrongCode, after: "Ready")
    #expect(try check.finish() == .exited(4))
    let json = try PasscodeRun("status", store: store, ["--json"])
    #expect(try json.finish() == .exited(0))
    let object =
      try JSONSerialization.jsonObject(
        with: Data(json.output.trimmingCharacters(in: .whitespacesAndNewlines).utf8)) as? [String: Any]
    #expect(object?["failures"] as? Int == 2)
    let remaining = object?["lockout_remaining_seconds"] as? Int ?? 0
    #expect((1...600).contains(remaining))
    #expect(object?["passcode_set"] as? Bool == true)
    try StoredPasscodeEndToEndTests.expectNoSecret(in: [check.output], store: store)
    #expect(!json.output.contains(StoredPasscodeEndToEndTests.rightCode))
    #expect(!json.output.contains(StoredPasscodeEndToEndTests.wrongCode))
  }
}
