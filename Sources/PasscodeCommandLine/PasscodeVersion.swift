/// The version of the `passcode` program.
package enum PasscodeVersion {
  /// The current version, as `--version` prints it.
  package static let current = "0.2.0"
}
