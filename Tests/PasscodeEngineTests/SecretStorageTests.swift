import LockedSecretStorage
import PasscodeEngine
import Synchronization
import Testing

@Suite("Wiped secret buffer")
struct SecretStorageTests {
  @Test("appends within capacity, refuses overflow, wipes on removeLast and wipe")
  func appendRemoveWipe() {
    let buffer = WipedSecretBuffer(capacity: 4)
    #expect(buffer.append(UInt8(ascii: "1")))
    #expect(buffer.append(UInt8(ascii: "2")))
    let tooMuch: [UInt8] = [1, 2, 3]
    #expect(!tooMuch.withUnsafeBytes { buffer.append(contentsOf: $0) })
    #expect(buffer.count == 2)
    buffer.removeLast(1)
    #expect(buffer.withUnsafeBytes { Array($0) } == [UInt8(ascii: "1")])
    buffer.wipe()
    #expect(buffer.count == 0)
  }

  @Test("the description never shows the bytes")
  func redactedDescription() {
    let buffer = WipedSecretBuffer(capacity: 8)
    for byte in "2580".utf8 { buffer.append(byte) }
    #expect(!buffer.description.contains("2580"))
    #expect(buffer.description.contains("redacted"))
    #expect("\(buffer)".contains("4 bytes"))
  }

  @Test("constant-time comparison compares contents")
  func comparison() {
    let first = WipedSecretBuffer(capacity: 8)
    let second = WipedSecretBuffer(capacity: 8)
    for byte in "2580".utf8 {
      first.append(byte)
      second.append(byte)
    }
    #expect(first.constantTimeEquals(second))
    second.removeLast(1)
    second.append(UInt8(ascii: "1"))
    #expect(!first.constantTimeEquals(second))
  }

  @Test("through any SecretStorage, the comparison is the storage's own, through its memory")
  func comparisonThroughAnExistential() {
    let memory = CountingMemory()
    let first: any SecretStorage = SecretBuffer(capacity: 8, memory: memory)
    let second: any SecretStorage = SecretBuffer(capacity: 8, memory: memory)
    for byte in "2580".utf8 {
      first.append(byte)
      second.append(byte)
    }
    #expect(first.constantTimeEquals(second))
    #expect(memory.comparisons.withLock { $0 } == 1)
  }
}

/// Secret memory on the ordinary heap that counts the comparisons made through it.
private struct CountingMemory: SecretMemory {
  let comparisons = Counter()

  final class Counter: Sendable {
    let value = Mutex(0)
    func withLock<Result>(_ body: (inout Int) -> Result) -> Result { value.withLock { body(&$0) } }
  }

  func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
    let bytes = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 1)
    bytes.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    return bytes
  }

  func wipe(_ bytes: UnsafeMutableRawPointer, byteCount: Int) {
    bytes.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
  }

  func release(_ bytes: UnsafeMutableRawPointer, byteCount: Int) {
    bytes.deallocate()
  }

  func constantTimeEquals(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
    comparisons.withLock { $0 += 1 }
    return first.elementsEqual(second)
  }
}
