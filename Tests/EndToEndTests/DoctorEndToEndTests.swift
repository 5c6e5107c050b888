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
        "  Next: Point it at an existing program, such as \(link), then run 'gpg-connect-agent reloadagent /bye'."))
    #expect(broken.text.contains("GPG_TTY: not set"))
    #expect(broken.text.contains("  Next: Add 'export GPG_TTY=$(tty)' to ~/.profile, your shell's start-up file."))
  }

  @Test("with no pinentry-passcode on PATH, the next steps are GnuPG.md's: a link to the binary's absolute path")
  func missingLinkAdvice() throws {
    let base = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let bin = try GnuPGSetUpStepsEndToEndTests.makeBinDirectory(in: base, withPasscode: true)
    let store = try StoreDirectory()
    let doctor = try DemoSession(["doctor", "--store", store.path], environment: ["PATH": bin])
    _ = try doctor.finish()
    #expect(doctor.text.contains("Pinentry link: no pinentry-passcode on PATH"))
    let prefix = "  Run: mkdir "
    let line = doctor.text.split(whereSeparator: \.isNewline).first { $0.hasPrefix(prefix) }
    let advice = try #require(line.map { String($0.dropFirst("  Run: ".count)) })

    let documented = try GnuPGSetUpStepsEndToEndTests.setUpSteps().split(separator: "\n").map(String.init)
    for step in advice.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      #expect(documented.contains(step), "not a step of Docs/GnuPG.md: \(step)")
    }
    // The reload after editing gpg-agent.conf is the documented one too.
    let reload = "gpg-connect-agent reloadagent /bye"
    #expect(documented.contains(reload))
    #expect(doctor.text.contains("then run '\(reload)'."))

    let home = base + "/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let status = try SpawnedProcess.run(
      executable: "/usr/bin/env",
      arguments: ["-i", "HOME=\(home)", "PATH=\(bin)", "LC_ALL=C", "/bin/sh", "-eu", "-c", advice])
    #expect(status == 0)
    let target = try FileManager.default.destinationOfSymbolicLink(atPath: home + "/.local/bin/pinentry-passcode")
    #expect(target == URL(fileURLWithPath: PasscodeBinary.path).resolvingSymlinksInPath().path)
  }
}
