import PasscodeEngine
import Testing

@Suite("What the lock keys' hints tell, and when")
struct LockKeyHintsTests {
  /// Caps Lock readings in turn, and what each tells.
  struct Readings: Sendable, CustomTestStringConvertible {
    var name: String
    var readings: [Bool]
    var told: [Announcement?]
    var testDescription: String { name }
  }

  static let readings: [Readings] = [
    Readings(
      name: "a prompt that starts with Caps Lock on says so once", readings: [true, true], told: [.capsLockOn, nil]),
    Readings(name: "a prompt that starts with it off says nothing", readings: [false, false], told: [nil, nil]),
    Readings(
      name: "each change is told, on and off", readings: [false, true, true, false, true],
      told: [nil, .capsLockOn, nil, .capsLockOff, .capsLockOn]),
  ]

  @Test("on a prompt that takes letters", arguments: readings)
  func capsLock(_ row: Readings) {
    var hints = LockKeyHints()
    #expect(row.readings.map { hints.readCapsLock($0, lettersAllowed: true) } == row.told)
  }

  @Test("a digit prompt says nothing of Caps Lock, and keeps no reading")
  func capsLockOnDigits() {
    var hints = LockKeyHints()
    #expect(hints.readCapsLock(true, lettersAllowed: false) == nil)
    #expect(hints.capsLock == nil)
  }

  @Test("the Num Lock hint is given once, and only on a digit prompt")
  func numLock() {
    var digits = LockKeyHints()
    #expect(digits.keypadNavigation(digitsOnly: true) == .numLockOff)
    #expect(digits.keypadNavigation(digitsOnly: true) == nil)
    var letters = LockKeyHints()
    #expect(letters.keypadNavigation(digitsOnly: false) == nil)
    #expect(!letters.toldNumLock)
  }
}
