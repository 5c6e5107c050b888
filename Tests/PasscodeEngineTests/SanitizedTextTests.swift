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

  @Test("ordinary text, accents and emoji pass unchanged")
  func keepsText() {
    let text = "Déverrouiller la clé « 0xABCD » 🔑 日本語"
    #expect(SanitizedText(text).text == text)
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
    for raw in ["x\u{1B}]0;t\u{07}y", "\u{1B}\u{1B}[[2J", "a\u{202E}b\n", "\u{9B}\u{9B}1m"] {
      let once = SanitizedText(raw, allowsNewlines: true)
      #expect(SanitizedText(once.text, allowsNewlines: true) == once)
    }
  }
}
