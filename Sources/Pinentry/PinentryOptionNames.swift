/// The `OPTION` names pinentry 1.2 accepts; any other answers `ERR 83886254 Unknown option <Pinentry>`.
package enum PinentryOptionNames {
  /// Options that take a value (possibly empty).
  package static let valued: Set = [
    "debug-wait", "display", "ttyname", "ttytype", "ttyalert", "lc-ctype", "lc-messages", "owner", "parent-wid",
    "touch-file", "default-ok", "default-cancel", "default-prompt", "default-pwmngr", "default-cf-visi",
    "default-tt-visi", "default-tt-hide", "default-capshint", "invisible-char", "formatted-passphrase-hint",
    "constraints-hint-short", "constraints-hint-long", "constraints-error-title",
  ]

  /// Flags, accepted only without a value.
  package static let flags: Set = [
    "no-grab", "grab", "allow-external-password-cache", "allow-emacs-prompt", "formatted-passphrase",
    "constraints-enforce",
  ]

  /// Tells whether pinentry accepts an option.
  ///
  /// - Parameters:
  ///   - name: The option name, without leading dashes.
  ///   - value: Its value; empty for none.
  /// - Returns: `true` when the option is known and, for a flag, has no value.
  package static func accepts(name: String, value: String) -> Bool {
    valued.contains(name) || (flags.contains(name) && value.isEmpty)
  }
}
