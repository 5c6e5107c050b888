import LockedSecretStorage
import PasscodeEngine
import Synchronization
import Testing

@testable import PasscodeTerminal

struct KeyDecoderCase: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  let expected: [Key]
  var testDescription: String { name }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("Key decoder")
struct KeyDecoderTests {
  static let cases: [KeyDecoderCase] = [
    .init(
      name: "printable ASCII", bytes: bytes("a7 ~"),
      expected: [.character("a"), .character("7"), .character(" "), .character("~")]),
    .init(name: "DEL and BS are backspace", bytes: [0x7f, 0x08], expected: [.backspace, .backspace]),
    .init(name: "Ctrl-U clears", bytes: [0x15], expected: [.clear]),
    .init(name: "CR and LF are enter", bytes: [0x0d, 0x0a], expected: [.enter, .enter]),
    .init(name: "keypad enter", bytes: bytes("\u{1b}OM"), expected: [.enter]),
    .init(name: "Ctrl-C", bytes: [0x03], expected: [.interrupt]),
    .init(name: "Ctrl-D", bytes: [0x04], expected: [.endOfFile]),
    .init(name: "Ctrl-Z", bytes: [0x1a], expected: [.suspend]),
    .init(name: "Ctrl-backslash", bytes: [0x1c], expected: [.quit]),
    .init(name: "Ctrl-R", bytes: [0x12], expected: [.reread]),
    .init(name: "Ctrl-G", bytes: [0x07], expected: [.generate]),
    .init(name: "Tab asks for more time", bytes: [0x09], expected: [.moreTime]),
    .init(name: "keypad Tab asks for more time", bytes: bytes("\u{1b}OI"), expected: [.moreTime]),
    .init(
      name: "other controls are invalid", bytes: [0x00, 0x01, 0x0b, 0x1f],
      expected: [.invalid, .invalid, .invalid, .invalid]),
    .init(name: "two-byte UTF-8", bytes: bytes("é"), expected: [.character("é")]),
    .init(name: "three-byte UTF-8", bytes: bytes("€"), expected: [.character("€")]),
    .init(name: "four-byte UTF-8", bytes: bytes("😀"), expected: [.character("😀")]),
    .init(name: "lone continuation byte", bytes: [0x80], expected: [.invalid]),
    .init(name: "overlong lead bytes", bytes: [0xc0, 0xc1], expected: [.invalid, .invalid]),
    .init(name: "overlong three-byte form", bytes: [0xe0, 0x80, 0x80], expected: [.invalid, .invalid, .invalid]),
    .init(name: "UTF-16 surrogate", bytes: [0xed, 0xa0, 0x80], expected: [.invalid, .invalid, .invalid]),
    .init(
      name: "beyond U+10FFFF", bytes: [0xf4, 0x90, 0x80, 0x80], expected: [.invalid, .invalid, .invalid, .invalid]),
    .init(name: "bytes F5 to FF", bytes: [0xf5, 0xff], expected: [.invalid, .invalid]),
    .init(
      name: "truncated character then a digit keeps the digit", bytes: [0xe2, 0x82, 0x35],
      expected: [.invalid, .character("5")]),
    .init(
      name: "arrow keys are keypad navigation, in normal and application mode", bytes: bytes("\u{1b}[A\u{1b}OB"),
      expected: [.keypadNavigation, .keypadNavigation]),
    .init(
      name: "xterm's Num-Lock-off keypad: arrows, Home, End, 5, Insert, Page Up and Down",
      bytes: bytes(
        "\u{1b}[A\u{1b}[B\u{1b}[C\u{1b}[D\u{1b}[H\u{1b}[F\u{1b}[E\u{1b}[2~\u{1b}[5~\u{1b}[6~"),
      expected: Array(repeating: .keypadNavigation, count: 10)),
    .init(
      name: "xterm's application cursor mode: ESC O A to D, H, F and E",
      bytes: bytes("\u{1b}OA\u{1b}OB\u{1b}OC\u{1b}OD\u{1b}OH\u{1b}OF\u{1b}OE"),
      expected: Array(repeating: .keypadNavigation, count: 7)),
    .init(
      name: "the Linux console's keypad: ESC [ 1 ~ Home, 4 ~ End, G the 5; rxvt's 7 ~ and 8 ~",
      bytes: bytes("\u{1b}[1~\u{1b}[4~\u{1b}[G\u{1b}[7~\u{1b}[8~"),
      expected: Array(repeating: .keypadNavigation, count: 5)),
    .init(
      name: "Delete is the editing key's sequence too, and stays an unknown sequence",
      bytes: bytes("\u{1b}[3~"), expected: [.unknownSequence]),
    .init(
      name: "a modified arrow or a function key is no keypad key",
      bytes: bytes("\u{1b}[1;5A\u{1b}[15~\u{1b}[2A\u{1b}[11~\u{1b}[?1~"),
      expected: Array(repeating: .unknownSequence, count: 5)),
    .init(
      name: "CSI with digit parameters leaks no digit", bytes: bytes("\u{1b}[1;5C\u{1b}[3~\u{1b}[12;34R"),
      expected: [.unknownSequence, .unknownSequence, .unknownSequence]),
    .init(name: "function key via SS3", bytes: bytes("\u{1b}OP"), expected: [.unknownSequence]),
    .init(name: "modified SS3 keypad digit is not a digit", bytes: bytes("\u{1b}O5q"), expected: [.unknownSequence]),
    .init(name: "OSC ended by BEL", bytes: bytes("\u{1b}]0;title 123\u{07}"), expected: [.unknownSequence]),
    .init(name: "OSC ended by ST", bytes: bytes("\u{1b}]11;rgb:0/0/0\u{1b}\\"), expected: [.unknownSequence]),
    .init(name: "DCS ended by ST", bytes: bytes("\u{1b}P1$r0m\u{1b}\\"), expected: [.unknownSequence]),
    .init(name: "Alt-digit is an unknown sequence", bytes: bytes("\u{1b}5"), expected: [.unknownSequence]),
    .init(
      name: "ESC ESC is escape then pending ESC", bytes: bytes("\u{1b}\u{1b}[A"),
      expected: [.escape, .keypadNavigation]),
    .init(name: "ESC then Return is escape and enter", bytes: [0x1b, 0x0d], expected: [.escape, .enter]),
    .init(
      name: "Return cuts a CSI short and still counts", bytes: bytes("\u{1b}[12\r"),
      expected: [.unknownSequence, .enter]),
    .init(
      name: "Ctrl-C cuts an OSC short and still counts", bytes: bytes("\u{1b}]0;12\u{03}9"),
      expected: [.unknownSequence, .interrupt, .character("9")]),
    .init(
      name: "ESC in a string starts a new sequence", bytes: bytes("\u{1b}]0;x\u{1b}[B"),
      expected: [.unknownSequence, .keypadNavigation]),
    .init(name: "stray paste end is an unknown sequence", bytes: bytes("\u{1b}[201~"), expected: [.unknownSequence]),
    .init(name: "charset designation", bytes: bytes("\u{1b}(B1"), expected: [.unknownSequence, .character("1")]),
    .init(
      name: "keypad application digits",
      bytes: bytes("\u{1b}Op\u{1b}Oq\u{1b}Or\u{1b}Os\u{1b}Ot\u{1b}Ou\u{1b}Ov\u{1b}Ow\u{1b}Ox\u{1b}Oy"),
      expected: (0...9).map { .character(Unicode.Scalar(UInt8(ascii: "0") + UInt8($0))) }),
    .init(
      name: "keypad application operators",
      bytes: bytes("\u{1b}Ok\u{1b}Om\u{1b}Oj\u{1b}Oo\u{1b}On"),
      expected: [.character("+"), .character("-"), .character("*"), .character("/"), .character(".")]),
  ]

