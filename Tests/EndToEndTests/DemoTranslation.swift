import Foundation
import PasscodeTestSupport
import Testing

/// A translation's words for the demo (4 digits, the code 2580), as the end-to-end tests wait for them on the
/// screen and at the speech daemon: each test that reads the demo in a language runs once per translation.
///
/// The words are data, `Golden/demo-words-LANGUAGE.txt`, one `name: words` line each, written by hand from
/// the `.po` file (never made from it, so the tests check the catalogue rather than repeat it).
struct DemoTranslation: Sendable, CustomTestStringConvertible {
  /// The value of `LANGUAGE`, which is also the catalogue's `Language:` header: `es`.
  let language: String
  private let words: [String: String]

  init(language: String) {
    self.language = language
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden/demo-words-\(language).txt")
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    var words: [String: String] = [:]
    for line in text.split(separator: "\n") {
      guard let colon = line.range(of: ": ") else { continue }
      words[String(line[..<colon.lowerBound])] = String(line[colon.upperBound...])
    }
    self.words = words
  }

  var testDescription: String { language }

  /// The line of the words file with this name; a name the file lacks gives a text no program shows, so the
  /// test that waits for it fails and names it.
  subscript(_ name: String) -> String {
    words[name] ?? "<no '\(name)' in Golden/demo-words-\(language).txt>"
  }

  /// The progress after `entered` of `length` digits.
  func progress(_ entered: Int, of length: Int = 4) -> String {
    self["progress"].replacingOccurrences(of: "{entered}", with: "\(entered)")
      .replacingOccurrences(of: "{length}", with: "\(length)")
  }

  /// The environment that selects this translation from the freshly compiled catalogues, with more on top.
  func environment(_ extra: [String: String] = [:]) throws -> [String: String] {
    try CompiledMessageCatalogues.environment(language: language).merging(extra) { _, new in new }
  }

  /// Every translation the tests read the demo in.
  static let all = ["es", "fr", "de"].map(DemoTranslation.init(language:))
}
