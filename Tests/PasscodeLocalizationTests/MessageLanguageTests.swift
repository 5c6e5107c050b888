import Testing

@testable import PasscodeLocalization

@Suite("Choosing the messages' language from the environment")
struct MessageLanguageTests {
  @Test(
    "gettext's order: a C locale means English and LANGUAGE is ignored; else LANGUAGE, then the locale",
    arguments: [
      ([String: String](), [String]()),
      (["LANG": "C.UTF-8"], []),
      (["LANGUAGE": "es"], ["es"]),
      (["LANGUAGE": "es", "LANG": "C.UTF-8"], ["es"]),
      (["LANGUAGE": "es:fr", "LANG": "de_DE.UTF-8"], ["es", "fr"]),
      (["LANGUAGE": "es", "LC_ALL": "C"], []),
      (["LANGUAGE": "es", "LANG": "POSIX"], []),
      (["LANGUAGE": "es", "LC_ALL": "", "LANG": "C"], []),
      (["LANG": "es_ES.UTF-8"], ["es_ES.UTF-8"]),
      (["LC_MESSAGES": "es_MX.UTF-8", "LANG": "en_US.UTF-8"], ["es_MX.UTF-8"]),
      (["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"], ["fr_FR.UTF-8"]),
      (["LANGUAGE": "", "LANG": "es_ES.UTF-8"], ["es_ES.UTF-8"]),
      (["LANGUAGE": "es::C"], ["es"]),
    ])
  func choice(environment: [String: String], languages: [String]) {
    #expect(MessageLanguage(environment: environment).languages == languages)
  }

  @Test(
    "an entry with a slash or a leading dot names a path and is ignored; with none left the locale applies",
    arguments: [
      (["LANGUAGE": "../../../../tmp/evil"], [String]()),
      (["LANGUAGE": "../../../../tmp/evil:es"], ["es"]),
      (["LANGUAGE": "/tmp/evil:.hidden:es_ES/../x:fr"], ["fr"]),
      (["LANGUAGE": "..:.:es"], ["es"]),
      (["LANGUAGE": "../x", "LANG": "es_ES.UTF-8"], ["es_ES.UTF-8"]),
      (["LANG": "../../../../tmp/evil"], []),
      (["LC_MESSAGES": "/tmp/evil", "LANG": "es_ES.UTF-8"], []),
      (["LANGUAGE": "sr@latin:pt_BR.UTF-8"], ["sr@latin", "pt_BR.UTF-8"]),
    ])
  func pathsAreIgnored(environment: [String: String], languages: [String]) {
    #expect(MessageLanguage(environment: environment).languages == languages)
  }

  @Test("a locale name given directly (pinentry's lc-messages) that names a path means untranslated")
  func pathGivenDirectly() {
    #expect(MessageLanguage(languages: ["../../../../tmp/evil"]).isUntranslated)
    #expect(MessageLanguage(languages: ["/tmp/evil", "es_ES.UTF-8"]).languageList == "es_ES.UTF-8")
  }

  @Test("the list is spelled as LANGUAGE spells it, and an empty one means untranslated")
  func languageList() {
    #expect(MessageLanguage(languages: ["es", "fr"]).languageList == "es:fr")
    #expect(MessageLanguage(languages: ["C.UTF-8"]).isUntranslated)
    #expect(!MessageLanguage(languages: ["es"]).isUntranslated)
  }
}

@Suite("Filling placeholders")
struct PlaceholdersTests {
  @Test("every placeholder is filled wherever a translator put it; unknown ones stay")
  func fills() {
    #expect(Placeholders.fill("{a} de {b}, {a}", ["a": "1", "b": "6"]) == "1 de 6, 1")
    #expect(Placeholders.fill("{unknown} left", ["count": "2"]) == "{unknown} left")
    #expect(Placeholders.fill("no braces", ["count": "2"]) == "no braces")
    #expect(Placeholders.fill("open { only", ["only": "x"]) == "open { only")
  }

  @Test("a value is never filled again: a caller's title holding {count} stays as typed")
  func singlePass() {
    #expect(Placeholders.fill("{title}, {count}", ["title": "{count}", "count": "4"]) == "{count}, 4")
  }

  @Test("without start(), every message is its English text, plurals by English's rule")
  func englishBeforeStart() {
    #expect(Localization.text("Ready") == "Ready")
    #expect(Localization.text(singular: "{count} try left", plural: "{count} tries left", count: 1) == "1 try left")
    #expect(Localization.text(singular: "{count} try left", plural: "{count} tries left", count: 0) == "0 tries left")
    #expect(Localization.language == "en")
  }
}

@Suite("A catalogue is outside text")
struct TranslationCheckTests {
  @Test(
    "a translation holding a control, a format character or an invalid byte is refused",
    arguments: [
      "\u{1B}]0;x\u{7}USO", "a\nb", "a\u{85}b", "\u{202E}USO", "USO\u{200F}", "U\u{200B}SO", "U\u{E0041}SO",
      "U\u{00AD}SO", "U\u{2028}SO", "U\u{E000}SO", "U\u{FFFD}SO", "U\u{3164}SO",
    ])
  func refused(translation: String) {
    #expect(!Localization.isPrintable(translation))
  }

  @Test("ordinary translations pass: accents, right-to-left letters, emoji")
  func accepted() {
    for translation in ["Introduce el código", "Fehler: ü", "שלום", "مرحبا", "日本語 🔑", "«{path}»"] {
      #expect(Localization.isPrintable(translation))
    }
  }
}
