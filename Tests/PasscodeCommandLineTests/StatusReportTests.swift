import Foundation
import PasscodeCommandLine
import Testing

@Suite("status --json")
struct StatusReportTests {
  @Test("a set passcode: every key, in order, on one line")
  func setPasscode() {
    let report = StatusReport(
      isPasscodeSet: true, length: 6, allowed: "digits", failures: 2, lockoutRemainingSeconds: 60,
      graceRemainingSeconds: 5, store: "/home/me/.local/share/passcode")
    #expect(
      report.json
        == #"{"passcode_set":true,"length":6,"allowed":"digits","failures":2,"lockout_remaining_seconds":60,"#
        + #""grace_remaining_seconds":5,"store":"/home/me/.local/share/passcode"}"# + "\n")
  }

  @Test("no passcode: length and allowed are null")
  func notSet() {
    let report = StatusReport(
      isPasscodeSet: false, length: nil, allowed: nil, failures: 0, lockoutRemainingSeconds: 0,
      graceRemainingSeconds: 0, store: "/s")
    #expect(report.json.hasPrefix(#"{"passcode_set":false,"length":null,"allowed":null,"#))
  }

  @Test(
    "strings are escaped as RFC 8259 asks",
    arguments: [
      ("plain", #""plain""#),
      ("a\"b", #""a\"b""#),
      ("back\\slash", #""back\\slash""#),
      ("line\nfeed\rtab\t", #""line\nfeed\rtab\t""#),
      ("\u{08}\u{0C}", #""\b\f""#),
      ("\u{00}\u{01}\u{1B}\u{1F}", #""\u0000\u0001\u001b\u001f""#),
      ("\u{2028}\u{2029}", #""\u2028\u2029""#),
      ("é ü 日本 🙂 \u{7F}", "\"é ü 日本 🙂 \u{7F}\""),
    ])
  func escaping(_ text: String, _ expected: String) {
    #expect(JSONText.string(text) == expected)
  }

  @Test("a store path with every awkward character round-trips through a JSON parser")
  func roundTrip() throws {
    let awkward = "/tmp/\"quoted\"/back\\slash/\u{1B}[31mred/\u{00}nul/\u{7F}/日本/\u{2028}/tab\there"
    let report = StatusReport(
      isPasscodeSet: true, length: 12, allowed: "alphanumeric", failures: 0, lockoutRemainingSeconds: 0,
      graceRemainingSeconds: 0, store: awkward)
    #expect(!report.json.dropLast().contains("\n"))
    #expect(!report.json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    let object = try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any]
    #expect(object?["store"] as? String == awkward)
    #expect(object?["length"] as? Int == 12)
    #expect(object?["allowed"] as? String == "alphanumeric")
    #expect(object?.count == 7)
  }
}
