import LockedSecretStorage
import PasscodeEngine
import PasscodeVault
import Synchronization

/// Chooses a new passcode over two entries: the first is checked against the weak-code list and kept
/// in a locked, wiped buffer; the second must match it (compared in constant time), and then the
/// code is hashed and stored. It runs as the prompt's verifier, off the input thread, so the first entry
/// lives in a mutex-protected box.
final class NewPasscodeConfirmation: Sendable {
  private let vault: Vault
  private let shape: PasscodeShape
  private let firstEntry = Mutex<WipedSecretBuffer?>(nil)

  /// Creates a confirmation that stores into a vault.
  ///
  /// - Parameters:
  ///   - vault: Where the new passcode is stored once confirmed.
  ///   - shape: Its length and characters, stored with the hash.
  init(vault: Vault, shape: PasscodeShape) {
    self.vault = vault
    self.shape = shape
  }

  deinit {
    firstEntry.withLock { entry in
      entry?.wipe()
      entry = nil
    }
  }

  /// Takes one complete entry.
  ///
  /// - Parameter secret: The code typed; it is copied, never kept.
  /// - Returns: `.retry(.tooWeak)`, `.retry(.confirmNew)` after a good first entry, `.retry(.mismatch)`
  ///   when the second differs, or `.accepted` once the code is stored.
  /// - Throws: A ``VaultError`` when the code cannot be hashed or stored.
  func verdict(for secret: any SecretStorage) throws(VaultError) -> Verdict {
    try firstEntry.withLock { (entry: inout WipedSecretBuffer?) throws(VaultError) -> Verdict in
      guard let first = entry else {
        if WeakPasscodePolicy.isTooEasy(secret) { return .retry(.tooWeak) }
        let copy = WipedSecretBuffer(capacity: max(secret.count, 1))
        let copied = secret.withUnsafeBytes { copy.append(contentsOf: $0) }
        guard copied else { throw .cryptography(operation: "copy the first entry") }
        entry = copy
        return .retry(.confirmNew)
      }
      entry = nil
      defer { first.wipe() }
      guard first.count == secret.count, first.constantTimeEquals(secret) else { return .retry(.mismatch) }
      try vault.setPasscode(secret, shape: shape)
      return .accepted
    }
  }
}
