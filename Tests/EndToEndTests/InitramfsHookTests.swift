import Foundation
import PasscodeTestSupport
import Testing

/// The initramfs-tools hook (`Docs/initramfs-tools/passcode`) run as `mkinitramfs` runs it, with the real
/// `/usr/share/initramfs-tools/hook-functions`, against a scratch `DESTDIR` and a crypttab of the test's own
/// (`TABFILE`), on an installed tree made here: `ROOT/bin/passcode`, the `passcode-askpass` link and a catalogue.
private let hookFunctions = "/usr/share/initramfs-tools/hook-functions"

@Suite(
  "The initramfs-tools hook", .serialized,
  .enabled(
    if: FileManager.default.fileExists(atPath: hookFunctions), "needs initramfs-tools-core"))
struct InitramfsHookTests {
  private static let hook = PasscodeBinary.packageRoot + "/Docs/initramfs-tools/passcode"

  /// A scratch directory with an installed tree (`root`), an empty image (`initramfs`) and a crypttab.
  private struct Scratch {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("passcode-hook-\(UUID().uuidString)").path
    var root: String { base + "/root" }
    var image: String { base + "/initramfs" }
    var crypttab: String { base + "/crypttab" }

    init(crypttab lines: String) throws {
      let script =
        "mkdir -p \"$1/root/bin\" \"$1/root/share/locale/es/LC_MESSAGES\" \"$1/initramfs\" "
        + "&& cp \"$2\" \"$1/root/bin/passcode\" && ln -s passcode \"$1/root/bin/passcode-askpass\" "
        + "&& msgfmt -o \"$1/root/share/locale/es/LC_MESSAGES/passcode.mo\" \"$3/es.po\""
      let status = try SpawnedProcess.run(
        executable: "sh",
        arguments: ["-c", script, "sh", base, PasscodeBinary.path, CompiledMessageCatalogues.sourceDirectory])
      #expect(status == 0, "the scratch tree was not made")
      try lines.replacingOccurrences(of: "ROOT", with: root).write(
        toFile: crypttab, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }

    /// Runs the hook as mkinitramfs does (`verbose` is one of its variables), with `arguments`; returns its
    /// exit status and what it wrote on both streams.
    func runHook(_ arguments: [String] = []) throws -> (status: Int32?, output: String) {
      let log = base + "/hook.log"
      let status = try SpawnedProcess.run(
        executable: "env",
        arguments: ["DESTDIR=\(image)", "TABFILE=\(crypttab)", "verbose=n", "sh", InitramfsHookTests.hook] + arguments,
        outputPath: log, timeout: .seconds(60))
      return (status, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    /// Every file in the image, relative to it.
    func imageFiles() -> [String] {
      (FileManager.default.enumerator(atPath: image)?.allObjects as? [String]) ?? []
    }
  }

  @Test(
    "a crypttab line with keyscript=…/passcode-askpass puts the link, the binary, every library it links and the catalogues in the image"
  )
  func copiesWhatTheKeyscriptNeeds() throws {
    let scratch = try Scratch(
      crypttab: "# a comment\ncryptroot UUID=1234 none luks,discard,keyscript=ROOT/bin/passcode-askpass\n"
        + "data /dev/sdb none luks\n")
    defer { scratch.remove() }
    let (status, output) = try scratch.runHook()
    #expect(status == 0, "\(output)")
    let link = scratch.image + scratch.root + "/bin/passcode-askpass"
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "passcode")
    #expect(FileManager.default.isExecutableFile(atPath: scratch.image + scratch.root + "/bin/passcode"))
    #expect(FileManager.default.fileExists(atPath: scratch.image + "/usr/share/locale/es/LC_MESSAGES/passcode.mo"))
    // Every library the loader would load, by the path ldd resolves it to, is in the image.
    let libraries = try SpawnedProcess.run(
      executable: "sh",
      arguments: [
        "-c",
        "ldd \"$1\" | sed -n 's/.*=> \\(\\/[^ ]*\\).*/\\1/p; s/^[[:space:]]*\\(\\/[^ ]*\\) .*/\\1/p' | sort -u > \"$2\"",
        "sh", scratch.root + "/bin/passcode", scratch.base + "/libraries",
      ])
    #expect(libraries == 0)
    let paths = try String(contentsOfFile: scratch.base + "/libraries", encoding: .utf8).split(separator: "\n")
    #expect(paths.contains { $0.hasSuffix("/libc.so.6") } && paths.contains { $0.contains("libsodium") })
    for path in paths {
      let resolved = URL(fileURLWithPath: String(path)).resolvingSymlinksInPath().path
      let inImage = scratch.image + "/usr" + (resolved.hasPrefix("/usr/") ? String(resolved.dropFirst(4)) : resolved)
      #expect(
        FileManager.default.fileExists(atPath: scratch.image + resolved)
          || FileManager.default.fileExists(atPath: inImage),
        "\(path) is not in the image")
    }
  }

  @Test("without a crypttab line naming passcode-askpass, the hook adds nothing")
  func optInOnly() throws {
    let scratch = try Scratch(
      crypttab:
        "cryptroot UUID=1234 none luks,discard\nother /dev/sdb none luks,keyscript=/lib/cryptsetup/scripts/passdev\n"
        + "# old ROOT/bin/passcode-askpass none luks,keyscript=ROOT/bin/passcode-askpass\n")
    defer { scratch.remove() }
    let (status, output) = try scratch.runHook()
    #expect(status == 0, "\(output)")
    #expect(scratch.imageFiles() == [])
  }

  @Test("a keyscript named but missing is left out with a warning; the initramfs is still made")
  func missingKeyscript() throws {
    let scratch = try Scratch(crypttab: "cryptroot UUID=1234 none luks,keyscript=passcode-askpass\n")
    defer { scratch.remove() }
    let (status, output) = try scratch.runHook()
    #expect(status == 0)
    #expect(output.contains("/lib/cryptsetup/scripts/passcode-askpass, which is not there"), "\(output)")
    #expect(scratch.imageFiles() == [])
  }

  @Test("prereqs names no other hook, as initramfs-tools(7) asks")
  func prerequisites() throws {
    let scratch = try Scratch(crypttab: "")
    defer { scratch.remove() }
    let (status, output) = try scratch.runHook(["prereqs"])
    #expect(status == 0)
    #expect(output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(output)")
  }
}
