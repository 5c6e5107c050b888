import PasscodeEngine

/// An Argon2id hash of a passcode in libsodium's string form (`$argon2id$v=19$m=65536,t=2,p=1$…`).
///
/// The string carries its own salt and parameters. It is safe to store and to show: it is not the secret,
/// and recovering the secret from it costs one full Argon2id computation per guess.
public struct PasscodeHash: Equatable, Hashable, Sendable {
  /// The hash string, starting with `$argon2id$`.
  public let encoded: String

  /// Wraps a stored hash string after checking its shape.
  ///
  /// - Parameter encoded: The string read from the hash file, without a trailing newline.
  ///   Fails (gives `nil`) when the string is not an Argon2id hash string.
  public init?(encoded: String) {
    guard encoded.hasPrefix(Sodium.argon2idPrefix), encoded.utf8.count < Sodium.hashStringCapacity,
      encoded.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), Sodium.isWellFormedHash(encoded)
    else { return nil }
    self.encoded = encoded
  }

  /// Hashes a secret with a fresh random salt.
  ///
  /// - Parameters:
  ///   - secret: The passcode.
  ///   - parameters: The cost.
  /// - Returns: The hash.
  /// - Throws: ``VaultError/cryptography(operation:)`` when libsodium fails (for example, out of memory).
  public static func make(from secret: some SecretStorage, parameters: HashParameters) throws(VaultError)
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
  public func verify(_ secret: some SecretStorage) -> Bool {
    secret.withUnsafeBytes { Sodium.verifyPassword(hash: encoded, secret: $0) }
  }

  /// Tells whether the hash was made with other parameters and should be remade at the next success.
  ///
  /// - Parameter parameters: The cost wanted now.
  /// - Returns: `true` when the stored cost differs.
  public func needsRehash(parameters: HashParameters) -> Bool {
    Sodium.needsRehash(hash: encoded, opsLimit: parameters.opsLimit, memLimit: parameters.memLimit)
  }
}
