import Foundation
import PasscodeTestSupport
import Testing

/// The `sh` blocks of `Docs/GnuPG.md`'s "Set it up", run as written with `sh -eu` in a fresh home, for
/// someone who built `passcode` and did not install it. (`.ci/package-check` runs them against the
/// installed package too.)
@Suite("GnuPG.md's set-up steps, as written", .serialized)
struct GnuPGSetUpStepsEndToEndTests {
  /// The commands of every `sh` block under "## Set it up", in order, without the list's indentation.
  static func setUpSteps() throws -> String {
    let text = try String(contentsOfFile: PasscodeBinary.packageRoot + "/Docs/GnuPG.md", encoding: .utf8)
    var inSection = false
    var inBlock = false
    var commands: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("## ") {
        inSection = line == "## Set it up"
      } else if inSection, trimmed == "```sh" {
        inBlock = true
      } else if inBlock, trimmed == "```" {
        inBlock = false
      } else if inBlock {
        commands.append(line.hasPrefix("   ") ? String(line.dropFirst(3)) : String(line))
      }
    }
    return commands.joined(separator: "\n") + "\n"
  }

  /// The programs the steps use, linked into a private `bin` directory that is the steps' whole `PATH`, so
  /// an installed `passcode` cannot stand in for the built one.
  static let tools = ["mkdir", "ln", "readlink", "tty", "gpg-connect-agent"]

  /// Makes `base/bin` with the steps' tools, and `passcode` linked to the built binary when asked.
  static func makeBinDirectory(in base: String, withPasscode: Bool) throws -> String {
    let bin = base + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    for tool in tools {
      try FileManager.default.createSymbolicLink(atPath: bin + "/" + tool, withDestinationPath: "/usr/bin/" + tool)
    }
    if withPasscode {
      try FileManager.default.createSymbolicLink(atPath: bin + "/passcode", withDestinationPath: PasscodeBinary.path)
    }
    return bin
  }

  /// Runs the steps in a fresh home under `/tmp` (short, for the agent's socket) with `PATH` set to
  /// `binDirectory` alone; returns the home and the exit status.
  static func runSteps(binDirectory: String, in base: String) throws -> (home: String, status: Int32?) {
    let home = base + "/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let script = base + "/steps.sh"
    try setUpSteps().write(toFile: script, atomically: true, encoding: .utf8)
    let status = try SpawnedProcess.run(
      executable: "/usr/bin/env",
      arguments: ["-i", "HOME=\(home)", "PATH=\(binDirectory)", "LC_ALL=C"]
        // `env -i` would drop the pinned detection tree the spawner adds.
        + PinnedDetection.nothingRunning.environment.map { "\($0.key)=\($0.value)" } + ["/bin/sh", "-eu", script],
      outputPath: base + "/steps.log", timeout: .seconds(60))
    _ = try? SpawnedProcess.run(
      executable: "gpgconf", arguments: ["--homedir", home + "/.gnupg", "--kill", "gpg-agent"])
    return (home, status)
  }

  @Test("with passcode on PATH: an absolute link in ~/.local/bin, named in gpg-agent.conf, that runs as a pinentry")
  func builtBinaryOnPath() throws {
    if let reason = PasscodeBinary.missingReason { throw EndToEndError.missingBinary(reason) }
    let base = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let bin = try Self.makeBinDirectory(in: base, withPasscode: true)

    let (home, status) = try Self.runSteps(binDirectory: bin, in: base)
    let log = (try? String(contentsOfFile: base + "/steps.log", encoding: .utf8)) ?? ""
    #expect(status == 0, "the steps failed:\n\(log)")
    let link = home + "/.local/bin/pinentry-passcode"
    let target = try FileManager.default.destinationOfSymbolicLink(atPath: link)
    #expect(target.hasPrefix("/"))
    #expect(target == URL(fileURLWithPath: PasscodeBinary.path).resolvingSymlinksInPath().path)
    let configuration = try String(contentsOfFile: home + "/.gnupg/gpg-agent.conf", encoding: .utf8)
    #expect(configuration == "pinentry-program \(link)\n")

    let versionPath = base + "/version.txt"
    #expect(try SpawnedProcess.run(executable: link, arguments: ["--version"], outputPath: versionPath) == 0)
    let version = try String(contentsOfFile: versionPath, encoding: .utf8)
    #expect(version.hasPrefix("pinentry-passcode (passcode) "))
  }

  @Test("without passcode on PATH the steps stop: no broken link, no pinentry-program line")
  func noBinaryOnPath() throws {
    let base = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let bin = try Self.makeBinDirectory(in: base, withPasscode: false)

    let (home, status) = try Self.runSteps(binDirectory: bin, in: base)
    #expect(status != 0)
    let link = home + "/.local/bin/pinentry-passcode"
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil)
    let configuration = (try? String(contentsOfFile: home + "/.gnupg/gpg-agent.conf", encoding: .utf8)) ?? ""
    #expect(!configuration.contains("pinentry-program"))
  }
}
