import PasscodeEngine

/// The strength words of one dialog with a quality bar: the client's rating, put in words, told only when
/// the words change, so typing hears "Strength: weak", later "Strength: fair", never one per key.
package struct PinentryStrength: Equatable, Sendable {
  private var last: Announcement.SecretStrength?

  /// Starts with nothing told.
  package init() {}

  /// Takes the client's latest rating.
  ///
  /// - Parameter quality: The rating on gpg-agent's -100...100 scale, or `nil` for an empty entry or no
  ///   answer (the next rating is then told afresh).
  /// - Returns: The words to tell, or `nil` when they are the ones told last.
  package mutating func update(quality: Int?) -> Announcement? {
    guard let quality else {
      last = nil
      return nil
    }
    let strength = Announcement.SecretStrength(quality: quality)
    guard strength != last else { return nil }
    last = strength
    return .strength(strength)
  }
}
