import LockedSecretStorage
import PasscodeEngine
import Pinentry
import Testing

@Suite("DataLineEncoder")
struct DataLineEncoderTests {
  private func lines(for bytes: [UInt8]) -> [[UInt8]] {
    let scratch = WipedSecretBuffer(capacity: DataLineEncoder.scratchCapacity)
    var lines: [[UInt8]] = []
    bytes.withUnsafeBytes { buffer in
      DataLineEncoder.encode(buffer, scratch: scratch) { line in
        #expect(line.baseAddress.map { $0.load(fromByteOffset: line.count, as: UInt8.self) } == 0)
        lines.append(Array(line))
      }
    }
    #expect(scratch.count == 0)
    return lines
  }

  @Test("percent, CR, LF, other control bytes and DEL are escaped; UTF-8 passes as it is")
  func escapes() {
    let encoded = lines(for: Array("a%b\r\n\u{0}\t\u{7F}é+ ".utf8))
    #expect(encoded == [Array("D a%25b%0D%0A%00%09%7Fé+ ".utf8)])
  }

  @Test("empty data gives no line")
  func emptyData() {
    #expect(lines(for: []).isEmpty)
  }

  @Test("lines stop at 1000 bytes and an escape is never split across lines")
  func splitting() {
    let plain = lines(for: Array(repeating: UInt8(ascii: "x"), count: 2000))
    #expect(plain.map(\.count) == [1000, 1000, 6])
    let escaped = lines(for: Array(repeating: UInt8(ascii: "x"), count: 997) + [UInt8(ascii: "%"), UInt8(ascii: "y")])
    #expect(escaped.map(\.count) == [999, 6])
    #expect(escaped[1] == Array("D %25y".utf8))
    let decoded = (plain.flatMap { $0.dropFirst(2) })
    #expect(decoded.count == 2000)
  }
}