  @Test("each byte sequence decodes to its key", arguments: cases)
  func decodesTableCase(_ testCase: KeyDecoderCase) {
    #expect(decodeInChunks(testCase.bytes) == testCase.expected.map(DecodedKey.init))
  }

  @Test("a lone ESC waits, then expires as escape")
  func loneEscapeExpires() {
    var decoder = KeyDecoder()
    let keys = [UInt8(0x1b)].withUnsafeBytes { decoder.decode($0) }
    #expect(keys.isEmpty)
    #expect(decoder.isAwaitingEscapeCompletion)
    #expect(decoder.expireEscape() == [.escape])
    #expect(!decoder.isAwaitingEscapeCompletion)
    #expect(decoder.expireEscape().isEmpty)
    #expect([UInt8(ascii: "4")].withUnsafeBytes { decoder.decode($0) } == [.character("4")])
  }

  @Test("an incomplete CSI is not awaiting escape completion")
  func incompleteSequenceIsNotLoneEscape() {
    var decoder = KeyDecoder()
    _ = bytes("\u{1b}[1").withUnsafeBytes { decoder.decode($0) }
    #expect(!decoder.isAwaitingEscapeCompletion)
    #expect(decoder.expireEscape().isEmpty)
  }

  @Test("a bracketed paste becomes one paste key whose bytes are in secret storage")
  func bracketedPaste() throws {
    let made = StorageRecorder()
    var decoder = KeyDecoder(pasteCapacity: 16) { capacity in made.make(capacity) }
    let keys = bytes("1\u{1b}[200~12\r\u{1b}x34\u{1b}[201~2").withUnsafeBytes { decoder.decode($0) }
    #expect(keys.count == 3)
    #expect(keys.first == .character("1"))
    #expect(keys.last == .character("2"))
    guard case .paste(let text) = keys[1] else {
      Issue.record("expected a paste, got \(keys[1])")
      return
    }
    #expect(text.storage === made.storages.first)
    #expect(text.storage.capacity == 16)
    #expect(text.storage.withUnsafeBytes { Array($0) } == bytes("12\r\u{1b}x34"))
    #expect(text.overflowByteCount == 0)
    #expect(!text.description.contains("12"))
  }

