import AnnouncementWords
import PasscodeEngine
import PasscodeTestSupport
import Testing

/// Every announcement has words of its own in every language the package ships: none is empty, none leaves a
/// placeholder unfilled, and none is a catalogue key (a missing phrase stops a debug build, so it fails here).
@Suite("every announcement in every language")
struct AnnouncementCatalogueWalkTests {
  /// The languages with a catalogue, besides English.
  static let translations = ["es", "fr", "de"]

  /// A catalogue of a language's words, made from its `.po` file: each English template's translation (the
  /// singular and plural forms of a pair from their one entry), or nothing where the file has none.
  static func catalogue(_ language: String) throws -> AnnouncementCatalogue {
    guard language != "en" else { return .english }
    let file = try PortableObjectFile(
      path: PasscodeBinary.packageRoot + "/Sources/PasscodeLocalization/po/\(language).po")
    let english = AnnouncementCatalogue.english.phrases
    var phrases: [String: String] = [:]
    for (key, template) in english {
      if key.hasSuffix(".other"), let singular = english[String(key.dropLast(".other".count)) + ".one"] {
        if let entry = file.entry(singular), entry.translations.count > 1 { phrases[key] = entry.translations[1] }
      } else if let entry = file.entry(template), let first = entry.translations.first, !first.isEmpty {
        phrases[key] = first
      }
    }
    return AnnouncementCatalogue(phrases: phrases)
  }

  @Test("each language's catalogue translates every English phrase", arguments: translations)
  func everyPhraseTranslated(language: String) throws {
    let catalogue = try Self.catalogue(language)
    let missing = Set(AnnouncementCatalogue.english.phrases.keys).subtracting(catalogue.phrases.keys)
    #expect(missing.isEmpty, "\(language) lacks: \(missing.sorted())")
  }

  @Test("every kind of announcement has words, with every placeholder filled", arguments: ["en"] + translations)
  func everyAnnouncementHasWords(language: String) throws {
    let catalogue = try Self.catalogue(language)
    let keyLike = try Regex(#"[a-z][A-Za-z]*\.[a-z][A-Za-z]*"#)
    #expect(Set(AnnouncementSamples.all.map(AnnouncementSamples.kind(of:))).count == AnnouncementSamples.kindCount)
    for announcement in AnnouncementSamples.all {
      let text = catalogue.text(for: announcement)
      let kind = AnnouncementSamples.kind(of: announcement)
      if !Self.mayBeEmpty(announcement) { #expect(!text.isEmpty, "\(language): no words for \(kind)") }
      #expect(!text.contains("{") && !text.contains("}"), "\(language), \(kind): \(text)")
      #expect(text.firstMatch(of: keyLike) == nil, "\(language), \(kind) reads like a key: \(text)")
    }
  }

  /// Whether an announcement is only a caller's text, which may be empty (a variable-length prompt is its title).
  private static func mayBeEmpty(_ announcement: Announcement) -> Bool {
    switch announcement {
    case let .callerDescription(text), let .callerError(text), let .notice(text), let .storeProblem(text),
      let .prompt(text, nil, _):
      text.isEmpty
    default: false
    }
  }
}
