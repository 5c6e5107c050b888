internal import CSodium

/// The one funnel for libsodium: every `sodium_*` and `crypto_*` call in the package goes through here.
///
/// libsodium's pointer parameters are non-optional, so each wrapper guards empty buffers (an empty Swift
/// buffer has no base address) before it calls C.
enum Sodium {
  /// Whether `sodium_init` succeeded; evaluated once, thread-safely, on first use.
  private static let isInitialized: Bool = sodium_init() >= 0

  /// One byte to pass where libsodium needs a pointer but the length is zero.
  nonisolated(unsafe) private static let emptyInput: UnsafeMutablePointer<CChar> = {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return pointer
  }()

  /// Initialises libsodium once per process.
  ///
  /// - Throws: ``VaultError/cryptography(operation:)`` when libsodium cannot start.
  ///
  /// The corresponding C function is `sodium_init`.
  static func initialize() throws(VaultError) {
    guard isInitialized else { throw .cryptography(operation: "sodium_init") }
  }

  /// Random bytes from the system's generator.
  ///
  /// - Parameter count: How many bytes.
  /// - Returns: The bytes.
  /// - Throws: ``VaultError/cryptography(operation:)`` when libsodium cannot start.
  ///
  /// The corresponding C function is `randombytes_buf`.
  static func randomBytes(count: Int) throws(VaultError) -> [UInt8] {
    try initialize()
    var bytes = [UInt8](repeating: 0, count: count)
    bytes.withUnsafeMutableBytes { buffer in
      if let base = buffer.baseAddress { randombytes_buf(base, buffer.count) }
    }
    return bytes
  }

  /// Hashes a secret with Argon2id into a self-describing string (`$argon2id$v=19$m=…,t=…,p=1$salt$hash`)
  /// with a fresh random salt.
  ///
  /// - Parameters:
  ///   - secret: The secret's bytes.
  ///   - opsLimit: The number of passes.
  ///   - memLimit: The memory to use, in bytes.
  /// - Returns: The hash string, which is safe to store.
  /// - Throws: ``VaultError/cryptography(operation:)`` when hashing fails (for example, out of memory).
  ///
  /// The corresponding C function is `crypto_pwhash_str`.
  static func hashPassword(_ secret: UnsafeRawBufferPointer, opsLimit: UInt64, memLimit: Int) throws(VaultError)
    -> String
  {
    try initialize()
    var output = [CChar](repeating: 0, count: crypto_pwhash_strbytes())
    let input = secret.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer(emptyInput)
    let result = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return crypto_pwhash_str(base, input, UInt64(secret.count), opsLimit, memLimit)
    }
    guard result == 0 else { throw .cryptography(operation: "crypto_pwhash_str") }
    return string(fromNulTerminated: output)
  }

  /// Checks a secret against a hash string from ``hashPassword(_:opsLimit:memLimit:)``.
  ///
  /// - Parameters:
  ///   - hash: The stored hash string.
  ///   - secret: The secret's bytes.
  /// - Returns: `true` only when the secret matches.
  ///
  /// The corresponding C function is `crypto_pwhash_str_verify`.
  static func verifyPassword(hash: String, secret: UnsafeRawBufferPointer) -> Bool {
    guard isInitialized, let terminated = nulTerminated(hash) else { return false }
    let input = secret.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer(emptyInput)
    return terminated.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      return crypto_pwhash_str_verify(base, input, UInt64(secret.count)) == 0
    }
  }

  /// Tells whether a hash string was made with other parameters, or is not a valid Argon2id hash.
  ///
  /// - Parameters:
  ///   - hash: The stored hash string.
  ///   - opsLimit: The wanted number of passes.
  ///   - memLimit: The wanted memory, in bytes.
  /// - Returns: `true` when the hash should be remade (also when it cannot be read).
  ///
  /// The corresponding C function is `crypto_pwhash_str_needs_rehash`.
  static func needsRehash(hash: String, opsLimit: UInt64, memLimit: Int) -> Bool {
    rehashStatus(hash: hash, opsLimit: opsLimit, memLimit: memLimit) != 0
  }

  /// Whether a hash string decodes completely (parameters, salt and hash), so that a truncated or
  /// damaged hash file is reported as corrupt instead of counting every code as wrong.
  ///
  /// - Parameter hash: The stored hash string.
  /// - Returns: `false` when libsodium cannot decode it.
  ///
  /// The corresponding C function is `crypto_pwhash_str_needs_rehash`, which returns -1 for a string it
  /// cannot decode.
  static func isWellFormedHash(_ hash: String) -> Bool {
    rehashStatus(hash: hash, opsLimit: opsLimitMinimum, memLimit: memLimitMinimum) != -1
  }

  private static func rehashStatus(hash: String, opsLimit: UInt64, memLimit: Int) -> Int32 {
    guard isInitialized, let terminated = nulTerminated(hash) else { return -1 }
    return terminated.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return -1 }
      return crypto_pwhash_str_needs_rehash(base, opsLimit, memLimit)
    }
  }

  /// The longest hash string, including its terminating NUL.
  ///
  /// The corresponding C function is `crypto_pwhash_strbytes`.
  static var hashStringCapacity: Int { crypto_pwhash_strbytes() }

  /// The Argon2id "interactive" number of passes (2).
  ///
  /// The corresponding C function is `crypto_pwhash_opslimit_interactive`.
  static var opsLimitInteractive: UInt64 { UInt64(crypto_pwhash_opslimit_interactive()) }

  /// The Argon2id "interactive" memory, in bytes (64 MiB).
  ///
  /// The corresponding C function is `crypto_pwhash_memlimit_interactive`.
  static var memLimitInteractive: Int { crypto_pwhash_memlimit_interactive() }

  /// The smallest number of passes libsodium accepts.
  ///
  /// The corresponding C function is `crypto_pwhash_opslimit_min`.
  static var opsLimitMinimum: UInt64 { UInt64(crypto_pwhash_opslimit_min()) }

  /// The smallest memory libsodium accepts, in bytes.
  ///
  /// The corresponding C function is `crypto_pwhash_memlimit_min`.
  static var memLimitMinimum: Int { crypto_pwhash_memlimit_min() }

  /// The prefix of an Argon2id hash string.
  static let argon2idPrefix = "$argon2id$"

  private static func nulTerminated(_ text: String) -> [CChar]? {
    // Padded to the full `crypto_pwhash_STRBYTES`, the array size the C prototypes declare.
    let characters = text.utf8.map { CChar(bitPattern: $0) }
    guard !characters.contains(0), characters.count < crypto_pwhash_strbytes() else { return nil }
    return characters + [CChar](repeating: 0, count: crypto_pwhash_strbytes() - characters.count)
  }

  private static func string(fromNulTerminated characters: [CChar]) -> String {
    String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
