import PasscodeEngine
internal import SystemCalls

/// The package's secret memory: ``SystemCalls``' locked memory, one mapping per buffer between guard pages,
/// locked against swapping, left out of core dumps, wiped with `explicit_bzero`, and the process made
/// non-dumpable from the first allocation on. Allocation failure traps, as Swift's own allocation does.
public struct LockedHeapMemory: SecretMemory {
  /// Allocation traps on failure, so it never throws.
  public typealias AllocationError = Never

  /// Creates the memory provider.
  public init() {}

  /// Allocates zeroed, locked, guarded bytes.
  ///
  /// - Parameter byteCount: How many bytes.
  /// - Returns: The memory.
  public func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
    guard let bytes = LockedMemory.allocate(byteCount: byteCount).baseAddress else {
      preconditionFailure("an allocation of a nonzero size has an address")
    }
    return bytes
  }

  /// Wipes bytes in a way the compiler cannot leave out.
  ///
  /// - Parameters:
  ///   - bytes: The first byte.
  ///   - byteCount: How many bytes.
  public func wipe(_ bytes: UnsafeMutableRawPointer, byteCount: Int) {
    LockedMemory.wipe(UnsafeMutableRawBufferPointer(start: bytes, count: byteCount))
  }

  /// Wipes, unlocks and unmaps memory.
  ///
  /// - Parameters:
  ///   - bytes: The memory.
  ///   - byteCount: Its size.
  public func release(_ bytes: UnsafeMutableRawPointer, byteCount: Int) {
    LockedMemory.release(UnsafeMutableRawBufferPointer(start: bytes, count: byteCount))
  }
}

/// A ``SecretBuffer`` in the package's locked, wiped memory: the buffer every front end keeps a code in.
public typealias WipedSecretBuffer = SecretBuffer<LockedHeapMemory>

extension SecretBuffer where Memory == LockedHeapMemory {
  /// Allocates an empty buffer in locked memory.
  ///
  /// - Parameter capacity: The number of bytes it can hold; at least 1.
  public convenience init(capacity: Int) {
    self.init(capacity: capacity, memory: LockedHeapMemory())
  }
}
