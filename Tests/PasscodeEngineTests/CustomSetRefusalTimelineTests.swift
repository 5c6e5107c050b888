import AnnouncementWords
import PasscodeEngine
import PasscodeTestSupport
import Testing

/// On a prompt of a caller's own set of characters, a refused key says which characters the prompt takes, made
/// from the set alone: never the key, which may be part of a secret.
@Suite("A refused key names a caller's set")
struct CustomSetRefusalTimelineTests {
  static func custom(_ characters: String) -> EntryConfiguration.AllowedCharacters {
    .custom(Set(characters.unicodeScalars))
  }

  static let hexadecimal = custom("0123456789ABCDEF")

  /// What the prompt says for each refused key of `script` on a fixed-length prompt of `allowed`, in
  /// `language`'s words.
  static func refusals(
    _ allowed: EntryConfiguration.AllowedCharacters, _ script: String, language: String = "en"
  ) throws -> [String] {
    var timeline = EngineTimeline(
      try EntryConfiguration(length: .fixed(6), allowed: allowed), verifier: EngineTimeline.accepting("000000"))
    timeline.run(script)
    let catalogue = try AnnouncementCatalogueWalkTests.catalogue(language)
    return timeline.driver.output.announcements.filter(\.isError).map { catalogue.text(for: $0) }
  }

  @Test("hexadecimal capitals: a small letter, a letter beyond F and an arrow each name the set, not the key")
  func hexadecimalSet() throws {
    let told = try Self.refusals(Self.hexadecimal, "1 a G ↑")
    #expect(told == Array(repeating: "Only digits and the capital letters A to F", count: 3))
    for key in ["a", "G"] {
      #expect(!told.contains { $0.contains(" \(key) ") || $0.hasSuffix(" \(key)") }, "the key \(key) was told")
    }
  }

  @Test("the words are the same whatever key was refused")
  func wordsDoNotDependOnTheKey() throws {
    let set = Self.custom("0123456789xyz")
    let told = Set(try Self.refusals(set, "a b ~ é Z q ↑"))
    #expect(told == ["Only digits and the small letters x to z"])
  }

  @Test(
    "ranges, single characters and letters in either case are named",
    arguments: [
      ("0123456789abcdefABCDEF", "Only digits and the letters A to F"),
      ("01234567", "Only the digits 0 to 7"),
      ("7Qq", "Only the digit 7 and the letter Q"),
      ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "Only capital letters"),
      ("0123456789Xa", "Only digits, the capital letter X and the small letter a"),
    ])
  func namedParts(characters: String, expected: String) throws {
    #expect(try Self.refusals(Self.custom(characters), "!") == [expected])
  }

  @Test(
    "a set with symbols, or too many parts, is told by its size only",
    arguments: [
      ("0123456789+*#", "Only the 13 characters this prompt was set up with"),
      ("ACEG", "Only the 4 characters this prompt was set up with"),
    ])
  func unsaidSets(characters: String, expected: String) throws {
    #expect(try Self.refusals(Self.custom(characters), "Z ~") == [expected, expected])
  }

  @Test("the standard sets keep their short words")
  func standardSets() throws {
    #expect(try Self.refusals(.digits, "a") == ["Digits only"])
    #expect(try Self.refusals(.lettersAndDigits, "~") == ["Letters and digits only"])
  }

  @Test(
    "each language names the hexadecimal set",
    arguments: [
      ("en", "Only digits and the capital letters A to F"),
      ("es", "Solo dígitos y las letras mayúsculas de la A a la F"),
      ("fr", "Uniquement les chiffres et les majuscules de A à F"),
      ("de", "Nur Ziffern und die Großbuchstaben A bis F"),
    ])
  func hexadecimalInEachLanguage(language: String, expected: String) throws {
    #expect(try Self.refusals(Self.hexadecimal, "a", language: language) == [expected])
  }

  @Test(
    "each language tells an irregular set by its size",
    arguments: [
      ("en", "Only the 13 characters this prompt was set up with"),
      ("es", "Solo los 13 caracteres con los que se configuró esta solicitud"),
      ("fr", "Uniquement les 13 caractères prévus pour cette saisie"),
      ("de", "Nur die 13 Zeichen, die für diese Eingabe festgelegt sind"),
    ])
  func irregularInEachLanguage(language: String, expected: String) throws {
    #expect(try Self.refusals(Self.custom("0123456789+*#"), "a", language: language) == [expected])
  }
}
