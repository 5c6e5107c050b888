import PasscodeTestSupport
import Testing

/// ``TerminalScreen``: what ncurses draws for brltty's TTY braille driver reads back as its window, whatever
/// pieces the bytes come in.
@Suite("The VM lab's terminal screen")
struct TerminalScreenTests {
  /// Bytes brltty's TTY driver sent on the lab's braille port (vt100, one 40-cell line): a clear, the window's
  /// text, the cells in caret notation on the next row, then a redraw that writes only what changed.
  private static let drawn: [UInt8] = Array(
    ("\u{1B}(B\u{1B})0\u{1B}[1;24r\u{1B}[m\u{0F}\u{1B}[?7h\u{1B}[H\u{1B}[JPassphrase for disk\r\u{1B}[1B ^A^N\r"
      + "\u{1B}[H\u{1B}[m\u{0F}\u{1B}[H\u{1B}[JWrong passphrase. Try 2\u{1B}[K\r\u{1B}[1B^@").utf8)

  @Test("the first row is the window; a redraw replaces it")
  func readsTheWindow() {
    var screen = TerminalScreen()
    screen.feed(Array(Self.drawn.prefix(60)))
    #expect(screen.text(ofRow: 0) == "Passphrase for disk")
    screen.feed(Array(Self.drawn.dropFirst(60)))
    #expect(screen.text(ofRow: 0) == "Wrong passphrase. Try 2")
  }

  @Test("an escape sequence or a UTF-8 character cut between two reads waits for its rest", arguments: 1...40)
  func bytesInPieces(cut: Int) {
    let bytes = Array("\u{1B}[H\u{1B}[J●○ 1 character entered\u{1B}[K".utf8)
    var screen = TerminalScreen()
    screen.feed(Array(bytes.prefix(cut)))
    screen.feed(Array(bytes.dropFirst(cut)))
    #expect(screen.text(ofRow: 0) == "●○ 1 character entered")
  }
}
