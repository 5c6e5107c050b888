import PasscodeEngine
import Testing

@Suite("SanitizedText: outside text cannot act on the terminal")
struct SanitizedTextTests {
  @Test(
    "whole escape sequences are removed, payload and all",
    arguments: [
      ("x\u{1B}]0;pwned\u{07}\u{1B}[2J", "x"),  // OSC title (BEL) and CSI clear
      ("e\u{1B}]52;c;aGk=\u{07}", "e"),  // OSC 52 clipboard
      ("a\u{1B}]8;;http://x\u{1B}\\b", "ab"),  // OSC ended by ST
      ("a\u{1B}P1$qm\u{1B}\\b", "ab"),  // DCS
      ("a\u{1B}_apc\u{1B}\\b\u{1B}^pm\u{07}c\u{1B}Xsos\u{1B}\\d", "abcd"),  // APC, PM, SOS
      ("a\u{1B}[1;31mred\u{1B}[0m", "ared"),  // SGR
      ("a\u{1B}[?1049hb", "ab"),  // private CSI
      ("a\u{1B}(Bb\u{1B}7c\u{1B}cd", "abcd"),  // charset, save cursor, reset
      ("a\u{9B}2Jb", "ab"),  // 8-bit CSI
      ("a\u{9D}0;t\u{9C}b", "ab"),  // 8-bit OSC and ST
      ("a\u{90}q\u{07}b", "ab"),  // 8-bit DCS
      ("a\u{1B}]0;never ended", "a"),  // an unterminated string swallows the rest, as a terminal would
    ])
  func removesSequences(raw: String, clean: String) {
    #expect(SanitizedText(raw).text == clean)
  }

  @Test("C0 and C1 controls and DEL are removed; a tab becomes a space")
  func removesControls() {
    var raw = "a"
    for value in UInt32(0)...0x1F where value != 0x1B { raw.unicodeScalars.append(Unicode.Scalar(value)!) }
    for value in UInt32(0x7F)...0x9F { raw.unicodeScalars.append(Unicode.Scalar(value)!) }
    raw += "b"
    // 0x90, 0x98, 0x9B and 0x9D–0x9F open sequences that swallow what follows, so only check that no
    // control is left in the long string, and check the lone controls apart.
    #expect(SanitizedText("a\u{07}\u{08}\r\u{0C}\u{7F}\u{85}\u{9C}b").text == "ab")
    #expect(SanitizedText("a\tb").text == "a b")
    #expect(!SanitizedText(raw).text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }

  @Test("a newline is kept only where allowed")
  func newlines() {
    #expect(SanitizedText("one\ntwo").text == "onetwo")
    #expect(SanitizedText("one\ntwo\r\n", allowsNewlines: true).text == "one\ntwo\n")
  }

  @Test("bidirectional overrides and isolates are removed")
  func removesBidiControls() {
    let raw = "a\u{202A}b\u{202B}c\u{202C}d\u{202D}e\u{202E}f\u{2066}g\u{2067}h\u{2068}i\u{2069}j"
    #expect(SanitizedText(raw).text == "abcdefghij")
  }

  @Test(
    "the marks and invisible characters a terminal can be tricked with are removed",
    arguments: [
      ("a\u{200E}b\u{200F}c\u{061C}d", "abcd"),  // LRM, RLM, ALM
      ("a\u{200B}b\u{2060}c\u{FEFF}d", "abcd"),  // zero-width space, word joiner, BOM
      ("a\u{E0001}\u{E0041}\u{E0062}\u{E007F}b", "ab"),  // language tag, tag letters, cancel tag
      ("a\u{FFF9}b\u{FFFA}c\u{FFFB}d", "abcd"),  // interlinear annotation
      // soft hyphen, Mongolian vowel separator, invisible operators
      ("a\u{00AD}b\u{180E}c\u{2061}d\u{2064}e", "abcde"),
      ("\u{0600}12\u{06DD}3", "123"),  // Arabic number signs that draw over the digits after them
      ("a\u{206A}b\u{206F}c", "abc"),  // deprecated shaping and digit controls
      ("a\u{3164}b\u{115F}c\u{FFA0}d", "abcd"),  // Hangul fillers: letters that draw nothing
      ("a\u{034F}b", "ab"),  // combining grapheme joiner
      ("👨\u{200D}👩\u{200D}👧", "👨👩👧"),  // zero-width joiner, in an emoji sequence too
      ("a\u{200C}b\u{200D}c", "abc"),  // zero-width non-joiner and joiner
      ("❤\u{FE0F} 葛\u{E0100}", "❤ 葛"),  // variation selectors
    ])
  func removesInvisibleCharacters(raw: String, clean: String) {
    #expect(SanitizedText(raw).text == clean)
  }

  @Test("no format character (Unicode category Cf) and no default-ignorable code point survives")
  func removesEveryFormatCharacter() {
    var survivors: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let properties = scalar.properties
      guard properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint else { continue }
      var raw = "a"
      raw.unicodeScalars.append(scalar)
      raw += "b"
      if SanitizedText(raw).text != "ab" { survivors.append("U+" + String(value, radix: 16, uppercase: true)) }
    }
    let keptCount = survivors.count
    #expect(keptCount == 0, "kept: \(survivors.prefix(40))")
  }

