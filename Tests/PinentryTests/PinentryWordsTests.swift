import AnnouncementWords
import LockedSecretStorage
import PasscodeEngine
import Pinentry
import Testing

private let english = AnnouncementCatalogue.english

private func plan(_ build: (inout PinentryRequest) -> Void) throws -> PinentryEntryPlan {
  var request = PinentryRequest()
  build(&request)
  return try PinentryEntryPlan(request: request)
}

private let makeStorage: @Sendable (Int) -> any SecretStorage = { WipedSecretBuffer(capacity: $0) }

private func secret(_ text: String) -> any SecretStorage {
  let storage = WipedSecretBuffer(capacity: 64)
  _ = Array(text.utf8).withUnsafeBytes { storage.append(contentsOf: $0) }
  return storage
}

/// The words a pinentry dialog uses: the caller's noun, never "accepted", and the caller's own texts.
@Suite("What a pinentry dialog says")
struct PinentryWordsTests {
  @Test("After GETPIN the entry is only said to be entered, in the caller's noun, never accepted")
  func enteredInTheCallersNoun() throws {
    let passphrase = try plan { $0.prompt = "Passphrase:" }
    #expect(english.text(for: passphrase.configuration.acceptedAnnouncement) == "Passphrase entered")
    let pin = try plan { $0.prompt = "PIN:" }
    #expect(english.text(for: pin.configuration.acceptedAnnouncement) == "PIN entered")
    #expect(!english.text(for: pin.configuration.acceptedAnnouncement).contains("ccepted"))
  }

  @Test("SETREPEAT: the noun's own repeat words; SETREPEATERROR and SETREPEATOK replace the standard ones")
  func repeatTexts() throws {
    let standard = try plan {
      $0.prompt = "Passphrase:"
      $0.repeatPrompt = "Repeat:"
    }
    #expect(standard.configuration.retryAnnouncements[.confirmNew] == .repeatSecret(.passphrase))
    #expect(english.text(for: .repeatSecret(.passphrase)) == "Enter the same passphrase again")
    #expect(
      english.text(for: standard.configuration.retryAnnouncements[.mismatch]!)
        == "Passphrases did not match. Start again")
    let callers = try plan {
      $0.prompt = "PIN:"
      $0.repeatPrompt = "Repeat:"
      $0.repeatErrorText = "PINs do not match"
      $0.repeatOKText = "PINs match."
    }
    #expect(callers.configuration.retryAnnouncements[.mismatch] == .callerError("PINs do not match"))
    #expect(callers.configuration.retryAnnouncements[.mismatch]?.priority == .important)
    #expect(callers.configuration.acceptedAnnouncement == .callerDescription("PINs match."))
  }

  @Test("gpg's Bad Passphrase (SETERROR) is an IMPORTANT announcement")
  func errorIsImportant() throws {
    let retry = try plan {
      $0.prompt = "Passphrase:"
      $0.errorText = "Bad Passphrase (try 2 of 3)"
    }
    let error = retry.preamble.first { $0 == .callerError("Bad Passphrase (try 2 of 3)") }
    #expect(error?.priority == .important)
  }

  @Test("The short constraints hint, the formatted-passphrase hint and the keys follow the description")
  func hintsAndKeys() throws {
    let constrained = try plan {
      $0.prompt = "Passphrase:"
      $0.description = "Enter a new passphrase"
      $0.options = [
        "constraints-enforce": "", "constraints-hint-short": "At least 8 characters",
        "constraints-hint-long": "Use at least 8 characters, 1 of them a digit.", "formatted-passphrase": "",
        "formatted-passphrase-hint": "Shown in groups of five",
      ]
      $0.generatePINLabel = "Generate"
    }
    #expect(
      constrained.preamble == [
        .callerDescription("Enter a new passphrase"), .callerDescription("At least 8 characters"),
        .callerDescription("Shown in groups of five"), .longHintKey, .generateKey,
      ])
    #expect(constrained.longHint == "Use at least 8 characters, 1 of them a digit.")
    let plain = try plan { $0.options = ["formatted-passphrase-hint": "Shown in groups of five"] }
    #expect(plain.preamble.isEmpty, "the formatted-passphrase hint only with formatted-passphrase")
  }

  @Test("A first entry the client refuses starts again with its reason; the repeat is not asked for")
  func refusedEntry() throws {
    let verifier = PinentryVerifier(
      repeats: true, check: { entry in entry.count < 8 ? "Too short" : nil }, makeSecretStorage: makeStorage)
    #expect(try verifier.verify(secret("short")) == .retry(.refused(.callerError("Too short"))))
    #expect(try verifier.verify(secret("long enough")) == .retry(.confirmNew))
    #expect(try verifier.verify(secret("long enough")) == .accepted)
    #expect(verifier.takeEntry()?.withUnsafeBytes { Array($0) } == Array("long enough".utf8))
  }

  @Test("A generated passphrase submitted unchanged is taken without the repeat and without asking the client")
  func generatedPassphraseSkipsRepeat() throws {
    let verifier = PinentryVerifier(repeats: true, check: { _ in "Too short" }, makeSecretStorage: makeStorage)
    try verifier.rememberGenerated(secret("generated passphrase"))
    #expect(try verifier.verify(secret("edited passphrase")) == .retry(.refused(.callerError("Too short"))))
    #expect(try verifier.verify(secret("generated passphrase")) == .accepted)
    #expect(verifier.takeEntry()?.withUnsafeBytes { Array($0) } == Array("generated passphrase".utf8))
  }

  @Test("Strength is told in words, and only when the words change")
  func strengthOnlyWhenItChanges() {
    var strength = PinentryStrength()
    #expect(strength.update(quality: 10) == .strength(.weak))
    #expect(strength.update(quality: 20) == nil)
    #expect(strength.update(quality: -50) == nil, "a negative rating (constraints not met) is weak too")
    #expect(strength.update(quality: 45) == .strength(.fair))
    #expect(strength.update(quality: 90) == .strength(.strong))
    #expect(strength.update(quality: nil) == nil)
    #expect(strength.update(quality: 90) == .strength(.strong), "after an empty entry it is told afresh")
    #expect(english.text(for: .strength(.fair)) == "Strength: fair")
  }

  @Test("Confirmation keys: each label is a phrase of its own after its key, never pasted into a sentence")
  func confirmationKeys() {
    let keys = Announcement.confirmationKeys(
      ok: "Take this one anyway", notOK: nil, cancel: "Enter new passphrase", offersCancel: true)
    #expect(english.text(for: keys) == "Enter: Take this one anyway. Esc: Enter new passphrase.")
    #expect(
      english.text(for: .confirmationKeys(ok: nil, notOK: "No", cancel: nil, offersCancel: true))
        == "Enter: OK. N: No. Esc: Cancel.")
    #expect(english.text(for: .confirmationKeys(ok: nil, notOK: nil, cancel: nil, offersCancel: false)) == "Enter: OK.")
  }
}
