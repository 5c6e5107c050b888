import PasscodeEngine
import PasscodeTerminal
import Pinentry

/// The pinentry's part in a `GETPIN` entry besides the verifier: Ctrl-G asks the client for a generated
/// passphrase (`SETGENPIN`), which goes into the entry without being spoken or shown; Ctrl-R also reads the
/// client's full constraints hint; and with a quality bar the client's rating is told in words as the entry
/// grows, once per batch of keys and only when the words change.
final class PinentryEntryCompanion: EntryCompanion {
  private let inquiry: PinentryInquiry
  private let verifier: PinentryVerifier
  private let longHint: SanitizedText?
  private var strength = PinentryStrength()

  /// Makes the companion of one dialog.
  ///
  /// - Parameters:
  ///   - inquiry: Asks the client.
  ///   - verifier: The dialog's verifier, told of a generated passphrase so that it is taken unrepeated.
  ///   - longHint: The full constraints hint, if the client gave one.
  init(inquiry: PinentryInquiry, verifier: PinentryVerifier, longHint: SanitizedText?) {
    self.inquiry = inquiry
    self.verifier = verifier
    self.longHint = longHint
  }

  func answer(to key: Key) -> CompanionAnswer? {
    switch key {
    case .generate:
      guard inquiry.generates else { return nil }
      guard let generated = inquiry.generatedPassphrase(makeSecretStorage: CommandContext.makeSecretStorage) else {
        return CompanionAnswer(events: [.unsupportedKey])
      }
      do {
        try verifier.rememberGenerated(generated)
      } catch {
        generated.wipe()
        return CompanionAnswer(events: [.unsupportedKey])
      }
      // The engine takes the characters and wipes the storage; only the count is told.
      return CompanionAnswer(events: [.clear, .paste(generated, overflowCount: 0)], announcements: [.generated])
    case .reread:
      guard let longHint else { return nil }
      return CompanionAnswer(events: [.repeatStatus], announcements: [.callerDescription(longHint)])
    default:
      return nil
    }
  }

  func entryChanged(_ entry: UnsafeRawBufferPointer) -> Announcement? {
    guard inquiry.ratesQuality else { return nil }
    return strength.update(quality: entry.isEmpty ? nil : inquiry.quality(of: entry))
  }
}
