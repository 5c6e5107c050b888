import Foundation
import PasscodeTestSupport
import Testing

/// Docs/Boot.md's one-boot way back under initramfs-tools: the `sed` line that takes `keyscript=` out of the
/// initramfs's crypttab, run as written there with busybox's `sed` (the initramfs's) on sample lines.
@Suite(
  "Boot.md's way back for one boot (initramfs-tools)",
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/busybox"), "needs busybox"))
struct BootWayBackTests {
  /// The `sed -i …` line of the "Going back (initramfs-tools)" section, from the file.
  private static func documentedCommand() throws -> String {
    let text = try String(contentsOfFile: PasscodeBinary.packageRoot + "/Docs/Boot.md", encoding: .utf8)
    let section = try #require(text.components(separatedBy: "### Going back (initramfs-tools)").dropFirst().first)
    let line = section.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .first { $0.hasPrefix("sed -i") && $0.hasSuffix("/cryptroot/crypttab") }
    return try #require(line, "Boot.md's way back has no sed line for /cryptroot/crypttab")
  }

  @Test(
    "the documented sed takes keyscript= out whether it is first, in the middle, last or alone, and leaves other lines alone",
    arguments: [
      (
        "cryptroot UUID=1 none keyscript=/usr/bin/passcode-askpass,luks,discard",
        "cryptroot UUID=1 none luks,discard"
      ),
      ("cryptroot UUID=1 none luks,keyscript=/usr/bin/passcode-askpass,discard", "cryptroot UUID=1 none luks,discard"),
      ("cryptroot UUID=1 none luks,discard,keyscript=/usr/bin/passcode-askpass", "cryptroot UUID=1 none luks,discard"),
      ("cryptroot\tUUID=1\tnone\tkeyscript=passcode-askpass", "cryptroot\tUUID=1\tnone"),
      ("cryptroot UUID=1 none keyscript=/usr/local/bin/passcode-askpass ", "cryptroot UUID=1 none"),
      ("data /dev/sdb none luks,discard", "data /dev/sdb none luks,discard"),
    ])
  func sedTakesTheKeyscriptOut(line: String, expected: String) throws {
    let command = try Self.documentedCommand()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("passcode-way-back-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let crypttab = directory + "/crypttab"
    try (line + "\n").write(toFile: crypttab, atomically: true, encoding: .utf8)
    // busybox's applet, as the initramfs runs it, on this file instead of /cryptroot/crypttab.
    let script = "busybox " + command.replacingOccurrences(of: "/cryptroot/crypttab", with: "\"$1\"")
    let status = try SpawnedProcess.run(
      executable: "/bin/sh", arguments: ["-c", script, "sh", crypttab], outputPath: directory + "/sed.log")
    #expect(status == 0, "\((try? String(contentsOfFile: directory + "/sed.log", encoding: .utf8)) ?? "")")
    #expect(try String(contentsOfFile: crypttab, encoding: .utf8) == expected + "\n")
  }
}
