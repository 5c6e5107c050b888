import PasscodeEngine
import PasscodeLocalization

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

  /// The way out, in the user's language, with the path quoted (``SanitizedText/init(quoting:)``) so a line
  /// feed in it cannot start a line of its own.
  private static func advice(for error: VaultError) -> String? {
    switch error {
    case let .corrupt(path) where path.hasSuffix("/passcode.hash"):
      Localization.text(
        "To recover, remove it (rm {path}) and choose a new passcode with 'passcode set'.",
        ["path": SanitizedText(quoting: path).text])
    case let .corrupt(path):
      Localization.text(
        "To recover, remove it (rm {path}); the failure count starts again from zero.",
        ["path": SanitizedText(quoting: path).text])
    case let .wrongOwner(path):
      Localization.text(
        "To recover, remove it or give it back to your user (chown), then check nobody else can write it. "
          + "Path: {path}", ["path": SanitizedText(quoting: path).text])
    case .io(_, _, _):
      Localization.text(
        "Check that the disk is not full or read-only and that the directory exists; entry stays locked.")
    default:
      nil
    }
  }
}
