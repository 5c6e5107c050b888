import PasswordAgent
import Testing

@Suite("Cleaning outside text (until the project's sanitiser lands)")
struct OutsideTextTests {
  @Test(
    "ESC sequences, C0 and C1 controls and bidi overrides are removed",
    arguments: [
      ("Disk \u{1B}[31mroot\u{1B}[0m", "Disk root"),
      ("title \u{1B}]0;evil\u{7}ok", "title ok"),
      ("osc \u{1B}]2;evil\u{1B}\\ok", "osc ok"),
      ("c1 \u{9B}2Jcsi", "c1 csi"),
      ("bell\u{7} and nul\u{0}", "bell and nul"),
      ("esc\u{1B}c reset", "esc reset"),
      ("\u{202E}desrever\u{202C} \u{2066}iso\u{2069}", "desrever iso"),
      ("tab\there\nnew  line\r", "tab here new line"),
      ("é ü 日本", "é ü 日本"),
      ("\u{1B}", ""),
    ])
  func cleans(input: String, expected: String) {
    #expect(OutsideText.sanitised(input) == expected)
  }

  @Test("long text is shortened to the limit, ending with an ellipsis")
  func shortens() {
    #expect(OutsideText.sanitised("abcdef", limit: 4) == "abc…")
    #expect(OutsideText.sanitised("abcd", limit: 4) == "abcd")
  }
}
