import PasscodeEngine

/// The Assuan percent escapes: `%XX` (two hex digits) stands for the byte `0xXX`.
package enum PercentEscaping {
  /// Decodes every `%XX` escape in a command argument.
  ///
  /// pinentry itself decodes a malformed escape into an arbitrary byte; this decoder refuses it instead,
  /// so a broken caller gets an error rather than a garbled prompt.
  ///
  /// - Parameter text: The argument as it came on the wire.
  /// - Returns: The text with the escapes decoded; invalid UTF-8 is repaired with U+FFFD.
  /// - Throws: ``PinentryError/parameter(_:)`` with detail `bad percent escape` when a `%` is not
  ///   followed by two hex digits.
  package static func unescape(_ text: String) throws(PinentryError) -> String {
    let source = Array(text.utf8)
    guard source.contains(UInt8(ascii: "%")) else { return text }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(source.count)
    var index = 0
    while index < source.count {
      let byte = source[index]
      guard byte == UInt8(ascii: "%") else {
        decoded.append(byte)
        index += 1
        continue
      }
      guard index + 2 < source.count, let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
      else { throw .parameter("bad percent escape") }
      decoded.append(high << 4 | low)
      index += 3
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// Tells whether a byte must travel escaped in a `D` line.
  ///
  /// - Parameter byte: The byte.
  /// - Returns: `true` for `%`, CR, LF, every other control byte and DEL.
  package static func needsEscape(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "%") || byte < 0x20 || byte == 0x7F
  }

  /// Appends bytes to secret memory escaped for an `INQUIRE` argument as gpg-agent reads it back: besides
  /// what ``needsEscape(_:)`` names, a space (which would end the argument) and `+` (which reads as a space).
  ///
  /// - Parameters:
  ///   - bytes: The bytes, such as an entry.
  ///   - storage: Where the escaped bytes go.
  /// - Returns: `false` when they did not fit.
  static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to storage: any SecretStorage) -> Bool {
    for byte in bytes {
      if needsEscape(byte) || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "+") {
        guard storage.append(UInt8(ascii: "%")), storage.append(hexDigit(byte >> 4)),
          storage.append(hexDigit(byte & 0x0F))
        else { return false }
      } else if !storage.append(byte) {
        return false
      }
    }
    return true
  }

  /// The value of one hex digit.
  ///
  /// - Parameter byte: An ASCII byte.
  /// - Returns: 0 to 15, or `nil` when the byte is not a hex digit.
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The upper-case hex digit for a value.
  ///
  /// - Parameter value: 0 to 15.
  /// - Returns: The ASCII digit.
  static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }
}
