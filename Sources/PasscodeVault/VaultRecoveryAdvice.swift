import PasscodeEngine

/// What a person should read about a vault error: the vault's own sentence, plus how to recover from a
/// file that cannot be trusted. Never a secret: the errors carry paths and codes only.
package enum VaultRecoveryAdvice {
  /// The explanation of an error, with a way out where there is one.
  ///
  /// - Parameter error: The vault's error.
  /// - Returns: One or more sentences.
  package static func explain(_ error: VaultError) -> String {
    guard let advice = advice(for: error) else { return error.description }
    return error.description + "\n" + advice
  }

  /// The way out, with the path quoted (``SanitizedText/init(quoting:)``) so a line feed in it cannot start a
  /// line of its own.
  private static func advice(for error: VaultError) -> String? {
    switch error {
    case let .corrupt(path) where path.hasSuffix("/passcode.hash"):
      "To recover, remove it (rm \(SanitizedText(quoting: path))) and choose a new passcode with 'passcode set'."
    case let .corrupt(path):
      "To recover, remove it (rm \(SanitizedText(quoting: path))); the failure count starts again from zero."
    case let .wrongOwner(path):
      "To recover, remove it or give it back to your user (chown), then check nobody else can write it."
        + " Path: \(SanitizedText(quoting: path))"
    case .io(_, _, _):
      "Check that the disk is not full or read-only and that the directory exists; entry stays locked."
    default:
      nil
    }
  }
}
