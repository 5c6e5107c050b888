#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A fixed-capacity ``SecretStorage`` in heap memory that is locked against swapping and wiped with
/// `explicit_bzero` on ``wipe()`` and in `deinit`.
///
/// The front ends use the libsodium-backed buffer from `PasscodeVault`, which adds guard pages; this one
/// keeps the engine usable, and testable, on its own.
public final class WipedSecretBuffer: SecretStorage, @unchecked Sendable {
  /// The number of bytes the buffer can hold.
  public let capacity: Int
  /// The number of bytes held now.
  public private(set) var count = 0
  private let bytes: UnsafeMutableRawPointer
  private let isLocked: Bool

  /// Allocates a buffer and tries to lock it in memory.
  ///
  /// - Parameter capacity: The number of bytes it can hold; at least 1.
  public init(capacity: Int) {
    precondition(capacity > 0, "a secret buffer needs room for at least one byte")
    self.capacity = capacity
    bytes = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    bytes.initializeMemory(as: UInt8.self, repeating: 0, count: capacity)
    isLocked = mlock(bytes, capacity) == 0
  }

  deinit {
    explicit_bzero(bytes, capacity)
    if isLocked { munlock(bytes, capacity) }
    bytes.deallocate()
  }

  /// Appends bytes if they all fit.
  ///
  /// - Parameter newBytes: The bytes to append.
  /// - Returns: `true` when they were appended.
  public func append(contentsOf newBytes: UnsafeRawBufferPointer) -> Bool {
    guard newBytes.count <= capacity - count else { return false }
    guard let source = newBytes.baseAddress, !newBytes.isEmpty else { return true }
    (bytes + count).copyMemory(from: source, byteCount: newBytes.count)
    count += newBytes.count
    return true
  }

  /// Removes bytes from the end and wipes them.
  ///
  /// - Parameter byteCount: How many bytes to remove.
  public func removeLast(_ byteCount: Int) {
    precondition(byteCount >= 0 && byteCount <= count, "cannot remove more bytes than the buffer holds")
    count -= byteCount
    explicit_bzero(bytes + count, byteCount)
  }

  /// Wipes the whole capacity.
  public func wipe() {
    explicit_bzero(bytes, capacity)
    count = 0
  }

  /// Calls `body` with the bytes held now.
  ///
  /// - Parameter body: A closure that reads the bytes.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(UnsafeRawBufferPointer(start: bytes, count: count))
  }
}
