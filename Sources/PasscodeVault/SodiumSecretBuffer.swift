import PasscodeEngine

/// A fixed-capacity ``SecretStorage`` in libsodium's guarded memory: locked against swapping, kept out of
/// core dumps, fenced by guard pages, wiped with `sodium_memzero` on ``wipe()`` and freed in `deinit`.
///
/// While any buffer is alive the process is marked non-dumpable, so another process of the same user
/// cannot attach a debugger and read the secret. Equality is constant-time (`sodium_memcmp`). The bytes
/// are never turned into a `String`, and ``description`` shows only the size.
public final class SodiumSecretBuffer: SecretStorage, @unchecked Sendable {
  /// The number of bytes the buffer can hold.
  public let capacity: Int
  /// The number of bytes held now.
  public private(set) var count = 0
  private let bytes: UnsafeMutableRawPointer

  /// Allocates a zeroed buffer in guarded memory.
  ///
  /// - Parameter capacity: The number of bytes it can hold; at least 1.
  /// - Throws: ``VaultError/cryptography(operation:)`` when libsodium cannot start or allocate.
  public init(capacity: Int) throws(VaultError) {
    precondition(capacity > 0, "a secret buffer needs room for at least one byte")
    try Sodium.initialize()
    guard let bytes = Sodium.allocate(byteCount: capacity) else {
      throw .cryptography(operation: "sodium_malloc")
    }
    Sodium.zero(bytes, byteCount: capacity)
    self.capacity = capacity
    self.bytes = bytes
    CoreDumpGuard.retain()
  }

  deinit {
    Sodium.zero(bytes, byteCount: capacity)
    Sodium.free(bytes)
    CoreDumpGuard.release()
  }

  /// Appends bytes if they all fit.
  ///
  /// - Parameter newBytes: The bytes to append.
  /// - Returns: `true` when they were appended, `false` (and nothing changed) when they would not fit.
  public func append(contentsOf newBytes: UnsafeRawBufferPointer) -> Bool {
    guard newBytes.count <= capacity - count else { return false }
    guard let source = newBytes.baseAddress, !newBytes.isEmpty else { return true }
    (bytes + count).copyMemory(from: source, byteCount: newBytes.count)
    count += newBytes.count
    return true
  }

  /// Removes bytes from the end and wipes them.
  ///
  /// - Parameter byteCount: How many bytes to remove; at most ``count``.
  public func removeLast(_ byteCount: Int) {
    precondition(byteCount >= 0 && byteCount <= count, "cannot remove more bytes than the buffer holds")
    count -= byteCount
    Sodium.zero(bytes + count, byteCount: byteCount)
  }

  /// Wipes the whole capacity and sets ``count`` to zero.
  public func wipe() {
    Sodium.zero(bytes, byteCount: capacity)
    count = 0
  }

  /// Calls `body` with the bytes held now.
  ///
  /// - Parameter body: A closure that reads the bytes. It must not keep the pointer.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  /// Compares the held bytes with another storage's in constant time, through `sodium_memcmp`.
  ///
  /// - Parameter other: The storage to compare with.
  /// - Returns: `true` when both hold the same bytes.
  public func constantTimeEquals(_ other: some SecretStorage) -> Bool {
    withUnsafeBytes { mine in other.withUnsafeBytes { theirs in Sodium.constantTimeEquals(mine, theirs) } }
  }
}

extension SodiumSecretBuffer: Equatable {
  /// Compares two buffers' held bytes in constant time (only the lengths may differ quickly).
  ///
  /// - Parameters:
  ///   - lhs: A buffer.
  ///   - rhs: Another buffer.
  /// - Returns: `true` when both hold the same bytes.
  public static func == (lhs: SodiumSecretBuffer, rhs: SodiumSecretBuffer) -> Bool {
    lhs.constantTimeEquals(rhs)
  }
}
