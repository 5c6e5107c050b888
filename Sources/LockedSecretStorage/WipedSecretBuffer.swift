import PasscodeEngine
internal import SystemCalls

/// The package's one secret buffer, the ``SecretStorage`` every front end keeps a code in: a fixed capacity of
/// `SystemCalls`' locked memory (`LockedMemory`: one mapping per buffer between guard pages, locked against
/// swapping where the limit allows, left out of core dumps, and the process made non-dumpable from the first
/// allocation on). Bytes are appended and removed at the end; removed bytes are wiped at once, and the whole
/// capacity is wiped by ``wipe()`` and when the buffer goes away. Equality is constant-time. Allocation failure
/// traps, as Swift's own allocation does.
public final class WipedSecretBuffer: SecretStorage, Equatable, @unchecked Sendable {
  /// The number of bytes the buffer can hold.
  public let capacity: Int
  /// The number of bytes held now.
  public private(set) var count = 0
  private let memory: UnsafeMutableRawBufferPointer

  /// Allocates an empty buffer in locked memory.
  ///
  /// - Parameter capacity: The number of bytes it can hold; at least 1.
  public init(capacity: Int) {
    precondition(capacity > 0, "a secret buffer needs room for at least one byte")
    memory = LockedMemory.allocate(byteCount: capacity)
    self.capacity = capacity
  }

  deinit {
    LockedMemory.release(memory)
  }

  /// Appends bytes if they all fit.
  ///
  /// - Parameter newBytes: The bytes to append.
  /// - Returns: `true` when they were appended.
  public func append(contentsOf newBytes: UnsafeRawBufferPointer) -> Bool {
    guard newBytes.count <= capacity - count else { return false }
    guard !newBytes.isEmpty else { return true }
    UnsafeMutableRawBufferPointer(rebasing: memory[count..<count + newBytes.count]).copyMemory(from: newBytes)
    count += newBytes.count
    return true
  }

  /// Removes bytes from the end and wipes them.
  ///
  /// - Parameter byteCount: How many bytes to remove.
  public func removeLast(_ byteCount: Int) {
    precondition(byteCount >= 0 && byteCount <= count, "cannot remove more bytes than the buffer holds")
    count -= byteCount
    LockedMemory.wipe(UnsafeMutableRawBufferPointer(rebasing: memory[count..<count + byteCount]))
  }

  /// Wipes the whole capacity.
  public func wipe() {
    LockedMemory.wipe(memory)
    count = 0
  }

  /// Calls `body` with the bytes held now.
  ///
  /// - Parameter body: A closure that reads the bytes; it must not keep the pointer.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(UnsafeRawBufferPointer(rebasing: memory[..<count]))
  }

  /// Compares the held bytes with another storage's, byte by byte with every difference folded in, so the time
  /// does not depend on where they differ.
  ///
  /// - Parameter other: The storage to compare with.
  /// - Returns: `true` when both hold the same bytes.
  public func constantTimeEquals(_ other: any SecretStorage) -> Bool {
    withUnsafeBytes { mine in
      other.withUnsafeBytes { theirs in
        var difference: UInt8 = 0
        for index in 0..<min(mine.count, theirs.count) { difference |= mine[index] ^ theirs[index] }
        return difference == 0 && mine.count == theirs.count
      }
    }
  }

  /// Whether two buffers hold the same bytes, compared in constant time.
  ///
  /// - Parameters:
  ///   - lhs: A buffer.
  ///   - rhs: Another buffer.
  /// - Returns: `true` when they hold the same bytes.
  public static func == (lhs: WipedSecretBuffer, rhs: WipedSecretBuffer) -> Bool {
    lhs.constantTimeEquals(rhs)
  }
}
