import PasscodeEngine

/// Refuses passcodes that are among the first an attacker tries.
///
/// It works on the bytes only and never builds a `String` from the secret. Too easy are: one character
/// repeated (`1111`, `aaaa`), a straight run of digits up or down, wrapping past 9 or 0 (`1234`, `9876`,
/// `012345`, `7890`), and the most common 4- and 6-digit PINs in published PIN-frequency studies
/// (DataGenetics' analysis of 3.4 million 4-digit PINs and the 6-digit follow-ups).
package enum WeakPasscodePolicy {
  /// Tells whether a passcode is too easy to guess.
  ///
  /// - Parameter secret: The passcode.
  /// - Returns: `true` when it should be refused.
  package static func isTooEasy(_ secret: some SecretStorage) -> Bool {
    secret.withUnsafeBytes { bytes in
      isRepeated(bytes) || isDigitRun(bytes, step: 1) || isDigitRun(bytes, step: 9)
        || commonCodes.contains { entry in matches(bytes, entry) }
    }
  }

  private static func isRepeated(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let first = bytes.first else { return true }
    return bytes.allSatisfy { $0 == first }
  }

  /// A run where each digit is the previous plus `step`, modulo 10 (step 1 ascends, step 9 descends).
  private static func isDigitRun(_ bytes: UnsafeRawBufferPointer, step: UInt8) -> Bool {
    guard bytes.count >= 2, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
      return false
    }
    for index in 1..<bytes.count {
      let previous = bytes[index - 1] - UInt8(ascii: "0")
      let digit = bytes[index] - UInt8(ascii: "0")
      if (previous + step) % 10 != digit { return false }
    }
    return true
  }

  private static func matches(_ bytes: UnsafeRawBufferPointer, _ entry: StaticString) -> Bool {
    guard bytes.count == entry.utf8CodeUnitCount else { return false }
    let expected = UnsafeRawBufferPointer(start: entry.utf8Start, count: entry.utf8CodeUnitCount)
    return bytes.elementsEqual(expected)
  }

  /// The most common 4- and 6-digit PINs, most frequent first.
  static let commonCodes: [StaticString] = [
    "1234", "1111", "0000", "1212", "7777", "1004", "2000", "4444", "2222", "6969",
    "9999", "3333", "5555", "6666", "1122", "1313", "8888", "4321", "2001", "1010",
    "123456", "111111", "123123", "654321", "121212", "000000", "666666", "112233", "123321", "159753",
    "696969", "987654", "222222", "555555", "777777", "888888", "999999", "101010", "147258", "789456",
  ]
}
