import PasscodeEngine
import Synchronization

/// The verifier a terminal prompter hands to the entry engine for one `GETPIN`.
///
/// A pinentry decides nothing itself: every entry is taken unless the client refuses it when asked (its
/// passphrase constraints, `CHECKPIN`); but the engine wipes its own storage when a code is
/// accepted, so the verifier copies the entered bytes into fresh secret memory first and keeps them for
/// ``takeEntry()``. With `SETREPEAT` the first entry is kept and answered with
/// ``RetryReason/confirmNew``; the second is compared with it in constant time and either accepted or
/// answered with ``RetryReason/mismatch``, after which entry starts again from the first.
///
/// The verifier runs on the prompt's verification thread, so its state lives in a `Mutex`.
package final class PinentryVerifier: Sendable {
  /// Why a verifier could not keep an entry.
  package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// Secret memory could not hold the entry.
    case storageTooSmall

    /// The message to show; it never holds a secret.
    package var description: String {
      switch self {
      case .storageTooSmall: "Secret memory could not hold the entry."
      }
    }
  }

  private struct State: ~Copyable {
    var firstEntry: (any SecretStorage)?
    var entry: (any SecretStorage)?
    /// The passphrase the client generated (`GENPIN`), while it may still be submitted unchanged.
    var generated: (any SecretStorage)?
  }

  private let repeats: Bool
  private let check: @Sendable (any SecretStorage) -> SanitizedText?
  private let makeSecretStorage: @Sendable (Int) -> any SecretStorage
  private let state = Mutex(State())

  /// Makes a verifier for one dialog.
  ///
  /// - Parameters:
  ///   - repeats: Whether the entry must be typed twice (`SETREPEAT`).
  ///   - check: Asks the client about a first entry (``PinentryInquiry/constraintsError(for:)``): its reason
  ///     to refuse it, or `nil` to take it. A refused entry is answered with ``RetryReason/refused(_:)``,
  ///     the reason as the caller's error, and entry starts again in the same dialog.
  ///   - makeSecretStorage: Makes secret memory of a given capacity (a `WipedSecretBuffer` in the program).
  package init(
    repeats: Bool, check: @escaping @Sendable (any SecretStorage) -> SanitizedText? = { _ in nil },
    makeSecretStorage: @escaping @Sendable (Int) -> any SecretStorage
  ) {
    self.repeats = repeats
    self.check = check
    self.makeSecretStorage = makeSecretStorage
  }

  deinit {
    state.withLock { state in
      state.firstEntry?.wipe()
      state.entry?.wipe()
      state.generated?.wipe()
    }
  }

  /// Remembers a passphrase the client generated and put in the entry. Submitted unchanged, it is taken
  /// without the repeat (the user never saw it, so could not type it again) and without asking the client
  /// about it, which made it.
  ///
  /// - Parameter passphrase: The generated passphrase; copied, not kept.
  /// - Throws: ``Failure/storageTooSmall`` when the copy does not fit.
  package func rememberGenerated(_ passphrase: any SecretStorage) throws(Failure) {
    let copy = try self.copy(passphrase)
    state.withLock { state in
      state.generated?.wipe()
      state.generated = copy
    }
  }

  /// Takes one complete entry and says what the engine should do next.
  ///
  /// - Parameter secret: The engine's storage; read, never kept.
  /// - Returns: ``Verdict/accepted`` once an entry is kept (and, with repeat, confirmed);
  ///   ``Verdict/retry(_:)`` with ``RetryReason/refused(_:)`` when the client refused a first entry, and
  ///   ``RetryReason/confirmNew`` or ``RetryReason/mismatch`` otherwise.
  /// - Throws: ``Failure/storageTooSmall`` when the copy does not fit.
  package func verify(_ secret: any SecretStorage) throws(Failure) -> Verdict {
    let (isFirstEntry, isGenerated) = state.withLock { state in
      (state.firstEntry == nil, state.firstEntry == nil && state.generated?.constantTimeEquals(secret) == true)
    }
    if isFirstEntry, !isGenerated, let reason = check(secret) { return .retry(.refused(.callerError(reason))) }
    let copy = try self.copy(secret)
    return state.withLock { state -> Verdict in
      guard repeats, !isGenerated else {
        state.entry?.wipe()
        state.entry = copy
        return .accepted
      }
      guard let first = state.firstEntry else {
        state.firstEntry = copy
        return .retry(.confirmNew)
      }
      state.firstEntry = nil
      if first.constantTimeEquals(copy) {
        first.wipe()
        state.entry?.wipe()
        state.entry = copy
        return .accepted
      }
      first.wipe()
      copy.wipe()
      return .retry(.mismatch)
    }
  }

  /// Hands over the kept entry; the caller then owns it and must wipe it.
  ///
  /// - Returns: The entry, or `nil` when none was accepted.
  package func takeEntry() -> (any SecretStorage)? {
    state.withLock { state in
      state.firstEntry?.wipe()
      state.firstEntry = nil
      let entry = state.entry
      state.entry = nil
      return entry
    }
  }

  private func copy(_ secret: any SecretStorage) throws(Failure) -> any SecretStorage {
    let copy = makeSecretStorage(max(1, secret.count))
    let fits = secret.withUnsafeBytes { bytes in bytes.isEmpty || copy.append(contentsOf: bytes) }
    guard fits else {
      copy.wipe()
      throw .storageTooSmall
    }
    return copy
  }
}
