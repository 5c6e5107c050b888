import SystemCalls
import Testing

@testable import PasscodeSpeech

/// The one check of a value libspeechd writes into an SSIP line.
@Suite("SSIPValue")
struct SSIPValueTests {
  @Test("a plain name is kept as it is", arguments: ["alice", "passcode", "main", "es", "pt_BR", "sr@latin", "jo.doe"])
  func plainName(_ name: String) {
    #expect(SSIPValue(name: name)?.text == name)
  }

  @Test(
    "a name holding what could end or split the line, or what the sanitiser removes, is refused",
    arguments: [
      "", "u\r", "u\n", "u\r\nSPEAK", "u\"", "\"u", "u\\", "a:b", "a b", "a\tb", "a\u{A0}b", "a\u{1B}[2Jb",
      "a\u{07}b", "a\u{7F}b", "a\u{85}b", "a\u{9B}b", "a\u{0}b", "a\u{202E}b", "a\u{2066}b", "a\u{200B}b",
      "a\u{2028}b", "\u{FEFF}a", String(repeating: "a", count: SSIPValue.maximumNameLength + 1),
    ])
  func refusedName(_ name: String) {
    #expect(SSIPValue(name: name) == nil, "\(name.debugDescription)")
  }

  @Test("a name of the longest length is kept")
  func longestName() {
    let name = String(repeating: "a", count: SSIPValue.maximumNameLength)
    #expect(SSIPValue(name: name)?.text == name)
  }

  @Test("a voice name may hold inner spaces", arguments: ["Spanish (Spain)+Annie", "Norwegian_Bokmål+Annie", "rec"])
  func voiceWithSpaces(_ name: String) {
    #expect(SSIPValue(voiceName: name)?.text == name)
  }

  @Test(
    "a voice name with a quote, a control, an outer or other space, or too long, is refused",
    arguments: [
      "", "Annie\" x", "Annie\r\nSET SELF VOLUME -100", "Annie\n", "a\tb", " Annie", "Annie ", "a\u{A0}b",
      "a\u{202E}b", "a\\b", String(repeating: "a", count: 101),
    ])
  func refusedVoice(_ name: String) {
    #expect(SSIPValue(voiceName: name) == nil, "\(name.debugDescription)")
  }

  @Test("spoken text keeps its words, with no line break, control or invisible character left")
  func spokenText() {
    #expect(SSIPValue(spoken: "1 of 4 digits entered").text == "1 of 4 digits entered")
    #expect(SSIPValue(spoken: "Bonjour, « Léa » 👋").text == "Bonjour, « Léa » 👋")
    let hostile = SSIPValue(spoken: "a\r\n.\r\nSET SELF VOLUME -100\r\nb\u{1B}[2J\u{202E}c\u{0}").text
    #expect(hostile == "a . SET SELF VOLUME -100 bc")
    #expect(!hostile.unicodeScalars.contains { $0.value < 0x20 || $0.properties.generalCategory == .format })
  }

  @Test("a user name that is not a name gives way to the password database's, never to nothing")
  func userNameFallback() {
    #expect(SpeechDispatcherCalls.userName("alice").text == "alice")
    let fallback =
      ProcessCredentials.realUserName().flatMap { SSIPValue(name: $0) }?.text
      ?? String(ProcessCredentials.real.user)
    for hostile in [nil, "", "u\"\r\nSPEAK\r\nINJECTED\r\n.\r\n", "a:b"] {
      #expect(SpeechDispatcherCalls.userName(hostile).text == fallback, "\(hostile.debugDescription)")
    }
    #expect(SSIPValue(userNumber: 1000).text == "1000")
  }
}
