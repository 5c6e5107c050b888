import AnnouncementWords
import PasscodeEngine
import PasscodeTestSupport
import Testing

/// The `.po` files against the program: every announcement phrase is in the template and in every
/// translation, every translation keeps its placeholders, and `msgfmt --check` accepts every file.
@Suite("The gettext catalogues")
struct MessageCatalogueFileTests {
  private static let directory = CompiledMessageCatalogues.sourceDirectory

  /// The catalogue's templates as gettext messages: singles, and `KEY.one`/`KEY.other` pairs.
  private static var catalogueMessages: [(identifier: String, plural: String?)] {
    let phrases = AnnouncementCatalogue.english.phrases
    var messages: [(String, String?)] = []
    for (key, template) in phrases.sorted(by: { $0.key < $1.key }) {
      if key.hasSuffix(".other"), phrases[String(key.dropLast(".other".count)) + ".one"] != nil { continue }
      if key.hasSuffix(".one") {
        let other = phrases[String(key.dropLast(".one".count)) + ".other"]
        #expect(other != nil, "\(key) has no .other form")
        messages.append((template, other))
      } else {
        messages.append((template, nil))
      }
    }
    return messages
  }

  @Test("there is at least one translation, and msgfmt --check accepts every .po file")
  func msgfmtAcceptsEveryFile() throws {
    #expect(CompiledMessageCatalogues.languages.contains("es"))
    _ = try CompiledMessageCatalogues.directory()
  }

  @Test("every catalogue phrase is in the template and every translation, with its plural form")
  func everyPhraseIsEverywhere() throws {
    let files =
      [("passcode.pot", try PortableObjectFile(path: Self.directory + "/passcode.pot"))]
      + (try CompiledMessageCatalogues.languages.map {
        ("\($0).po", try PortableObjectFile(path: Self.directory + "/\($0).po"))
      })
    for (name, file) in files {
      for message in Self.catalogueMessages {
        let entry = file.entry(message.identifier)
        #expect(entry != nil, "\(name) lacks \(message.identifier.debugDescription)")
        #expect(entry?.pluralIdentifier == message.plural, "\(name): plural of \(message.identifier.debugDescription)")
      }
    }
  }

  @Test("every translation has every message of the template, translated, and keeps its placeholders")
  func translationsAreCompleteAndKeepPlaceholders() throws {
    let template = try PortableObjectFile(path: Self.directory + "/passcode.pot")
    for language in CompiledMessageCatalogues.languages {
      let translation = try PortableObjectFile(path: Self.directory + "/\(language).po")
      #expect(translation.header.contains("Language: \(language)\n"))
      #expect(translation.header.contains("Plural-Forms:"))
      for message in template.entries {
        guard let entry = translation.entry(message.identifier) else {
          Issue.record("\(language).po lacks \(message.identifier.debugDescription)")
          continue
        }
        let expected = PortableObjectFile.placeholders(message.identifier)
          .union(PortableObjectFile.placeholders(message.pluralIdentifier ?? ""))
        for text in entry.translations {
          #expect(!text.isEmpty, "\(language).po: \(message.identifier.debugDescription) is not translated")
          #expect(
            PortableObjectFile.placeholders(text) == expected,
            "\(language).po: \(text.debugDescription) changes the placeholders of \(message.identifier.debugDescription)"
          )
        }
      }
      let known = Set(template.entries.map(\.identifier))
      let stale = translation.entries.map(\.identifier).filter { !known.contains($0) }
      #expect(stale.isEmpty, "\(language).po has messages the template does not: \(stale)")
    }
  }

  @Test("no translation holds what the sanitiser takes away, so none falls back to English at run time")
  func translationsAreClean() throws {
    for language in CompiledMessageCatalogues.languages {
      let translation = try PortableObjectFile(path: Self.directory + "/\(language).po")
      for entry in translation.entries {
        for text in entry.translations where SanitizedText(text).text != text {
          Issue.record("\(language).po: \(text.debugDescription) holds a control, format or private-use character")
        }
      }
    }
  }

  @Test("the .po reader finds plural forms, continuation lines and escapes")
  func readerParsesTheFormat() {
    let file = PortableObjectFile(
      text: """
        msgid ""
        msgstr "Language: es\\n"

        # a comment
        msgid "{count} try left"
        msgid_plural "{count} tries "
        "left"
        msgstr[0] "queda {count} intento"
        msgstr[1] "quedan {count} "
        "intentos"

        msgid "Say \\"hi\\""
        msgstr "Di \\"hola\\""
        """)
    #expect(file.header == "Language: es\n")
    #expect(
      file.entries == [
        .init(
          identifier: "{count} try left", pluralIdentifier: "{count} tries left",
          translations: ["queda {count} intento", "quedan {count} intentos"]),
        .init(identifier: "Say \"hi\"", pluralIdentifier: nil, translations: ["Di \"hola\""]),
      ])
    #expect(PortableObjectFile.placeholders("{a}, {b} and {a}") == ["a", "b"])
  }
}
