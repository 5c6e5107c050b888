import PasscodeEngine
import Testing

@Suite("Trimming white space")
struct TrimmingTests {
  @Test(
    "spaces, tabs, carriage returns and line feeds go from both ends, and only they",
    arguments: [
      (" \tkey = value\r", "key = value"), ("orca\n", "orca"), ("\r\n2\r\n", "2"), ("  ", ""), ("", ""),
      ("a b", "a b"), ("\u{A0}x\u{A0}", "\u{A0}x\u{A0}"), ("\u{0C}x", "\u{0C}x"),
    ])
  func trims(_ text: String, _ expected: String) {
    #expect(text.trimmingWhitespace() == expected)
    #expect(text[...].trimmingWhitespace() == expected)
  }
}
