import Foundation
import LockedSecretStorage
import PasscodeEngine
import SystemCalls
import Testing

@testable import PasscodeVault

@Suite("Vault secret buffers")
struct VaultSecretBufferTests {
  @Test("wipe sets the count to zero and zeroes every byte of the capacity")
  func wipeZeroesEverything() throws {
    let buffer = try secret("918273", capacity: 8)
    #expect(buffer.count == 6)
    let base = try #require(buffer.withUnsafeBytes { $0.baseAddress })
    buffer.wipe()
    #expect(buffer.count == 0)
    buffer.withUnsafeBytes { #expect($0.isEmpty) }
    let whole = UnsafeRawBufferPointer(start: base, count: buffer.capacity)
    #expect(whole.allSatisfy { $0 == 0 })
  }

  @Test("removeLast wipes the removed bytes")
  func removeLastWipes() throws {
    let buffer = try secret("4711", capacity: 4)
    let base = try #require(buffer.withUnsafeBytes { $0.baseAddress })
    buffer.removeLast(2)
    #expect(buffer.count == 2)
    let whole = UnsafeRawBufferPointer(start: base, count: 4)
    #expect(Array(whole) == [UInt8(ascii: "4"), UInt8(ascii: "7"), 0, 0])
  }

  @Test("append refuses bytes that do not fit and changes nothing")
  func appendRespectsCapacity() throws {
    let buffer = try secret("12", capacity: 3)
    let refused = [UInt8](repeating: 9, count: 2).withUnsafeBytes { buffer.append(contentsOf: $0) }
    #expect(!refused)
    #expect(buffer.count == 2)
    #expect(buffer.append(UInt8(ascii: "3")))
    #expect(buffer.count == 3)
  }

  @Test("equality compares the held bytes, including length, in constant time")
  func constantTimeEquality() throws {
    #expect(try secret("2468") == secret("2468"))
    #expect(try secret("2468") != secret("2469"))
    #expect(try secret("2468") != secret("24680"))
    #expect(WipedSecretBuffer(capacity: 4) == WipedSecretBuffer(capacity: 8))
    let plain = WipedSecretBuffer(capacity: 8)
    for byte in "2468".utf8 { plain.append(byte) }
    #expect(try secret("2468").constantTimeEquals(plain))
    #expect(try !secret("2467").constantTimeEquals(plain))
  }

  @Test("the description shows the size and never the bytes")
  func descriptionIsRedacted() throws {
    let buffer = try secret("918273")
    #expect(!buffer.description.contains("918273"))
    #expect(buffer.description.contains("redacted"))
  }

  @Test("the process is not dumpable while a buffer is alive")
  func processIsNotDumpableWhileAlive() throws {
    let buffer = try secret("1")
    #expect(try !CoreDumps.areAllowed())
    withExtendedLifetime(buffer) {}
  }
}
