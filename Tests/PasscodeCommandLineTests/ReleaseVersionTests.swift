import Foundation
import PasscodeCommandLine
import Testing

/// One version everywhere a person or a consumer reads it: the CHANGELOG's newest release, `passcode --version`, the
/// pinentry's `GETINFO version`, the four manual pages, and the git tag a consumer pins.
@Suite("The release's version")
struct ReleaseVersionTests {
  /// The newest release heading's version in CHANGELOG.md (`## 0.2.0 - 2026-12-07`), past `## Unreleased`.
  static func newestRelease() throws -> String {
    let changelog = try String(contentsOf: packageRoot().appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let heading = try #require(changelog.firstMatch(of: #/\n## (\d+\.\d+\.\d+) - \d{4}-\d{2}-\d{2}\n/#))
    return String(heading.output.1)
  }

  @Test("passcode, the pinentry and every manual page carry the CHANGELOG's newest release")
  func oneVersion() throws {
    let version = try Self.newestRelease()
    #expect(PasscodeVersion.current == version)
    let identity = try String(
      contentsOf: packageRoot().appendingPathComponent("Sources/Pinentry/PinentryIdentity.swift"), encoding: .utf8)
    #expect(identity.contains("PinentryIdentity(version: \"\(version)\""), "the pinentry's version")
    for page in ["passcode.1", "passcode.es.1", "passcode.fr.1", "passcode.de.1"] {
      let text = try String(contentsOf: packageRoot().appendingPathComponent("Docs/\(page)"), encoding: .utf8)
      #expect(text.contains("\"passcode \(version)\""), "\(page)'s .TH line")
    }
  }

  /// Checked only in a clone that carries tags: a shallow clone, or one made from a single commit or branch (as CI
  /// may make), has none, and a source tarball has no `.git` at all.
  @Test("the release is tagged in git, so a consumer can pin it (in a clone that carries tags)")
  func releaseIsTagged() throws {
    let root = packageRoot().path
    guard FileManager.default.fileExists(atPath: root + "/.git"),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
    else { return }
    func git(_ arguments: [String]) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
      process.arguments = ["-C", root] + arguments
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard try git(["rev-parse", "--is-shallow-repository"]) == "false", try !git(["tag", "--list"]).isEmpty else {
      return
    }
    let version = try Self.newestRelease()
    #expect(try git(["tag", "--list", version]) == version, "git tag \(version) is missing")
  }
}
