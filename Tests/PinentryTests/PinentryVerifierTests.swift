import LockedSecretStorage
import PasscodeEngine
import Pinentry
import Testing

private func secret(_ text: String) -> any SecretStorage {
  let storage = WipedSecretBuffer(capacity: 64)
  _ = Array(text.utf8).withUnsafeBytes { storage.append(contentsOf: $0) }
  return storage
}

private func bytes(_ storage: (any SecretStorage)?) -> [UInt8]? {
  storage?.withUnsafeBytes { Array($0) }
}

private let makeStorage: @Sendable (Int) -> any SecretStorage = { WipedSecretBuffer(capacity: $0) }

@Suite("The verifier behind a pinentry dialog")
struct PinentryVerifierTests {
  @Test("A plain GETPIN accepts anything and keeps a copy that survives the engine's wipe")
  func plainAcceptsAndCopies() throws {
    let verifier = PinentryVerifier(repeats: false, makeSecretStorage: makeStorage)
    let entered = secret("hunter2")
    #expect(try verifier.verify(entered) == .accepted)
    entered.wipe()
    #expect(bytes(verifier.takeEntry()) == Array("hunter2".utf8))
    #expect(verifier.takeEntry() == nil)
  }

  @Test("SETREPEAT: first entry asks for confirmation, the same again is accepted")
  func repeatMatch() throws {
    let verifier = PinentryVerifier(repeats: true, makeSecretStorage: makeStorage)
    #expect(try verifier.verify(secret("1234")) == .retry(.confirmNew))
    #expect(try verifier.verify(secret("1234")) == .accepted)
    #expect(bytes(verifier.takeEntry()) == Array("1234".utf8))
  }

  @Test("SETREPEAT: a mismatch starts again from the first entry")
  func repeatMismatchStartsOver() throws {
    let verifier = PinentryVerifier(repeats: true, makeSecretStorage: makeStorage)
    #expect(try verifier.verify(secret("1234")) == .retry(.confirmNew))
    #expect(try verifier.verify(secret("1243")) == .retry(.mismatch))
    #expect(try verifier.verify(secret("9999")) == .retry(.confirmNew))
    #expect(try verifier.verify(secret("1234")) == .retry(.mismatch))
    #expect(try verifier.verify(secret("5555")) == .retry(.confirmNew))
    #expect(try verifier.verify(secret("5555")) == .accepted)
    #expect(bytes(verifier.takeEntry()) == Array("5555".utf8))
  }

  @Test("A prefix is a mismatch, not a match")
  func prefixIsMismatch() throws {
    let verifier = PinentryVerifier(repeats: true, makeSecretStorage: makeStorage)
    _ = try verifier.verify(secret("12345"))
    #expect(try verifier.verify(secret("1234")) == .retry(.mismatch))
  }

  @Test("Storage too small for the copy is an error, not a silent truncation")
  func storageTooSmall() {
    let verifier = PinentryVerifier(repeats: false, makeSecretStorage: { _ in WipedSecretBuffer(capacity: 1) })
    #expect(throws: PinentryVerifier.Failure.storageTooSmall) { try verifier.verify(secret("abc")) }
  }
}
