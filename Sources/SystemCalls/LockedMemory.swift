internal import CProcessControl
internal import Glibc
import Synchronization

/// Memory for secrets: the package's one implementation.
///
/// Each allocation gets its own pages between two inaccessible guard pages, with the bytes placed against the
/// upper guard so that running off the end faults at once. The pages are locked against swapping (`mlock`)
/// where the locked-memory limit (`RLIMIT_MEMLOCK`, `ulimit -l`) or `CAP_IPC_LOCK` allows; where it does not,
/// the memory still works, and ``unlockedCount`` and ``checkLocking()`` say so (`passcode doctor` reports it).
/// Either way the pages are left out of core dumps (`MADV_DONTDUMP`), zeroed when allocated and wiped with
/// `explicit_bzero` when released. From the first allocation on the process is not dumpable
/// (`PR_SET_DUMPABLE` 0: no core dump, no `ptrace` by another process of the same user) until it exits or
/// `exec`s; it is never set back, since a copy of a secret may survive in a register spilled to the stack.
package enum LockedMemory {
  private static let liveAllocations = Mutex(0)
  private static let unlockedAllocations = Mutex(0)
  private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// Whether secret memory can be locked against swapping, and the limit that decides it.
  package struct LockingCheck: Equatable, Sendable {
    /// Why `mlock` failed (`EPERM` for a limit of 0 without `CAP_IPC_LOCK`, `ENOMEM` for a limit too small),
    /// or `nil` when the page was locked.
    package var failure: Errno?
    /// The soft locked-memory limit in bytes (`RLIMIT_MEMLOCK`, `ulimit -l` in KiB), or `nil` when it is
    /// unlimited or cannot be read. `CAP_IPC_LOCK` lifts it.
    package var limitBytes: UInt64?

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - failure: Why the lock failed, or `nil`.
    ///   - limitBytes: The soft limit in bytes, or `nil` for none.
    package init(failure: Errno?, limitBytes: UInt64?) {
      self.failure = failure
      self.limitBytes = limitBytes
    }

    /// Whether the page was locked.
    package var isLocked: Bool { failure == nil }
  }

  /// Allocates zeroed, locked, guarded bytes. Allocation failure traps, as Swift's own allocation does.
  /// The corresponding C functions are `mmap`, `mprotect`, `mlock` and `madvise`.
  ///
  /// - Parameter byteCount: How many bytes; at least 1.
  /// - Returns: The memory, 16-byte aligned.
  package static func allocate(byteCount: Int) -> UnsafeMutableRawBufferPointer {
    let (buffer, lockFailure) = map(byteCount: byteCount)
    if lockFailure != nil { unlockedAllocations.withLock { $0 += 1 } }
    return buffer
  }

  /// Maps, protects, locks and marks memory for ``allocate(byteCount:)``, and says whether the lock took.
  private static func map(byteCount: Int) -> (buffer: UnsafeMutableRawBufferPointer, lockFailure: Errno?) {
    precondition(byteCount > 0, "secret memory needs at least one byte")
    forbidCoreDumps()
    let dataPages = (byteCount + pageSize - 1) / pageSize
    let mappingSize = (dataPages + 2) * pageSize
    guard let mapping = mmap(nil, mappingSize, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapping != MAP_FAILED
    else { fatalError("cannot map secret memory: \(Errno.current)") }
    let data = mapping + pageSize
    let dataSize = dataPages * pageSize
    guard mprotect(data, dataSize, PROT_READ | PROT_WRITE) == 0 else {
      fatalError("cannot make secret memory writable: \(Errno.current)")
    }
    _ = madvise(mapping, mappingSize, MADV_DONTDUMP)
    // Without the lock the memory is still guarded, wiped and out of core dumps; only swap may see it.
    let lockFailure = mlock(data, dataSize) == 0 ? nil : Errno.current
    liveAllocations.withLock { $0 += 1 }
    let start = data + dataSize - (byteCount + 15) / 16 * 16
    return (UnsafeMutableRawBufferPointer(start: start, count: byteCount), lockFailure)
  }

  /// Finds out whether secret memory can be locked against swapping now: allocates one page as
  /// ``allocate(byteCount:)`` does, notes whether `mlock` took, and releases it. The corresponding C
  /// functions are those of ``allocate(byteCount:)`` and ``release(_:)``, and `getrlimit` with
  /// `RLIMIT_MEMLOCK`.
  ///
  /// - Returns: Why the lock failed, if it did, and the locked-memory limit.
  package static func checkLocking() -> LockingCheck {
    let (buffer, failure) = map(byteCount: 1)
    release(buffer)
    var limit = rlimit()
    let known = getrlimit(__rlimit_resource_t(__RLIMIT_MEMLOCK.rawValue), &limit) == 0
    return LockingCheck(
      failure: failure, limitBytes: known && limit.rlim_cur != rlim_t.max ? UInt64(limit.rlim_cur) : nil)
  }

  /// Overwrites bytes with zeros in a way the compiler cannot leave out. The corresponding C function is
  /// `explicit_bzero`.
  ///
  /// - Parameter buffer: The bytes.
  package static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
    if let base = buffer.baseAddress, buffer.count > 0 { explicit_bzero(base, buffer.count) }
  }

  /// Wipes, unlocks and unmaps memory from ``allocate(byteCount:)``. The corresponding C functions are
  /// `explicit_bzero`, `munlock` and `munmap`.
  ///
  /// - Parameter buffer: The memory, exactly as allocated.
  package static func release(_ buffer: UnsafeMutableRawBufferPointer) {
    guard let base = buffer.baseAddress else { return }
    wipe(buffer)
    let dataPages = (buffer.count + pageSize - 1) / pageSize
    guard let data = UnsafeMutableRawPointer(bitPattern: Int(bitPattern: base) / pageSize * pageSize) else { return }
    _ = munlock(data, dataPages * pageSize)
    _ = munmap(data - pageSize, (dataPages + 2) * pageSize)
    liveAllocations.withLock { count in
      precondition(count > 0, "secret memory was released more often than allocated")
      count -= 1
    }
  }

  /// The number of allocations alive now.
  package static var liveCount: Int { liveAllocations.withLock { $0 } }

  /// How many allocations so far could not be locked against swapping (`mlock` failed: the locked-memory
  /// limit too small, no `CAP_IPC_LOCK`); they were used all the same.
  package static var unlockedCount: Int { unlockedAllocations.withLock { $0 } }

  private static func forbidCoreDumps() {
    try? CoreDumps.forbid()
  }
}

/// The process's dumpable flag: whether it may write a core dump and be traced by another process of the same user.
package enum CoreDumps {
  /// Makes the process non-dumpable until it exits or `exec`s. The corresponding C function is `prctl` with
  /// `PR_SET_DUMPABLE`.
  ///
  /// - Throws: The call's ``Errno``.
  package static func forbid() throws(Errno) {
    try nothingOrErrno { passcode_set_dumpable(0) }
  }

  /// Whether the process may dump core now. The corresponding C function is `prctl` with `PR_GET_DUMPABLE`.
  ///
  /// - Returns: `true` when it is dumpable.
  /// - Throws: The call's ``Errno``.
  package static func areAllowed() throws(Errno) -> Bool {
    try valueOrErrno { passcode_get_dumpable() } != 0
  }
}
