/// Where a ``SecretBuffer`` keeps its bytes: how they are allocated, wiped, compared and released.
///
/// The package has one implementation, ``LockedHeapMemory``; the protocol lets a test or a consumer supply
/// another, and keeps the buffer logic in one generic class, so every kind of secret memory appends,
/// removes and wipes the same way.
public protocol SecretMemory: Sendable {
  /// The error allocation can throw; `Never` when allocation cannot fail (or traps).
  associatedtype AllocationError: Error

  /// Allocates `byteCount` zeroed bytes.
  ///
  /// - Parameter byteCount: How many bytes; at least 1.
  /// - Returns: The memory.
  /// - Throws: `AllocationError` when the memory cannot be had.
  func allocate(byteCount: Int) throws(AllocationError) -> UnsafeMutableRawPointer

  /// Overwrites bytes with zeros in a way the compiler cannot leave out.
  ///
  /// - Parameters:
  ///   - bytes: The first byte.
  ///   - byteCount: How many bytes.
  func wipe(_ bytes: UnsafeMutableRawPointer, byteCount: Int)

  /// Wipes and frees memory from ``allocate(byteCount:)``.
  ///
  /// - Parameters:
  ///   - bytes: The memory.
  ///   - byteCount: Its size, as allocated.
  func release(_ bytes: UnsafeMutableRawPointer, byteCount: Int)

  /// Compares two byte ranges of equal length in time that does not depend on where they differ.
  ///
  /// - Parameters:
  ///   - first: The first bytes.
  ///   - second: The second bytes, as many as the first.
  /// - Returns: `true` when they are equal.
  func constantTimeEquals(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool
}

extension SecretMemory {
  /// Compares byte by byte, folding every difference in, so the time does not depend on the contents.
  ///
  /// - Parameters:
  ///   - first: The first bytes.
  ///   - second: The second bytes, as many as the first.
  /// - Returns: `true` when they are equal.
  public func constantTimeEquals(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
    var difference: UInt8 = 0
    for index in 0..<min(first.count, second.count) { difference |= first[index] ^ second[index] }
    return difference == 0 && first.count == second.count
  }
}
