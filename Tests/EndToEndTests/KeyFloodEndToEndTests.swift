import Foundation
import PasscodeTestSupport
import Testing

/// A megabyte of keys, as a stuck key, a runaway script or someone hostile types them, neither crashes nor
/// wedges a prompt: every key is handled or refused in words, and the prompt then takes the code as usual.
@Suite("a flood of keys, end to end")
struct KeyFloodEndToEndTests {
  /// The keys told in the flood, each followed by Enter and Ctrl-U: letters (refused on a digit prompt), arrows and other
  /// escape sequences, Backspace, Ctrl-U, Ctrl-R, Tab and Enter. Nothing that cancels, pastes or types a digit: those would end the prompt,
  /// swallow the rest, or count wrong codes into a lockout.
  static let keys: [[UInt8]] = [
    Array("a".utf8), Array("Z".utf8), Array("é".utf8), Array("\u{1b}[A".utf8), Array("\u{1b}[15~".utf8),
    Array("\u{1b}OH".utf8), [0x7F], [0x15], [0x12], [0x09], [0x0D],
  ]

  @Test("a 1 MiB flood of keys is told in words, and then the code unlocks the demo")
  func megabyteOfKeys() throws {
    var generator = SeededGenerator(seed: 32)
    var flood: [UInt8] = []
    flood.reserveCapacity(1 << 20 + 8)
    // Most keys are Backspace on an empty entry, which says nothing: every byte is decoded and handled, but
    // the words stay few, so the flood does not load the machine that the reader labs share.
    while flood.count < 1 << 20 {
      if generator.next() % 64 == 0 {
        flood += Self.keys[Int(generator.next() % UInt64(Self.keys.count))] + [0x0D, 0x15]
      } else {
        flood.append(0x7F)
      }
    }
    let session = try DemoSession(["demo", "--screen-reader", "--speech", "off"])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.flood(flood)
    // The last of the flood is handled: a status asked for now comes after it.
    try session.type("\u{15}\u{12}")
    try session.waitFor("0 of 4 digits entered, 6 tries left", timeout: .seconds(120))
    #expect(session.text.contains("Digits only"))
    #expect(session.text.contains("Not submitted"), "Enter after refused keys submits nothing")
    #expect(!session.text.contains("Wrong passcode"), "no key of the flood made a code")
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(try session.terminalRestored())
    Transcript.expectNoTypedDigits(session.text)
  }
}
