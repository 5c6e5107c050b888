/// A fixed-capacity ``SecretStorage`` over a kind of ``SecretMemory``: bytes are appended and removed at
/// the end, removed bytes are wiped at once, and the whole capacity is wiped by ``wipe()`` and when the
/// buffer goes away. Equality is constant-time.
public final class SecretBuffer<Memory: SecretMemory>: SecretStorage, Equatable, @unchecked Sendable {
  /// The number of bytes the buffer can hold.
  public let capacity: Int
  /// The number of bytes held now.
  public private(set) var count = 0
  private let memory: Memory
  private let bytes: UnsafeMutableRawPointer

  /// Allocates an empty buffer.
  ///
  /// - Parameters:
  ///   - capacity: The number of bytes it can hold; at least 1.
  ///   - memory: Where the bytes live.
  /// - Throws: The memory's `AllocationError` when it cannot allocate.
  public init(capacity: Int, memory: Memory) throws(Memory.AllocationError) {
    precondition(capacity > 0, "a secret buffer needs room for at least one byte")
    bytes = try memory.allocate(byteCount: capacity)
    self.capacity = capacity
    self.memory = memory
  }

  deinit {
    memory.release(bytes, byteCount: capacity)
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
    memory.wipe(bytes + count, byteCount: byteCount)
  }

  /// Wipes the whole capacity.
  public func wipe() {
    memory.wipe(bytes, byteCount: capacity)
    count = 0
  }

  /// Calls `body` with the bytes held now.
  ///
  /// - Parameter body: A closure that reads the bytes; it must not keep the pointer.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  /// Compares the held bytes with another storage's, in constant time through this buffer's memory.
  ///
  /// - Parameter other: The storage to compare with.
  /// - Returns: `true` when both hold the same bytes.
  public func constantTimeEquals(_ other: any SecretStorage) -> Bool {
    withUnsafeBytes { mine in
      other.withUnsafeBytes { theirs in mine.count == theirs.count && memory.constantTimeEquals(mine, theirs) }
    }
  }

  /// Whether two buffers hold the same bytes, compared in constant time.
  ///
  /// - Parameters:
  ///   - lhs: A buffer.
  ///   - rhs: Another buffer.
  /// - Returns: `true` when they hold the same bytes.
  public static func == (lhs: SecretBuffer, rhs: SecretBuffer) -> Bool {
    lhs.constantTimeEquals(rhs)
  }
}
