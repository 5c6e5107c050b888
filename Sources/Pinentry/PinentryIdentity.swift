/// What the session reports about itself through `GETINFO version` and `GETINFO flavor`.
public struct PinentryIdentity: Equatable, Sendable {
  /// The version string, such as `0.1.0`.
  public var version: String
  /// The flavor, such as `passcode`; `gpg-agent` logs it.
  public var flavor: String

  /// Makes an identity.
  ///
  /// - Parameters:
  ///   - version: The version string.
  ///   - flavor: The flavor.
  public init(version: String, flavor: String) {
    self.version = version
    self.flavor = flavor
  }

  /// This package's identity.
  public static let passcode = PinentryIdentity(version: "0.1.0", flavor: "passcode")
}