  @Test("a paste end split by a false start keeps every byte")
  func pasteWithTerminatorLookalikes() {
    let content = bytes("\u{1b}[201\u{1b}\u{1b}[20\u{1b}[2019")
    let keys = decodeInChunks(bytes("\u{1b}[200~") + content + bytes("\u{1b}[201~"))
    #expect(keys == [.paste(bytes: content, overflow: 0)])
  }

  @Test("a 100 kB paste keeps the capacity and counts the rest")
  func largePasteOverflows() {
    var decoder = KeyDecoder(pasteCapacity: 4096)
    var keys = bytes("\u{1b}[200~").withUnsafeBytes { decoder.decode($0) }
    let chunk = [UInt8](repeating: UInt8(ascii: "7"), count: 1000)
    for _ in 0..<100 { keys += chunk.withUnsafeBytes { decoder.decode($0) } }
    #expect(keys.isEmpty)
    #expect(decoder.isInsidePaste)
    keys += bytes("\u{1b}[201~").withUnsafeBytes { decoder.decode($0) }
    guard keys.count == 1, case .paste(let text) = keys[0] else {
      Issue.record("expected one paste, got \(keys)")
      return
    }
    #expect(text.storage.count == 4096)
    #expect(text.overflowByteCount == 100_000 - 4096)
    #expect(text.totalByteCount == 100_000)
  }

  @Test("reset wipes a paste in progress and returns to plain keys")
  func resetWipesPartialPaste() {
    let made = StorageRecorder()
    var decoder = KeyDecoder(pasteCapacity: 8) { made.make($0) }
    _ = bytes("\u{1b}[200~1234").withUnsafeBytes { decoder.decode($0) }
    #expect(made.storages.first?.count == 4)
    decoder.reset()
    #expect(made.storages.first?.count == 0)
    #expect(bytes("5").withUnsafeBytes { decoder.decode($0) } == [.character("5")])
  }

  @Test("a paste whose end never comes fails: its bytes are wiped unread and counted, and later keys count again")
  func unendedPasteFails() throws {
    let made = StorageRecorder()
    var decoder = KeyDecoder(pasteCapacity: 8) { made.make($0) }
    #expect(decoder.endOpenPaste().isEmpty, "no paste, nothing to end")
    // Ctrl-C is pasted text here, and the end marker is only begun.
    let swallowed = bytes("\u{1b}[200~12\u{3}\u{1b}[20").withUnsafeBytes { decoder.decode($0) }
    #expect(swallowed.isEmpty)
    #expect(decoder.isInsidePaste)
    let ended = decoder.endOpenPaste()
    #expect(!decoder.isInsidePaste)
    guard ended.count == 1, case .paste(let text) = ended[0] else {
      Issue.record("expected one paste, got \(ended)")
      return
    }
    #expect(text.storage === made.storages.first)
    #expect(text.storage.count == 0, "nothing of it is kept")
    #expect(text.overflowByteCount == 7, "1, 2, Ctrl-C and the four bytes of the begun end marker")
    #expect(decoder.endOpenPaste().isEmpty)
    #expect(bytes("\u{3}").withUnsafeBytes { decoder.decode($0) } == [.interrupt])
  }

