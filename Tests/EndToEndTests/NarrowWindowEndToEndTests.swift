import Foundation
import PasscodeTestSupport
import Testing

/// A window narrowed to one column during a prompt: the prompt goes on taking keys, draws for the narrowest
/// width it renders (ten columns, which the terminal wraps), and cancels as usual.
///
/// The program runs under an address-space limit, so a renderer that never ends (it used to loop at one
/// column, allocating without bound) dies quickly instead of filling the machine.
@Suite("a one-column window")
struct NarrowWindowEndToEndTests {
  /// How a window gets one column wide.
  enum Narrowing: String, CaseIterable, CustomTestStringConvertible {
    /// The window itself: `stty cols 1`, a terminal dragged narrow.
    case windowSize
    /// `COLUMNS=1` in the environment, which the prompt prefers, then any window change.
    case columnsVariable

    var testDescription: String { rawValue }
  }

  /// Enough for the program, far short of what an unbounded loop would take.
  static let addressSpaceLimit = 1_048_576

  @Test(
    "keys still work after the window gets one column wide, rows fit ten columns, and Esc cancels",
    arguments: Narrowing.allCases)
  func oneColumn(narrowing: Narrowing) throws {
    let session = try DemoSession(
      ["demo"], environment: narrowing == .columnsVariable ? ["COLUMNS": "1"] : [:],
      addressSpaceLimit: Self.addressSpaceLimit)
    // The status's last word; with COLUMNS=1 the status is wrapped from the start.
    try session.waitFor("digits")
    let before = session.text.count
    try session.resizeWindow(columns: narrowing == .windowSize ? 1 : 60)
    // The status drawn again for ten columns, its last row; only then the key.
    try session.waitFor("4 digits")
    try session.type("2")
    try session.waitFor("entered")
    let rows = Transcript.rows(String(session.text.dropFirst(before)))
    #expect(rows.allSatisfy { $0.count < 10 }, "\(rows)")
    #expect(Transcript.words(of: rows).contains("1 of 4 digits entered"), "\(rows)")
    try session.type("\u{1b}")
    #expect(try session.finish() == .exited(2))
    #expect(try session.terminalRestored())
  }
}
