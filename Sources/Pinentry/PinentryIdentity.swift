/// What the session reports about itself through `GETINFO version` and `GETINFO flavor`.
package struct PinentryIdentity: Equatable, Sendable {
  /// The version string, such as `0.2.0`.
  package var version: String
  /// The flavor, such as `passcode`; `gpg-agent` logs it.
  package var flavor: String

  /// Makes an identity.
  ///
  /// - Parameters:
  ///   - version: The version string.
  ///   - flavor: The flavor.
  package init(version: String, flavor: String) {
    self.version = version
    self.flavor = flavor
  }

  /// This package's identity.
  package static let passcode = PinentryIdentity(version: "0.2.0", flavor: "passcode")
}
