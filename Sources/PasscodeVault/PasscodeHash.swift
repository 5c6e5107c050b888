import PasscodeEngine

/// An Argon2id hash of a passcode in libsodium's string form (`$argon2id$v=19$m=65536,t=2,p=1$…`).
///
/// The string carries its own salt and parameters. It is safe to store and to show: it is not the secret,
/// and recovering the secret from it costs one full Argon2id computation per guess.
package struct PasscodeHash: Equatable, Hashable, Sendable {
  /// The hash string, starting with `$argon2id$`.
  package let encoded: String

  /// Wraps a stored hash string after checking its shape.
  ///
  /// - Parameter encoded: The string read from the hash file, without a trailing newline.
  ///   Fails (gives `nil`) when the string is not an Argon2id hash string.
  package init?(encoded: String) {
    guard encoded.hasPrefix(Sodium.argon2idPrefix), encoded.utf8.count < Sodium.hashStringCapacity,
      encoded.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), Sodium.isWellFormedHash(encoded),
      let cost = Self.cost(of: encoded), Self.acceptsCost(memoryKiB: cost.memoryKiB, passes: cost.passes),
      cost.lanes == 1
    else { return nil }
    self.encoded = encoded
  }

  /// The most memory a stored hash may ask for: libsodium's "moderate" limit, four times what `passcode`
  /// uses. A hash asking more (an edited file) would leave "Checking" for minutes or exhaust memory.
  package static let maximumMemoryKiB: UInt64 = 256 * 1024
  /// The most passes a stored hash may ask for (libsodium's "sensitive" limit is 4; `passcode` uses 2).
  package static let maximumPasses: UInt64 = 8

  /// Whether a hash's cost is within the bounds above.
  static func acceptsCost(memoryKiB: UInt64, passes: UInt64) -> Bool {
    memoryKiB <= maximumMemoryKiB && passes >= 1 && passes <= maximumPasses
  }

  /// The `m=`, `t=` and `p=` values of `$argon2id$v=19$m=…,t=…,p=…$salt$hash`, or `nil` when they are not
  /// three plain decimal numbers in that order.
  static func cost(of encoded: String) -> (memoryKiB: UInt64, passes: UInt64, lanes: UInt64)? {
    let fields = encoded.split(separator: "$", omittingEmptySubsequences: false)
    guard fields.count == 6 else { return nil }
    let values = fields[3].split(separator: ",", omittingEmptySubsequences: false)
    guard values.count == 3 else { return nil }
    var numbers: [UInt64] = []
    for (value, key) in zip(values, ["m=", "t=", "p="]) {
      guard value.hasPrefix(key) else { return nil }
      let digits = value.dropFirst(2)
      guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy(\.isASCII), let number = UInt64(digits) else {
        return nil
      }
      numbers.append(number)
    }
    return (numbers[0], numbers[1], numbers[2])
  }

  /// Hashes a secret with a fresh random salt.
  ///
  /// - Parameters:
  ///   - secret: The passcode.
  ///   - parameters: The cost.
  /// - Returns: The hash.
  /// - Throws: ``VaultError/cryptography(operation:)`` when libsodium fails (for example, out of memory).
  package static func make(from secret: some SecretStorage, parameters: HashParameters) throws(VaultError)
    -> PasscodeHash
  {
    let result = secret.withUnsafeBytes { bytes in
      Result { () throws(VaultError) in
        try Sodium.hashPassword(bytes, opsLimit: parameters.opsLimit, memLimit: parameters.memLimit)
      }
    }
    let encoded = try result.get()
    guard let hash = PasscodeHash(encoded: encoded) else { throw .cryptography(operation: "crypto_pwhash_str") }
    return hash
  }

  /// Checks a secret against the hash.
  ///
  /// - Parameter secret: The passcode typed.
  /// - Returns: `true` only when it matches.
  package func verify(_ secret: some SecretStorage) -> Bool {
    secret.withUnsafeBytes { Sodium.verifyPassword(hash: encoded, secret: $0) }
  }

  /// Tells whether the hash was made with other parameters and should be remade at the next success.
  ///
  /// - Parameter parameters: The cost wanted now.
  /// - Returns: `true` when the stored cost differs.
  package func needsRehash(parameters: HashParameters) -> Bool {
    Sodium.needsRehash(hash: encoded, opsLimit: parameters.opsLimit, memLimit: parameters.memLimit)
  }
}
