import Foundation
import Testing

/// The documents tell a person to install and remove the Debian package the same way everywhere, the way the
/// README does: `apt install ./passcode_….deb` installs the package's `Depends` too (libspeechd2, libglib2.0-0,
/// …), where `dpkg -i` on a fresh system stops with them missing; `apt purge passcode` removes it.
@Suite("Installing the package, as each document says")
struct InstallDocumentsTests {
  /// README.md and every Docs/*.md, by path from the package root, each as one line of text: a command broken over
  /// two lines of prose is read whole, with one space wherever there was a line break or a run of spaces.
  private static func documents() throws -> [(path: String, text: String)] {
    let root = packageRoot()
    let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
      .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
    return try (["README.md"] + docs).map { path in
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      return (path, text.replacing(#/\s+/#, with: " "))
    }
  }

  /// The documents, once the README is found to say `line` itself.
  private static func documents(whereTheReadmeSays line: String) throws -> [(path: String, text: String)] {
    let documents = try documents()
    #expect(documents.first { $0.path == "README.md" }?.text.contains(line) == true, "the README's own line")
    return documents
  }

  @Test("every document installs the .deb with apt install, as the README does, never with dpkg -i")
  func installsWithApt() throws {
    for document in try Self.documents(whereTheReadmeSays: "sudo apt install ./passcode_") {
      for match in document.text.matches(of: #/dpkg\s+(-i|--install)\b/#) {
        Issue.record("\(document.path) installs with \(match.output.0), which leaves the Depends out; use apt install")
      }
    }
  }

  @Test("every document builds as the user before sudo make install, as the README does (make && sudo make install)")
  func buildsBeforeSudo() throws {
    for document in try Self.documents(whereTheReadmeSays: "make && sudo make install") {
      // Run alone, sudo make install builds as root: root-owned files in .build, and the toolchain looked for on
      // root's PATH.
      for match in document.text.matches(of: #/(?<before>.{0,8})sudo make install/#)
      where !match.before.hasSuffix("make && ") {
        Issue.record("\(document.path): \(match.output.0) builds as root; the README says make && sudo make install")
      }
    }
  }

  @Test("every document removes the package with apt purge passcode, as the README does")
  func removesWithApt() throws {
    for document in try Self.documents(whereTheReadmeSays: "sudo apt purge passcode") {
      for match in document.text.matches(of: #/dpkg\s+(-r|--remove|-P|--purge)\s+passcode/#) {
        Issue.record("\(document.path) removes with \(match.output.0); the README says apt purge passcode")
      }
    }
  }
}
