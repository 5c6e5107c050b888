import LockedSecretStorage
import PasscodeEngine

/// Turns the bytes read from a terminal in raw mode into ``Key`` values. A pure value: no I/O, no clock.
///
/// A read can end anywhere, even inside a UTF-8 character or an escape sequence; the decoder keeps the
/// state between calls, so bytes decode the same however they are split. It keeps no copy of typed bytes:
/// a partial UTF-8 character is held as a small accumulator that is zeroed when the character completes or
/// fails, and escape sequences are tracked by state alone. Pasted bytes go straight into a
/// ``SecretStorage`` from the injected factory, at most ``pasteCapacity`` of them; the rest are counted.
///
/// A lone ESC cannot be told from the start of a sequence until more bytes come. When
/// ``isAwaitingEscapeCompletion`` is `true` after a read, the caller waits about 50 ms for more input and,
/// if none comes, calls ``expireEscape()``. Other incomplete sequences wait for their final byte; a control
/// byte (such as Return or Ctrl-C) ends them early and is then decoded as itself.
///
/// A paste takes every byte, Esc, Ctrl-C and Ctrl-D included, until its end marker. One whose end never comes
/// (a truncated paste, a stray start sequence) fails: when ``isInsidePaste`` stays `true` after a silence, the
/// caller calls ``endOpenPaste()``, and a paste that would go past ``pasteByteLimit`` bytes fails by itself.
/// A failed paste is reported as a paste that kept nothing, every byte counted as dropped, and the bytes
/// after it are keys again.
package struct KeyDecoder: Sendable {
  /// The default number of pasted bytes kept.
  package static let defaultPasteCapacity = 4096
  /// The default number of bytes after which a paste with no end fails: far more than any code or passphrase
  /// (the demo's tests paste 100 kB), and a bound on what a flood of input can hold back.
  package static let defaultPasteByteLimit = 1 << 20

  /// The number of pasted bytes kept; later ones are counted in ``PastedText/overflowByteCount``.
  package let pasteCapacity: Int
  /// The number of bytes, kept or not, after which a paste whose end has not come fails.
  package let pasteByteLimit: Int
  private let makePasteStorage: @Sendable (Int) -> any SecretStorage

  private var state = State.ground
  /// The bits of a partial UTF-8 character; zero outside ``State/utf8(remaining:lowerBound:upperBound:)``.
  private var partialScalar: UInt32 = 0
  private var pasteStorage: (any SecretStorage)?
  private var pasteOverflow = 0
  /// A control sequence's one numeric parameter so far (`5` of `ESC [ 5 ~`), or -1 once it has another byte
  /// (a second parameter, a modifier, an intermediate): only such a simple sequence can be a keypad key.
  private var sequenceParameter = 0

  private enum State: Equatable {
    case ground
    case utf8(remaining: Int, lowerBound: UInt8, upperBound: UInt8)
    case escape
    case escapeIntermediate
    /// `matched` counts the parameter bytes that match "200" so far, or is -1 once they cannot.
    case controlSequence(matched: Int)
    case singleShift
    case singleShiftParameters
    case string
    case stringEscape
    /// `matched` counts the bytes of ``KeyDecoder/pasteEnd`` seen so far.
    case paste(matched: Int)
  }

  private static let escapeByte: UInt8 = 0x1b
  private static let pasteStartParameters: [UInt8] = Array("200".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1b}[201~".utf8)

  /// Creates a decoder.
  ///
  /// - Parameters:
  ///   - pasteCapacity: How many pasted bytes to keep; at least 1.
  ///   - pasteByteLimit: How many bytes a paste with no end may take before it fails; at least 1.
  ///   - makePasteStorage: Makes the storage for one paste, given ``pasteCapacity``; by default a
  ///     ``WipedSecretBuffer``.
  package init(
    pasteCapacity: Int = KeyDecoder.defaultPasteCapacity,
    pasteByteLimit: Int = KeyDecoder.defaultPasteByteLimit,
    makePasteStorage: @escaping @Sendable (Int) -> any SecretStorage = { WipedSecretBuffer(capacity: $0) }
  ) {
    precondition(pasteCapacity > 0, "a paste needs room for at least one byte")
    precondition(pasteByteLimit > 0, "a paste must be able to take at least one byte")
    self.pasteCapacity = pasteCapacity
    self.pasteByteLimit = pasteByteLimit
    self.makePasteStorage = makePasteStorage
  }

  /// Whether the last byte seen was an ESC that may still begin a sequence; see ``expireEscape()``.
  package var isAwaitingEscapeCompletion: Bool { state == .escape }

  /// Whether the decoder is inside a bracketed paste that has not ended yet.
  package var isInsidePaste: Bool {
    if case .paste = state { return true }
    return false
  }

  /// Decodes the bytes of one read into an array (for tests and tools; the prompt decodes into locked,
  /// wiped memory with ``decode(_:into:)``).
  ///
  /// - Parameter bytes: The bytes read. The decoder does not keep them; the caller should wipe its buffer.
  /// - Returns: The keys completed by these bytes, in order.
  package mutating func decode(_ bytes: UnsafeRawBufferPointer) -> [Key] {
    var keys: [Key] = []
    decode(bytes, into: &keys)
    return keys
  }

  /// Decodes the bytes of one read, handing each completed key to `keys` in order.
  ///
  /// - Parameters:
  ///   - bytes: The bytes read. The decoder does not keep them; the caller should wipe its buffer.
  ///   - keys: Where the keys go.
  package mutating func decode(_ bytes: UnsafeRawBufferPointer, into keys: inout some KeySink) {
    var index = 0
    while index < bytes.count {
      if case .paste(matched: 0) = state {
        // A run of plain pasted bytes, up to the limit; a byte past it makes the paste fail in `processPaste`.
        let stop = index + min(bytes.count - index, max(0, pasteByteLimit - pastedByteCount))
        var end = index
        while end < stop && bytes[end] != Self.escapeByte { end += 1 }
        if end > index {
          appendPaste(UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
          index = end
          continue
        }
      }
      while !process(bytes[index], into: &keys) {}
      index += 1
    }
  }

  /// Reports a pending lone ESC as ``Key/escape``, after the caller waited for more bytes in vain.
  ///
  /// - Returns: `[.escape]` when ``isAwaitingEscapeCompletion`` was `true`, else nothing.
  package mutating func expireEscape() -> [Key] {
    guard state == .escape else { return [] }
    state = .ground
    return [.escape]
  }

  /// Ends a paste whose end marker has not come, after the caller waited for more bytes in vain: its bytes are
  /// wiped unread, and it is reported as a paste that kept nothing, every byte (those of a partial end marker
  /// too) counted in ``PastedText/overflowByteCount``. The engine then says how many were ignored.
  ///
  /// - Returns: `[.paste(...)]` when ``isInsidePaste`` was `true`, else nothing.
  package mutating func endOpenPaste() -> [Key] {
    guard case .paste(let matched) = state else { return [] }
    var keys: [Key] = []
    failPaste(pendingByteCount: matched, into: &keys)
    return keys
  }

  /// Forgets any partial character, sequence or paste (wiping the paste's storage), for example after
  /// the caller discarded pending input.
  package mutating func reset() {
    state = .ground
    partialScalar = 0
    pasteStorage?.wipe()
    pasteStorage = nil
    pasteOverflow = 0
  }

  /// Handles one byte in the current state.
  ///
  /// - Returns: `false` when the byte ended a sequence without belonging to it and must be handled again
  ///   in the new state.
  private mutating func process(_ byte: UInt8, into keys: inout some KeySink) -> Bool {
    switch state {
    case .ground:
      processGround(byte, into: &keys)
      return true

    case .utf8(let remaining, let lowerBound, let upperBound):
      guard byte >= lowerBound && byte <= upperBound else {
        partialScalar = 0
        keys.append(.invalid)
        state = .ground
        return false
      }
      partialScalar = partialScalar << 6 | UInt32(byte & 0x3f)
      if remaining > 1 {
        state = .utf8(remaining: remaining - 1, lowerBound: 0x80, upperBound: 0xbf)
      } else {
        keys.append(Unicode.Scalar(partialScalar).map(Key.character) ?? .invalid)
        partialScalar = 0
        state = .ground
      }
      return true

    case .escape:
      return processAfterEscape(byte, into: &keys)

    case .escapeIntermediate:
      switch byte {
      case 0x20...0x2f: return true
      case 0x30...0x7e: return finishSequence(into: &keys)
      default: return abortSequence(into: &keys)
      }

    case .controlSequence(let matched):
      switch byte {
      case 0x30...0x3f:
        let parameters = Self.pasteStartParameters
        let stillMatching = matched >= 0 && matched < parameters.count && parameters[matched] == byte
        state = .controlSequence(matched: stillMatching ? matched + 1 : -1)
        let isDigit = (0x30...0x39).contains(byte)
        sequenceParameter =
          isDigit && sequenceParameter >= 0 && sequenceParameter < 100
          ? sequenceParameter * 10 + Int(byte - 0x30) : -1
        return true
      case 0x20...0x2f:
        state = .controlSequence(matched: -1)
        sequenceParameter = -1
        return true
      case 0x40...0x7e:
        if byte == UInt8(ascii: "~") && matched == Self.pasteStartParameters.count {
          pasteStorage = makePasteStorage(pasteCapacity)
          pasteOverflow = 0
          state = .paste(matched: 0)
          return true
        }
        if Self.isKeypadNavigation(parameter: sequenceParameter, final: byte) {
          keys.append(.keypadNavigation)
          state = .ground
          return true
        }
        return finishSequence(into: &keys)
      default:
        return abortSequence(into: &keys)
      }

    case .singleShift:
      if let key = Self.keypadKey(byte) {
        keys.append(key)
        state = .ground
        return true
      }
      if Self.isKeypadNavigation(parameter: 0, final: byte) {
        keys.append(.keypadNavigation)
        state = .ground
        return true
      }
      switch byte {
      case 0x20...0x3f:
        state = .singleShiftParameters
        return true
      case 0x40...0x7e: return finishSequence(into: &keys)
      default: return abortSequence(into: &keys)
      }

    case .singleShiftParameters:
      switch byte {
      case 0x20...0x3f: return true
      case 0x40...0x7e: return finishSequence(into: &keys)
      default: return abortSequence(into: &keys)
      }

    case .string:
      switch byte {
      case 0x07: return finishSequence(into: &keys)
      case Self.escapeByte:
        state = .stringEscape
        return true
      case 0x00..<0x20, 0x7f: return abortSequence(into: &keys)
      default: return true
      }

    case .stringEscape:
      if byte == UInt8(ascii: "\\") { return finishSequence(into: &keys) }
      // Any other byte after ESC ends the string and starts a new escape sequence.
      keys.append(.unknownSequence)
      state = .escape
      return false

    case .paste(let matched):
      return processPaste(byte, matched: matched, into: &keys)
    }
  }

  private mutating func processGround(_ byte: UInt8, into keys: inout some KeySink) {
    switch byte {
    case 0x20...0x7e: keys.append(.character(Unicode.Scalar(byte)))
    case Self.escapeByte: state = .escape
    case 0x7f, 0x08: keys.append(.backspace)
    case 0x0d, 0x0a: keys.append(.enter)
    case 0x03: keys.append(.interrupt)
    case 0x04: keys.append(.endOfFile)
    case 0x07: keys.append(.generate)
    case 0x09: keys.append(.moreTime)
    case 0x12: keys.append(.reread)
    case 0x15: keys.append(.clear)
    case 0x1a: keys.append(.suspend)
    case 0x1c: keys.append(.quit)
    case 0xc2...0xdf: startScalar(byte & 0x1f, remaining: 1, lowerBound: 0x80, upperBound: 0xbf)
    case 0xe0: startScalar(byte & 0x0f, remaining: 2, lowerBound: 0xa0, upperBound: 0xbf)
    case 0xed: startScalar(byte & 0x0f, remaining: 2, lowerBound: 0x80, upperBound: 0x9f)
    case 0xe1...0xef: startScalar(byte & 0x0f, remaining: 2, lowerBound: 0x80, upperBound: 0xbf)
    case 0xf0: startScalar(byte & 0x07, remaining: 3, lowerBound: 0x90, upperBound: 0xbf)
    case 0xf1...0xf3: startScalar(byte & 0x07, remaining: 3, lowerBound: 0x80, upperBound: 0xbf)
    case 0xf4: startScalar(byte & 0x07, remaining: 3, lowerBound: 0x80, upperBound: 0x8f)
    default: keys.append(.invalid)
    }
  }

  private mutating func startScalar(_ bits: UInt8, remaining: Int, lowerBound: UInt8, upperBound: UInt8) {
    partialScalar = UInt32(bits)
    state = .utf8(remaining: remaining, lowerBound: lowerBound, upperBound: upperBound)
  }

  private mutating func processAfterEscape(_ byte: UInt8, into keys: inout some KeySink) -> Bool {
    switch byte {
    case UInt8(ascii: "["):
      state = .controlSequence(matched: 0)
      sequenceParameter = 0
    case UInt8(ascii: "O"):
      state = .singleShift
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
      state = .string
    case Self.escapeByte:
      keys.append(.escape)
    case 0x20...0x2f:
      state = .escapeIntermediate
    case 0x30...0x7e, 0x7f:
      // Alt with a key, or a two-byte escape sequence.
      keys.append(.unknownSequence)
      state = .ground
    default:
      // A control byte or a non-ASCII byte after ESC: the ESC was a key of its own.
      keys.append(.escape)
      state = .ground
      return false
    }
    return true
  }

  /// Reports the sequence just completed by its final byte.
  private mutating func finishSequence(into keys: inout some KeySink) -> Bool {
    keys.append(.unknownSequence)
    state = .ground
    return true
  }

  /// Reports the sequence cut short by a byte that cannot belong to it; that byte is handled again.
  private mutating func abortSequence(into keys: inout some KeySink) -> Bool {
    keys.append(.unknownSequence)
    state = .ground
    return false
  }

  /// Handles one byte of a paste: the next byte of its end marker, or pasted text.
  ///
  /// - Returns: `false` when the text would take the paste past ``pasteByteLimit``: the paste fails, and the
  ///   byte must be handled again as a key.
  private mutating func processPaste(_ byte: UInt8, matched: Int, into keys: inout some KeySink) -> Bool {
    let terminator = Self.pasteEnd
    if byte == terminator[matched] {
      if matched + 1 < terminator.count {
        state = .paste(matched: matched + 1)
        return true
      }
      if let storage = pasteStorage {
        keys.append(.paste(PastedText(storage: storage, overflowByteCount: pasteOverflow)))
      }
      pasteStorage = nil
      pasteOverflow = 0
      state = .ground
      return true
    }
    // The bytes matched so far were pasted text after all, and so is this byte unless it begins the end again.
    guard pastedByteCount + matched + (byte == Self.escapeByte ? 0 : 1) <= pasteByteLimit else {
      failPaste(pendingByteCount: matched, into: &keys)
      return false
    }
    // The matched bytes are a prefix of the constant terminator, so they are taken from it rather than kept.
    terminator.withUnsafeBytes { appendPaste(UnsafeRawBufferPointer(rebasing: $0[0..<matched])) }
    if byte == Self.escapeByte {
      state = .paste(matched: 1)
    } else {
      withUnsafeBytes(of: byte) { appendPaste($0) }
      state = .paste(matched: 0)
    }
    return true
  }

  /// The bytes of the paste under way, kept or dropped.
  private var pastedByteCount: Int { (pasteStorage?.count ?? 0) + pasteOverflow }

  /// Ends the paste under way as a failed one (see ``endOpenPaste()``): a paste key with nothing kept.
  ///
  /// - Parameters:
  ///   - pendingByteCount: The bytes of a partial end marker, seen but not yet counted.
  ///   - keys: Where the key goes.
  private mutating func failPaste(pendingByteCount: Int, into keys: inout some KeySink) {
    if let storage = pasteStorage {
      let byteCount = pastedByteCount + pendingByteCount
      storage.wipe()
      keys.append(.paste(PastedText(storage: storage, overflowByteCount: byteCount)))
    }
    pasteStorage = nil
    pasteOverflow = 0
    state = .ground
  }

  private mutating func appendPaste(_ bytes: UnsafeRawBufferPointer) {
    guard !bytes.isEmpty, let storage = pasteStorage else { return }
    let room = max(0, storage.capacity - storage.count)
    let kept = min(room, bytes.count)
    if kept > 0 {
      _ = storage.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<kept]))
    }
    pasteOverflow += bytes.count - kept
  }

  /// The key for the byte after `ESC O` in keypad application mode, if it is one.
  /// Whether a control sequence (`ESC [`, with its one numeric parameter, 0 when none) or a single shift
  /// (`ESC O`, parameter 0) ending in `final` is a keypad navigation key: `A`–`D` (arrows), `H` and `F`
  /// (Home, End), `E` (xterm's keypad 5) and `G` (the Linux console's), or `~` after 1 and 4 (the Linux
  /// console's and VT220's Home and End), 2 (Insert), 5 and 6 (Page Up and Down), 7 and 8 (rxvt's Home and
  /// End). Not 3, Delete (see ``Key/keypadNavigation``). `ESC [ G` only arrives as a CSI; the single shift
  /// takes the same letters.
  private static func isKeypadNavigation(parameter: Int, final: UInt8) -> Bool {
    switch final {
    case UInt8(ascii: "A")...UInt8(ascii: "H"): parameter == 0
    case UInt8(ascii: "~"): [1, 2, 4, 5, 6, 7, 8].contains(parameter)
    default: false
    }
  }

  private static func keypadKey(_ byte: UInt8) -> Key? {
    switch byte {
    case UInt8(ascii: "p")...UInt8(ascii: "y"):
      return .character(Unicode.Scalar(UInt8(ascii: "0") + (byte - UInt8(ascii: "p"))))
    case UInt8(ascii: "k"): return .character("+")
    case UInt8(ascii: "m"): return .character("-")
    case UInt8(ascii: "j"): return .character("*")
    case UInt8(ascii: "o"): return .character("/")
    case UInt8(ascii: "n"): return .character(".")
    case UInt8(ascii: "M"): return .enter
    case UInt8(ascii: "I"): return .moreTime
    default: return nil
    }
  }
}
