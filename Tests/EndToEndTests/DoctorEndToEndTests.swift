import Foundation
import PasscodeTestSupport
import Testing

/// `passcode doctor`'s pinentry findings against a real `GNUPGHOME` and a real `pinentry-passcode` link.
@Suite("passcode doctor checks the pinentry set-up")
struct DoctorEndToEndTests {
  @Test("a pinentry-program that is passcode is recognised; a missing one stops prompts (78), with the fix")
  func pinentryProgram() throws {
    let home = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let link = try PasscodeBinary.makePinentryLink(in: home)
    let store = try StoreDirectory()
    let environment = ["GNUPGHOME": home, "GPG_TTY": "/dev/pts/99", "PATH": home + ":/usr/bin:/bin"]

    try "pinentry-program \(link)\n".write(toFile: home + "/gpg-agent.conf", atomically: true, encoding: .utf8)
    let good = try DemoSession(["doctor", "--store", store.path], environment: environment)
    #expect(try good.finish() == .exited(0))
    #expect(good.text.contains("Pinentry link: \(link) is on PATH."))
    #expect(good.text.contains("gpg-agent: pinentry-program \(link) is passcode."))
    #expect(good.text.contains("GPG_TTY: /dev/pts/99."))

    try "# comment\npinentry-program /nowhere/pinentry-passcode\n".write(
      toFile: home + "/gpg-agent.conf", atomically: true, encoding: .utf8)
    let broken = try DemoSession(
      ["doctor", "--store", store.path], environment: environment.merging(["GPG_TTY": ""]) { _, new in new })
    #expect(try broken.finish() == .exited(78))
    #expect(
      broken.text.contains(
        "gpg-agent: pinentry-program /nowhere/pinentry-passcode in \(home)/gpg-agent.conf is missing"))
    #expect(
      broken.text.contains(
        "  Next: Point it at an existing program, such as \(link), then run 'gpgconf --reload gpg-agent'."))
    #expect(broken.text.contains("GPG_TTY: not set"))
    #expect(broken.text.contains("  Next: Add 'export GPG_TTY=$(tty)' to your shell's start-up file."))
  }
}
