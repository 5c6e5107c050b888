import LockedSecretStorage
import PasscodeEngine
import Testing

@testable import PasscodeTerminal

@Suite("Key queue: decoded keys in locked memory, wiped as they are taken")
struct KeyQueueTests {
  @Test("keys come out in order, and a taken key leaves no byte behind")
  func takenKeysAreWiped() throws {
    let queue = KeyQueue(capacity: 4)
    var decoder = KeyDecoder()
    var sink = queue
    let typed: [UInt8] = Array("97".utf8) + [0xE2, 0x82, 0xAC]
    typed.withUnsafeBytes { decoder.decode($0, into: &sink) }
    #expect(queue.count == 3)
    #expect(!queue.isWiped)
    #expect(queue.removeFirst() == .character("9"))
    #expect(queue.removeFirst() == .character("7"))
    #expect(queue.removeFirst() == .character("€"))
    #expect(queue.removeFirst() == nil)
    #expect(queue.isWiped)
  }

  @Test("the queue wraps around and removeAll wipes what is left, pastes included")
  func wrapsAndWipes() throws {
    let queue = KeyQueue(capacity: 3)
    for round in 0..<5 {
      queue.append(.character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(round))))
      queue.append(.enter)
      #expect(queue.removeFirst() == .character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(round))))
      #expect(queue.removeFirst() == .enter)
    }
    let paste = WipedSecretBuffer(capacity: 8)
    queue.append(.paste(PastedText(storage: paste, overflowByteCount: 0)))
    queue.append(.character("5"))
    queue.removeAll()
    #expect(queue.isEmpty)
    #expect(queue.isWiped)
  }

  @Test("a full queue drops the extra key rather than overwrite one")
  func fullQueueDrops() {
    let queue = KeyQueue(capacity: 2)
    queue.append(.character("1"))
    queue.append(.character("2"))
    queue.append(.character("3"))
    #expect(queue.count == 2)
    #expect(queue.removeFirst() == .character("1"))
    #expect(queue.removeFirst() == .character("2"))
  }
}