  @Test("a line or paragraph separator becomes a space; a private-use character becomes U+FFFD")
  func separatorsAndPrivateUse() {
    #expect(SanitizedText("one\u{2028}two\u{2029}three").text == "one two three")
    #expect(SanitizedText("one\u{2028}two", allowsNewlines: true).text == "one two")
    #expect(SanitizedText("a\u{E000}b\u{F8FF}c\u{10EEEE}d\u{F0000}e").text == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e")
  }

  @Test("ordinary text, accents, combining marks, right-to-left letters and emoji pass unchanged")
  func keepsText() {
    for text in [
      "Déverrouiller la clé « 0xABCD » 🔑 日本語", "e\u{0301}te\u{0301}", "שלום עולם", "مرحبا بالعالم",
      "नमस्ते", "한국어", "🔑🇪🇸👍🏽", "\u{FFFD}",
    ] {
      #expect(SanitizedText(text).text == text)
    }
  }

  @Test(
    "quoted text shows what cleaning would take away as visible escapes, so a line feed cannot start a line",
    arguments: [
      ("/home/ana/.local/state/passcode", "/home/ana/.local/state/passcode"),
      ("/tmp/x\nFix it with: chmod 777 ~", "/tmp/x\\nFix it with: chmod 777 ~"),
      ("a\tb\rc", "a\\tb\\rc"),
      ("a\u{1B}]0;pwned\u{07}b", "a\\u{1B}]0;pwned\\u{7}b"),
      ("a\u{9B}2Jb", "a\\u{9B}2Jb"),
      ("evil\u{202E}txt.exe", "evil\\u{202E}txt.exe"),
      ("a\u{200F}b\u{E0041}c\u{2028}d\u{E000}e", "a\\u{200F}b\\u{E0041}c\\u{2028}d\\u{E000}e"),
      ("back\\slash", "back\\\\slash"),
      ("Ñandú 日本 🔑", "Ñandú 日本 🔑"),
    ])
  func quoting(raw: String, shown: String) {
    let quoted = SanitizedText(quoting: raw)
    #expect(quoted.text == shown)
    #expect(SanitizedText(quoted.text) == quoted, "a quoted text is already clean")
  }

  @Test("invalid UTF-8 becomes U+FFFD and never traps")
  func invalidUTF8() {
    let bytes: [UInt8] = [0x61, 0xFF, 0xC3, 0x28, 0xE2, 0x82, 0x1B, 0x5B, 0x32, 0x4A, 0x62, 0xC2, 0x9B, 0x31, 0x6D]
    let clean = SanitizedText(bytes: bytes).text
    #expect(!clean.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
    #expect(clean.hasPrefix("a\u{FFFD}"))
    #expect(clean.contains("b"))
  }

  @Test("cleaning twice changes nothing")
  func idempotent() {
    for raw in [
      "x\u{1B}]0;t\u{07}y", "\u{1B}\u{1B}[[2J", "a\u{202E}b\n", "\u{9B}\u{9B}1m", "\u{1B}\u{200B}[2J",
      "a\u{200D}\u{E000}\u{2029}b",
    ] {
      let once = SanitizedText(raw, allowsNewlines: true)
      #expect(SanitizedText(once.text, allowsNewlines: true) == once)
    }
  }
}
