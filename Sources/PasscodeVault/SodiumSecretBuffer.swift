import PasscodeEngine

/// libsodium's guarded memory for secrets: `sodium_malloc` places the bytes between guard pages, locks
/// them and fills them with a canary; `sodium_memzero` wipes them; `sodium_memcmp` compares them in
/// constant time. While any such memory is alive the process is not dumpable (`PR_SET_DUMPABLE` 0), so a
/// core dump or `ptrace` by another process of the same user cannot read a typed code.
public struct SodiumMemory: SecretMemory {
  /// Allocation fails with ``VaultError/cryptography(operation:)``.
  public typealias AllocationError = VaultError

  /// Creates the memory provider.
  public init() {}

  /// Allocates zeroed, guarded, locked bytes through the libsodium funnel.
  ///
  /// - Parameter byteCount: How many bytes.
  /// - Returns: The memory.
  /// - Throws: ``VaultError/cryptography(operation:)`` when libsodium cannot start or allocate.
  public func allocate(byteCount: Int) throws(VaultError) -> UnsafeMutableRawPointer {
    try Sodium.initialize()
    guard let bytes = Sodium.allocate(byteCount: byteCount) else {
      throw .cryptography(operation: "sodium_malloc")
    }
    Sodium.zero(bytes, byteCount: byteCount)
    CoreDumpGuard.retain()
    return bytes
  }

  /// Wipes bytes through the libsodium funnel.
  ///
  /// - Parameters:
  ///   - bytes: The first byte.
  ///   - byteCount: How many bytes.
  public func wipe(_ bytes: UnsafeMutableRawPointer, byteCount: Int) {
    Sodium.zero(bytes, byteCount: byteCount)
  }

  /// Wipes and frees guarded memory.
  ///
  /// - Parameters:
  ///   - bytes: The memory.
  ///   - byteCount: Its size.
  public func release(_ bytes: UnsafeMutableRawPointer, byteCount: Int) {
    Sodium.zero(bytes, byteCount: byteCount)
    Sodium.free(bytes)
    CoreDumpGuard.release()
  }

  /// Compares in constant time through the libsodium funnel.
  ///
  /// - Parameters:
  ///   - first: The first bytes.
  ///   - second: The second bytes, as many as the first.
  /// - Returns: `true` when they are equal.
  public func constantTimeEquals(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
    Sodium.constantTimeEquals(first, second)
  }
}

/// A ``SecretBuffer`` in libsodium's guarded memory: the buffer every front end keeps a code in.
public typealias SodiumSecretBuffer = SecretBuffer<SodiumMemory>

extension SecretBuffer where Memory == SodiumMemory {
  /// Allocates an empty buffer in libsodium's guarded memory.
  ///
  /// - Parameter capacity: The number of bytes it can hold; at least 1.
  /// - Throws: ``VaultError/cryptography(operation:)`` when libsodium cannot allocate.
  public convenience init(capacity: Int) throws(VaultError) {
    try self.init(capacity: capacity, memory: SodiumMemory())
  }
}
