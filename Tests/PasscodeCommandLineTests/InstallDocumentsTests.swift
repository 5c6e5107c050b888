import Foundation
import Testing

/// The documents tell a person to install and remove the Debian package the same way everywhere, the way the
/// README does: `apt install ./passcode_….deb` installs the package's `Depends` too (libspeechd2, libglib2.0-0,
/// …), where `dpkg -i` on a fresh system stops with them missing; `apt purge passcode` removes it.
@Suite("Installing the package, as each document says")
struct InstallDocumentsTests {
  /// README.md and every Docs/*.md, by path from the package root, with their lines.
  private static func documents() throws -> [(path: String, lines: [Substring])] {
    let root = packageRoot()
    let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
      .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
    return try (["README.md"] + docs).map { path in
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      return (path, text.split(separator: "\n", omittingEmptySubsequences: false))
    }
  }

  @Test("every document installs the .deb with apt install, as the README does, never with dpkg -i")
  func installsWithApt() throws {
    let documents = try Self.documents()
    let readme = try #require(documents.first { $0.path == "README.md" })
    #expect(readme.lines.contains { $0.contains("sudo apt install ./passcode_") }, "the README's own line")
    for document in documents {
      // Lines that join with the next (a command broken over two lines of prose) are read as one.
      let text = document.lines.joined(separator: " ")
      for match in text.matches(of: #/dpkg\s+(-i|--install)\b/#) {
        Issue.record("\(document.path) installs with \(match.output.0), which leaves the Depends out; use apt install")
      }
    }
  }

  @Test("every document builds as the user before sudo make install, as the README does (make && sudo make install)")
  func buildsBeforeSudo() throws {
    let documents = try Self.documents()
    let readme = try #require(documents.first { $0.path == "README.md" })
    #expect(readme.lines.contains { $0.contains("make && sudo make install") }, "the README's own line")
    for document in documents {
      let text = document.lines.joined(separator: " ").replacing(#/\s+/#, with: " ")
      // Run alone, sudo make install builds as root: root-owned files in .build, and the toolchain looked for on
      // root's PATH.
      for match in text.matches(of: #/(?<before>.{0,8})sudo make install/#) where !match.before.hasSuffix("make && ") {
        Issue.record("\(document.path): \(match.output.0) builds as root; the README says make && sudo make install")
      }
    }
  }

  @Test("every document removes the package with apt purge passcode, as the README does")
  func removesWithApt() throws {
    for document in try Self.documents() {
      let text = document.lines.joined(separator: " ")
      for match in text.matches(of: #/dpkg\s+(-r|--remove|-P|--purge)\s+passcode/#) {
        Issue.record("\(document.path) removes with \(match.output.0); the README says apt purge passcode")
      }
    }
  }
}
