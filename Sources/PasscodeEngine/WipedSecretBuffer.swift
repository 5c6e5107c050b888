#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Heap memory locked against swapping (`mlock`, where the limits allow) and wiped with `explicit_bzero`.
///
/// The front ends use libsodium's guarded memory from `PasscodeVault`; this keeps the engine usable, and
/// testable, on its own. Allocation failure traps, as Swift's own allocation does.
public struct LockedHeapMemory: SecretMemory {
  /// Allocation traps on failure, so it never throws.
  public typealias AllocationError = Never

  /// Creates the memory provider.
  public init() {}

  /// Allocates zeroed bytes and tries to lock them. The corresponding C function is `mlock`.
  ///
  /// - Parameter byteCount: How many bytes.
  /// - Returns: The memory.
  public func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
    let bytes = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
    bytes.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    _ = mlock(bytes, byteCount)
    return bytes
  }

  /// Wipes bytes. The corresponding C function is `explicit_bzero`.
  ///
  /// - Parameters:
  ///   - bytes: The first byte.
  ///   - byteCount: How many bytes.
  public func wipe(_ bytes: UnsafeMutableRawPointer, byteCount: Int) {
    explicit_bzero(bytes, byteCount)
  }

  /// Wipes, unlocks and frees memory. The corresponding C function is `munlock`.
  ///
  /// - Parameters:
  ///   - bytes: The memory.
  ///   - byteCount: Its size.
  public func release(_ bytes: UnsafeMutableRawPointer, byteCount: Int) {
    explicit_bzero(bytes, byteCount)
    _ = munlock(bytes, byteCount)
    bytes.deallocate()
  }
}

/// A ``SecretBuffer`` in locked, wiped heap memory.
public typealias WipedSecretBuffer = SecretBuffer<LockedHeapMemory>

extension SecretBuffer where Memory == LockedHeapMemory {
  /// Allocates an empty buffer in locked heap memory.
  ///
  /// - Parameter capacity: The number of bytes it can hold; at least 1.
  public convenience init(capacity: Int) {
    self.init(capacity: capacity, memory: LockedHeapMemory())
  }
}
