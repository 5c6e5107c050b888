import PasscodeEngine
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
}
