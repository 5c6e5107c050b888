import Foundation
import PasscodeTestSupport
import Testing

/// Keys typed ahead, while a code is checked, with the real binary on a pseudo-terminal: they are thrown away and
/// the person is told, so none lands in the next entry and none is dropped unsaid.
@Suite("Keys typed while checking, end to end", .serialized)
struct TypedAheadEndToEndTests {
  typealias Codes = StoredPasscodeEndToEndTests

  @Test(
    "passcode check: digits typed while a wrong code is checked are told ignored, and the next entry takes only its own"
  )
  func keysTypedWhileCheckingAreIgnoredAndTold() throws {
    let store = try StoreDirectory()
    _ = try Codes.setPasscode(in: store)
    let run = try PasscodeRun("check", store: store)
    try run.enter(Codes.wrongCode, after: "Enter Passcode, 6 digits")
    // While the wrong code is checked (Argon2id, off the input thread): the first four digits of the right code.
    try run.type(String(Codes.rightCode.prefix(4)))
    try run.expect("Wrong passcode")
    let told = try run.expect("Ready")
    #expect(told.contains("Keys typed while checking were ignored"), "the keys were dropped unsaid")
    // Had the four digits landed in this entry, the right code would overflow it and be refused.
    try run.type(Codes.rightCode)
    try run.expect("Passcode accepted")
    #expect(try run.finish() == .exited(0))
    #expect(!run.output.contains(Codes.rightCode) && !run.output.contains(Codes.wrongCode))
  }
}
