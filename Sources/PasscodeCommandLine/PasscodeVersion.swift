/// The version of the `passcode` program.
public enum PasscodeVersion {
  /// The current version, as `--version` prints it.
  public static let current = "0.1.0"
}