  @Test("a paste with no end fails at its byte limit however the bytes are split, and what follows is keys")
  func pasteFailsAtItsLimit() {
    let input = bytes("\u{1b}[200~") + [UInt8](repeating: UInt8(ascii: "7"), count: 20) + bytes("\u{1b}\u{4}")
    let whole = decodeInChunks(input, pasteByteLimit: 16)
    let sevens = [DecodedKey](repeating: .key(.character("7")), count: 4)
    #expect(whole == [.paste(bytes: [], overflow: 16)] + sevens + [.key(.escape), .key(.endOfFile)])
    for split in 0...input.count {
      #expect(decodeInChunks(input, splitAt: [split], pasteByteLimit: 16) == whole, "split at \(split)")
    }
    let ended = bytes("\u{1b}[200~12345\u{1b}[201~9")
    #expect(
      decodeInChunks(ended, pasteByteLimit: 5) == [.paste(bytes: bytes("12345"), overflow: 0), .key(.character("9"))],
      "a paste whose end comes right at the limit is whole")
  }

  @Test("key descriptions never name the character")
  func descriptionsAreRedacted() {
    #expect(Key.character("7").description == "character")
    #expect(String(describing: Key.character("7")) == "character")
    #expect(String(reflecting: Key.character("7")) == "character")
  }

  static let splitSamples: [String] = [
    "12\u{1b}[A3",
    "é€😀9",
    "\u{1b}Oq\u{1b}OM",
    "\u{1b}]0;t1\u{07}\u{1b}P1$r\u{1b}\\4",
    "\u{1b}[200~a\u{1b}[20b\u{1b}[201~5",
    "\u{1b}[1;5C\u{1b}[3~6",
    "\u{1b}[1~\u{1b}[G\u{1b}OE\u{1b}[5~1\u{1b}[D",
    "\u{1b}(B\u{1b}5\u{1b}\u{1b}Or",
    "\u{e2}\u{82}7",
  ]

  @Test("every single split point decodes like the whole", arguments: splitSamples)
  func everySplitPoint(_ sample: String) {
    let input = Array(sample.utf8)
    let whole = decodeInChunks(input)
    for split in 0...input.count {
      #expect(decodeInChunks(input, splitAt: [split]) == whole, "split at \(split)")
    }
  }

  @Test("every pair of split points decodes like the whole", arguments: splitSamples)
  func everyPairOfSplitPoints(_ sample: String) {
    let input = Array(sample.utf8)
    let whole = decodeInChunks(input)
    for first in 0...input.count {
      for second in first...input.count {
        #expect(decodeInChunks(input, splitAt: [first, second]) == whole, "splits at \(first), \(second)")
      }
    }
  }

  @Test("one byte per read decodes like the whole, including raw invalid bytes")
  func oneBytePerRead() {
    let input: [UInt8] = [0x31, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xc3, 0x32, 0x1b, 0x5b, 0x41, 0xff, 0x33]
    #expect(decodeInChunks(input, splitAt: Array(0...input.count)) == decodeInChunks(input))
    #expect(
      decodeInChunks(input)
        == [
          .character("1"), .character("€"), .character("😀"), .invalid, .character("2"), .keypadNavigation, .invalid,
          .character("3"),
        ]
        .map(DecodedKey.init))
  }
}

/// Records the storages a decoder makes, so tests can check them.
final class StorageRecorder: Sendable {
  private let made = Mutex<[WipedSecretBuffer]>([])

  var storages: [WipedSecretBuffer] { made.withLock { $0 } }

  func make(_ capacity: Int) -> any SecretStorage {
    let storage = WipedSecretBuffer(capacity: capacity)
    made.withLock { $0.append(storage) }
    return storage
  }
}
