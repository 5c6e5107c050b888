#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension TerminalCalls {
  /// Allocates a buffer for raw terminal input and locks it in memory, so typed bytes are never swapped.
  /// The corresponding C function is `mlock`.
  static func allocateLockedBuffer(byteCount: Int) -> UnsafeMutableRawBufferPointer {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 16)
    buffer.initializeMemory(as: UInt8.self, repeating: 0)
    if let base = buffer.baseAddress { _ = mlock(base, byteCount) }
    return buffer
  }

  /// Wipes a buffer in a way the compiler cannot leave out. The corresponding C function is `explicit_bzero`.
  static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
    if let base = buffer.baseAddress { explicit_bzero(base, buffer.count) }
  }

  /// Wipes, unlocks and frees a buffer from ``allocateLockedBuffer(byteCount:)``. The corresponding C
  /// function is `munlock`.
  static func releaseLockedBuffer(_ buffer: UnsafeMutableRawBufferPointer) {
    wipe(buffer)
    if let base = buffer.baseAddress { _ = munlock(base, buffer.count) }
    buffer.deallocate()
  }
}
