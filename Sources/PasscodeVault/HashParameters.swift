/// The cost of an Argon2id hash: how many passes it makes and how much memory it fills.
package struct HashParameters: Equatable, Hashable, Sendable {
  /// The number of passes over the memory.
  package let opsLimit: UInt64
  /// The memory to fill, in bytes.
  package let memLimit: Int

  /// Creates parameters.
  ///
  /// - Parameters:
  ///   - opsLimit: The number of passes; at least libsodium's minimum (1).
  ///   - memLimit: The memory in bytes; at least libsodium's minimum (8 KiB).
  package init(opsLimit: UInt64, memLimit: Int) {
    self.opsLimit = opsLimit
    self.memLimit = memLimit
  }

  /// libsodium's "interactive" level: 2 passes over 64 MiB.
  ///
  /// About a tenth to a half of a second per try on a current machine, which is invisible after a passcode
  /// is typed but makes guessing a stolen hash file offline expensive. A 4- or 6-digit code has so few
  /// possibilities that no hash cost alone protects it; the hash protects longer codes, and the persisted
  /// lockout protects short ones.
  package static let standard = HashParameters(
    opsLimit: Sodium.opsLimitInteractive, memLimit: Sodium.memLimitInteractive)

  /// libsodium's minimum (1 pass over 8 KiB), only for tests that hash many times.
  package static let fast = HashParameters(opsLimit: Sodium.opsLimitMinimum, memLimit: Sodium.memLimitMinimum)
}
