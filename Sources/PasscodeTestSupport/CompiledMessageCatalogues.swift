import Foundation

/// The repository's `.po` files compiled by the real `msgfmt --check` into a fresh locale directory, once
/// per test process, for the binary to find through `PASSCODE_LOCALEDIR` (Docs/Localisation.md).
package enum CompiledMessageCatalogues {
  /// The directory holding `passcode.pot` and one `LANGUAGE.po` per translation.
  package static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("PasscodeLocalization/po").path

  /// The languages with a `.po` file, such as `es`.
  package static var languages: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: sourceDirectory)) ?? []
    return names.filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
  }

  /// The locale directory, new for this process: `DIRECTORY/LANGUAGE/LC_MESSAGES/passcode.mo` for every
  /// language.
  ///
  /// - Returns: The directory's path.
  /// - Throws: ``SpeechTestSupportError`` when `msgfmt` is missing or rejects a file.
  package static func directory() throws -> String {
    try compiled.get()
  }

  /// The environment that makes the binary speak `language` from the freshly compiled catalogues.
  ///
  /// - Parameter language: What `LANGUAGE` is set to, such as `es`.
  /// - Returns: `LANGUAGE` and `PASSCODE_LOCALEDIR`.
  /// - Throws: As ``directory()``.
  package static func environment(language: String) throws -> [String: String] {
    ["LANGUAGE": language, "PASSCODE_LOCALEDIR": try directory()]
  }

  private static let compiled = Result { () throws(SpeechTestSupportError) -> String in
    // A name of its own (a process number alone comes round again, with an earlier run's files in it).
    let unique = ProcessInfo.processInfo.globallyUniqueString
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("passcode-locale-\(unique)").path
    for language in languages {
      let directory = base + "/\(language)/LC_MESSAGES"
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw SpeechTestSupportError.notReady("locale directory \(directory)")
      }
      let status = try? SpawnedProcess.run(
        executable: "msgfmt",
        arguments: ["--check", "-o", directory + "/passcode.mo", sourceDirectory + "/\(language).po"],
        outputPath: base + "/msgfmt-\(language).txt")
      guard status == 0 else {
        throw SpeechTestSupportError.notReady("msgfmt --check of \(language).po (see \(base)/msgfmt-\(language).txt)")
      }
    }
    return base
  }
}
