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

  @Test("through any SecretStorage, the comparison is the storage's own")
  func comparisonThroughAnExistential() {
    let first: any SecretStorage = CountingStorage()
    let second: any SecretStorage = WipedSecretBuffer(capacity: 8)
    #expect(first.constantTimeEquals(second))
    #expect((first as? CountingStorage)?.comparisons.withLock { $0 } == 1)
  }
}

/// Empty secret storage that counts the comparisons made through it.
private final class CountingStorage: SecretStorage {
  let comparisons = Mutex(0)
  let capacity = 0
  let count = 0

  func append(contentsOf bytes: UnsafeRawBufferPointer) -> Bool { bytes.isEmpty }

  func removeLast(_ byteCount: Int) {}

  func wipe() {}

  func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(UnsafeRawBufferPointer(start: nil, count: 0))
  }

  func constantTimeEquals(_ other: any SecretStorage) -> Bool {
    comparisons.withLock { $0 += 1 }
    return other.count == 0
  }
}
