import PasscodeDoctor
import Testing

@Suite("gpg-agent.conf's pinentry-program, read from the file's text")
struct GnuPGAgentConfigurationTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let text: String
    let program: String?
    var testDescription: String { text.debugDescription }
  }

  static let rows: [Row] = [
    Row(text: "", program: nil),
    Row(text: "pinentry-program /usr/bin/pinentry-passcode\n", program: "/usr/bin/pinentry-passcode"),
    Row(text: "pinentry-program /a", program: "/a"),
    Row(text: "# pinentry-program /a\n", program: nil),
    Row(text: "pinentry-program\n", program: nil),
    Row(text: "pinentry-programs /a\n", program: nil),
    Row(text: "  pinentry-program\t \t/with space/p\n", program: "/with space/p"),
    Row(text: "pinentry-program /first\ndefault-cache-ttl 600\npinentry-program /last\n", program: "/last"),
    Row(text: "pinentry-program /crlf\r\n", program: "/crlf"),
    Row(text: "keep-tty\nallow-loopback-pinentry\n", program: nil),
  ]

  @Test("each text gives this program", arguments: rows)
  func pinentryProgram(_ row: Row) {
    #expect(GnuPGAgentConfiguration(text: row.text).pinentryProgram == row.program)
  }

  @Test(
    "the file is in GNUPGHOME when it is set and not empty, else in ~/.gnupg",
    arguments: [
      (["GNUPGHOME": "/g", "HOME": "/h"], "/g/gpg-agent.conf"),
      (["GNUPGHOME": "", "HOME": "/h"], "/h/.gnupg/gpg-agent.conf"),
      (["HOME": "/h"], "/h/.gnupg/gpg-agent.conf"),
      ([:], "~/.gnupg/gpg-agent.conf"),
    ])
  func path(environment: [String: String], expected: String) {
    #expect(GnuPGAgentConfiguration.path(environment: environment) == expected)
  }
}
