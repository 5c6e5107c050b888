import Foundation
import Glibc
import PasscodeTestSupport
import Testing

/// The .deb's `prerm` (the Makefile's `DEB_PRERM`, printed by make as `make deb` writes it): removed while
/// `/etc/crypttab` names `passcode-askpass`, it warns in the language of its environment, from passcode's own
/// catalogue through gettext(1), and in English without a translation (Docs/Boot.md). Run as root in a private
/// mount namespace: a crypttab of the test's own over `/etc/crypttab`, the repository's compiled catalogues
/// over `/usr/share/locale`, and `update-alternatives` and `systemctl` that do nothing first in `PATH`.
/// `.ci/package-check` checks the same with the real .deb and dpkg.
@Suite(
  "The .deb's warning on removal while crypttab names passcode-askpass",
  .enabled(
    if: geteuid() == 0 && FileManager.default.fileExists(atPath: "/etc/crypttab")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/gettext"),
    "needs root (a mount namespace), an /etc/crypttab to mount over and gettext(1)"))
struct PackageRemovalWarningTests {
  @Test(
    "the prerm warns in LANGUAGE's language from passcode's catalogue, and in English without a translation",
    arguments: [
      ("es", "passcode: aviso: /etc/crypttab aún nombra passcode-askpass como keyscript."),
      ("fr:en", "passcode: avertissement : /etc/crypttab nomme encore passcode-askpass comme keyscript."),
      ("de", "passcode: Warnung: /etc/crypttab nennt passcode-askpass noch als keyscript."),
      ("", "passcode: warning: /etc/crypttab still names passcode-askpass as a keyscript."),
    ])
  func prermWarnsInThePersonsLanguage(language: String, expected: String) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("passcode-prerm-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for stub in ["update-alternatives", "systemctl"] {
      try "#!/bin/sh\nexit 0\n".write(toFile: directory + "/bin/" + stub, atomically: true, encoding: .utf8)
      chmod(directory + "/bin/" + stub, 0o755)
    }
    try "cryptroot UUID=0 none keyscript=/usr/bin/passcode-askpass,luks\n".write(
      toFile: directory + "/crypttab", atomically: true, encoding: .utf8)
    let rule = "print-prerm: ; @printf '%s\\n' \"$$DEB_PRERM\""
    let printed = try SpawnedProcess.run(
      executable: "make",
      arguments: ["-s", "--no-print-directory", "-C", PasscodeBinary.packageRoot, "--eval", rule, "print-prerm"],
      outputPath: directory + "/prerm", timeout: .seconds(60))
    #expect(printed == 0, "make did not print DEB_PRERM")
    let script = """
      mount --bind "$1/crypttab" /etc/crypttab && mount --bind "$2" /usr/share/locale &&
      env -i PATH="$1/bin:/usr/bin:/bin" LANG=C.UTF-8 LANGUAGE="$3" sh "$1/prerm" remove
      """
    let status = try SpawnedProcess.run(
      executable: "unshare",
      arguments: [
        "--mount", "--propagation", "private", "sh", "-c", script, "sh", directory,
        try CompiledMessageCatalogues.directory(), language,
      ], outputPath: directory + "/warning", timeout: .seconds(30))
    let warning = try String(contentsOfFile: directory + "/warning", encoding: .utf8)
    #expect(status == 0, "the prerm failed: \(warning)")
    let lines = warning.split(separator: "\n").map(String.init)
    #expect(lines.first == expected, "the prerm said: \(warning)")
    #expect(lines.count == 2 && lines[1].contains("update-initramfs -u"), "the prerm said: \(warning)")
  }
}
