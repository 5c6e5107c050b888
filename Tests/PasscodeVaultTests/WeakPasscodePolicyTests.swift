import LockedSecretStorage
import PasscodeEngine
import PasscodeVault
import Testing

@Suite("WeakPasscodePolicy")
struct WeakPasscodePolicyTests {
  static let common = [
    "1234", "1111", "0000", "1212", "7777", "1004", "2000", "4444", "2222", "6969", "9999", "3333", "5555", "6666",
    "1122", "1313", "8888", "4321", "2001", "1010", "123456", "111111", "123123", "654321", "121212", "000000",
    "666666", "112233", "123321", "159753", "696969", "987654", "222222", "555555", "777777", "888888", "999999",
    "101010", "147258", "789456",
  ]

  static func buffer(_ code: some Sequence<UInt8>) throws -> WipedSecretBuffer {
    let buffer = WipedSecretBuffer(capacity: 16)
    for byte in code { buffer.append(byte) }
    return buffer
  }

  @Test("the most common PINs are refused", arguments: common)
  func commonRefused(_ code: String) throws {
    #expect(WeakPasscodePolicy.isTooEasy(try Self.buffer(code.utf8)))
  }

  @Test(
    "repeated characters and straight digit runs are refused",
    arguments: ["aaaa", "3333333", "3456", "9876", "012345", "7890", "8901", "3210", "109876", "56789012"])
  func patternsRefused(_ code: String) throws {
    #expect(WeakPasscodePolicy.isTooEasy(try Self.buffer(code.utf8)))
  }

  @Test("codes without a pattern are accepted", arguments: ["7392", "481526", "30597", "2580a", "1235"])
  func strongAccepted(_ code: String) throws {
    #expect(!WeakPasscodePolicy.isTooEasy(try Self.buffer(code.utf8)))
  }

  @Test("a random 6-digit code that is not a pattern or a listed PIN is accepted")
  func randomAccepted() throws {
    var generator = SystemRandomNumberGenerator()
    while true {
      let digits = (0..<6).map { _ in UInt8.random(in: 0...9, using: &generator) }
      let steps = Set(zip(digits, digits.dropFirst()).map { ($1 + 10 - $0) % 10 })
      let code = digits.map { $0 + UInt8(ascii: "0") }
      let isPattern = steps == [0] || steps == [1] || steps == [9]
      if isPattern || Self.common.contains(String(decoding: code, as: UTF8.self)) { continue }
      #expect(!WeakPasscodePolicy.isTooEasy(try Self.buffer(code)))
      return
    }
  }
}
