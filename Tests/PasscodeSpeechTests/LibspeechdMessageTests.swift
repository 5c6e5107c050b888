import Testing

@testable import PasscodeSpeech

@Suite("libspeechd's own sentences")
struct LibspeechdMessageTests {
  @Test(
    "each known sentence is taken apart and said again whole: untranslated, it comes back as libspeechd wrote it",
    arguments: [
      "Error: Can't connect to unix socket /run/user/0/speech-dispatcher/speechd.sock: Connection refused. "
        + "Autospawn: Autospawn disabled",
      "Error: Can't connect to 127.0.0.1 on port 6560 using inet sockets: Connection refused. "
        + "Autospawn: Autospawn failed. Spawn error 2: no such file",
      "Error: Can't connect to unix socket /tmp/a: b/speechd.sock: No such file or directory. Autospawn: Autospawn disabled",
    ])
  func knownSentencesRoundTrip(text: String) {
    #expect(LibspeechdMessage.translated(text) == text)
  }

  @Test("a text that is none of libspeechd's known sentences is kept as it is")
  func otherTextKept() {
    for text in ["Autospawn disabled", "Fatal error (libspeechd)", "", "Error: Can't connect to x. Autospawn: y"] {
      #expect(LibspeechdMessage.translated(text) == text)
    }
  }
}
