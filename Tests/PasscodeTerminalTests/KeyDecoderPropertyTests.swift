import PasscodeTestSupport
import Testing

@testable import PasscodeTerminal

@Suite("Key decoder properties")
struct KeyDecoderPropertyTests {
  /// Bytes chosen to hit every state of the decoder often.
  static let interestingBytes: [UInt8] =
    Array("0123456789[]O;~\\P^_X(pqyMk~2001 a".utf8) + [
      0x1b, 0x1b, 0x1b, 0x07, 0x0d, 0x03, 0x15, 0x7f, 0x80, 0xbf, 0xc3, 0xe2, 0xed, 0xf0, 0xf4, 0xff,
    ]

  /// The digit keys among decoded keys.
  static func digitCount(_ keys: [DecodedKey]) -> Int {
    keys.filter {
      if case .key(.character(let scalar)) = $0 { return ("0"..."9").contains(scalar) }
      return false
    }.count
  }

  static func randomSplits(_ count: Int, using generator: inout SeededGenerator) -> [Int] {
    guard count > 0 else { return [] }
    return (0..<Int.random(in: 0...4, using: &generator)).map { _ in Int.random(in: 0...count, using: &generator) }
      .sorted()
  }

  @Test("random byte streams never invent digits and decode the same however they are split")
  func randomStreams() {
    var generator = SeededGenerator(seed: 0x5EED_0001)
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...48, using: &generator)
      let stream = (0..<length).map { _ in
        Bool.random(using: &generator)
          ? Self.interestingBytes.randomElement(using: &generator) ?? 0
          : UInt8.random(in: 0...255, using: &generator)
      }
      let whole = decodeInChunks(stream)
      let split = decodeInChunks(stream, splitAt: Self.randomSplits(length, using: &generator))
      #expect(split == whole, "stream \(stream)")
      let digitBytes = stream.filter { (0x30...0x39).contains($0) }.count
      let keypadDigits = (0..<max(0, length - 2)).filter {
        stream[$0] == 0x1b && stream[$0 + 1] == UInt8(ascii: "O") && (0x70...0x79).contains(stream[$0 + 2])
      }.count
      #expect(Self.digitCount(whole) <= digitBytes + keypadDigits, "stream \(stream)")
      if split != whole || Self.digitCount(whole) > digitBytes + keypadDigits { return }
    }
  }

  @Test("with a small paste byte limit, random streams still decode the same however they are split")
  func randomStreamsWithPasteLimit() {
    var generator = SeededGenerator(seed: 0x5EED_0003)
    let pasteStart = Array("\u{1b}[200~".utf8)
    for _ in 0..<5_000 {
      let limit = Int.random(in: 1...8, using: &generator)
      let length = Int.random(in: 0...32, using: &generator)
      let content = (0..<length).map { _ in Self.interestingBytes.randomElement(using: &generator) ?? 0 }
      let stream = pasteStart + content
      let whole = decodeInChunks(stream, endingOpenPaste: true, pasteByteLimit: limit)
      let split = decodeInChunks(
        stream, splitAt: Self.randomSplits(stream.count, using: &generator), endingOpenPaste: true,
        pasteByteLimit: limit)
      #expect(split == whole, "limit \(limit), stream \(stream)")
      if split != whole { return }
    }
  }

  /// A piece of input with the number of digit keys it must produce.
  struct Token {
    let bytes: [UInt8]
    let digits: Int
  }

  static func randomToken(using generator: inout SeededGenerator) -> Token {
    let digit = { (generator: inout SeededGenerator) in
      UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator)
    }
    let digitRun = { (generator: inout SeededGenerator) in
      (0..<Int.random(in: 1...5, using: &generator)).map { _ in digit(&generator) }
    }
    let e: UInt8 = 0x1b
    switch Int.random(in: 0..<15, using: &generator) {
    case 0, 1, 2: return Token(bytes: [digit(&generator)], digits: 1)
    case 3: return Token(bytes: Array("ab é€😀".utf8), digits: 0)
    case 4:
      return Token(
        bytes: [e, UInt8(ascii: "[")] + digitRun(&generator) + [UInt8(ascii: ";")] + digitRun(&generator) + [
          UInt8(ascii: "R")
        ], digits: 0)
    case 5:
      // Any parameter but 200, which would start a paste.
      var parameters = digitRun(&generator)
      if parameters == Array("200".utf8) { parameters.removeLast() }
      return Token(bytes: [e, UInt8(ascii: "[")] + parameters + [UInt8(ascii: "~")], digits: 0)
    case 6:
      let content = digitRun(&generator) + [e] + digitRun(&generator) + Array("\u{1b}[201".utf8) + digitRun(&generator)
      return Token(bytes: Array("\u{1b}[200~".utf8) + content + Array("\u{1b}[201~".utf8), digits: 0)
    case 7: return Token(bytes: [e, UInt8(ascii: "O"), 0x70 + UInt8.random(in: 0...9, using: &generator)], digits: 1)
    case 8:
      return Token(
        bytes: [e, UInt8(ascii: "]"), UInt8(ascii: "0"), UInt8(ascii: ";")] + digitRun(&generator) + [0x07], digits: 0)
    case 9: return Token(bytes: [e, UInt8(ascii: "P")] + digitRun(&generator) + [e, UInt8(ascii: "\\")], digits: 0)
    case 10: return Token(bytes: [e, digit(&generator)], digits: 0)
    case 11: return Token(bytes: [0xe2, 0x82], digits: 0)
    case 12: return Token(bytes: [0xff, 0x7f, 0x15, 0x0d, 0x03], digits: 0)
    case 13: return Token(bytes: [e, UInt8(ascii: "O")] + digitRun(&generator) + [UInt8(ascii: "q")], digits: 0)
    default: return Token(bytes: [e, UInt8(ascii: "["), UInt8(ascii: "1"), UInt8(ascii: "\r")], digits: 0)
    }
  }

  @Test("generated streams yield exactly the digits typed outside sequences and pastes")
  func generatedStreams() {
    var generator = SeededGenerator(seed: 0x5EED_0002)
    for _ in 0..<10_000 {
      let tokens = (0..<Int.random(in: 1...12, using: &generator)).map { _ in Self.randomToken(using: &generator) }
      let stream = tokens.flatMap(\.bytes)
      let expected = tokens.map(\.digits).reduce(0, +)
      let keys = decodeInChunks(stream, splitAt: Self.randomSplits(stream.count, using: &generator))
      #expect(Self.digitCount(keys) == expected, "stream \(stream)")
      if Self.digitCount(keys) != expected { return }
    }
  }
}
