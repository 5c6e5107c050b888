import Glibc
import Testing

@testable import SystemCalls

/// A `kB` field of `/proc/self/status`, such as `VmLck`.
private func kilobytes(_ name: String) throws -> Int {
  let file = try FileDescriptor.open("/proc/self/status", .readOnly)
  defer { file.closeIgnoringErrors() }
  let text = String(decoding: try file.readToEnd(), as: UTF8.self)
  for line in text.split(separator: "\n") where line.hasPrefix("\(name):") {
    return Int(line.filter(\.isNumber)) ?? -1
  }
  return -1
}

/// The `VmFlags` line of the `/proc/self/smaps` mapping that holds an address.
private func mappingFlags(containing address: UnsafeMutableRawPointer) throws -> String {
  let file = try FileDescriptor.open("/proc/self/smaps", .readOnly)
  defer { file.closeIgnoringErrors() }
  let text = String(decoding: try file.readToEnd(), as: UTF8.self)
  let target = UInt(bitPattern: address)
  var inside = false
  for line in text.split(separator: "\n") {
    if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
      let start = UInt(line[..<dash], radix: 16), let end = UInt(line[line.index(after: dash)..<space], radix: 16)
    {
      inside = start <= target && target < end
    } else if inside && line.hasPrefix("VmFlags:") {
      return String(line)
    }
  }
  return ""
}

/// Whether `mlock` takes effect here: AddressSanitizer turns it into a no-op, and a tight `RLIMIT_MEMLOCK` makes it
/// fail (the layer then keeps going without the lock, as it documents).
private let lockingTakesEffect: Bool = {
  guard let before = try? kilobytes("VmLck") else { return false }
  let probe = UnsafeMutableRawPointer.allocate(byteCount: 4 * 4096, alignment: 4096)
  defer { probe.deallocate() }
  guard mlock(probe, 4 * 4096) == 0 else { return false }
  defer { munlock(probe, 4 * 4096) }
  return ((try? kilobytes("VmLck")) ?? before) > before
}()

@Suite("Locked memory", .serialized)
struct LockedMemoryTests {
  @Test("new secret memory is zeroed, aligned, left out of core dumps and makes the process non-dumpable")
  func allocationIsProtected() throws {
    let buffer = LockedMemory.allocate(byteCount: 40)
    defer { LockedMemory.release(buffer) }
    #expect(buffer.allSatisfy { $0 == 0 })
    #expect(Int(bitPattern: buffer.baseAddress) % 16 == 0)
    #expect(try mappingFlags(containing: buffer.baseAddress!).split(separator: " ").contains("dd"))
    #expect(try !CoreDumps.areAllowed())
  }

  @Test("wiping overwrites every byte with zero")
  func wipeZeroesEveryByte() {
    let buffer = LockedMemory.allocate(byteCount: 4096 + 7)
    defer { LockedMemory.release(buffer) }
    buffer.initializeMemory(as: UInt8.self, repeating: 0xA5)
    LockedMemory.wipe(buffer)
    #expect(buffer.allSatisfy { $0 == 0 })
  }

  @Test("secret memory is locked while held and unlocked when released", .enabled(if: lockingTakesEffect))
  func memoryIsLockedWhileHeld() throws {
    let lockedBefore = try kilobytes("VmLck")
    let buffer = LockedMemory.allocate(byteCount: 3 * 4096)
    let lockedWhileHeld = try kilobytes("VmLck")
    LockedMemory.release(buffer)
    #expect(lockedWhileHeld >= lockedBefore + 12)
    #expect(try kilobytes("VmLck") <= lockedWhileHeld - 12)
  }

  @Test("the locking check says what mlock does here, and the soft locked-memory limit")
  func lockingCheckAgreesWithTheSystem() {
    let check = LockedMemory.checkLocking()
    var limit = rlimit()
    #expect(getrlimit(__rlimit_resource_t(__RLIMIT_MEMLOCK.rawValue), &limit) == 0)
    #expect(check.limitBytes == (limit.rlim_cur == rlim_t.max ? nil : UInt64(limit.rlim_cur)))
    if lockingTakesEffect { #expect(check.isLocked && check.failure == nil) }
    if check.isLocked {
      let unlockedBefore = LockedMemory.unlockedCount
      let buffer = LockedMemory.allocate(byteCount: 8)
      LockedMemory.release(buffer)
      #expect(LockedMemory.unlockedCount == unlockedBefore, "a locked allocation is not counted as unlocked")
    }
  }

  @Test("releasing counts the allocation as gone")
  func releaseCountsTheAllocation() {
    let liveBefore = LockedMemory.liveCount
    let buffer = LockedMemory.allocate(byteCount: 3 * 4096)
    #expect(LockedMemory.liveCount == liveBefore + 1)
    LockedMemory.release(buffer)
    #expect(LockedMemory.liveCount == liveBefore)
  }
}
