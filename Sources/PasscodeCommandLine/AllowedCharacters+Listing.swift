import PasscodeEngine

extension EntryConfiguration.AllowedCharacters {
  /// The most characters a set given by listing (`--allowed 0-9A-F`) may hold.
  package static let listingLimit = 256

  /// A caller's own set from `--allowed`'s listing of its characters: each character stands for itself and
  /// `X-Y` for every character from X to Y, so `0-9A-F` is the hexadecimal digits; a `-` first or last is
  /// itself. Fails for an empty listing, a range that runs backwards, a space or any character that cannot
  /// be shown, and a set of more than ``listingLimit``.
  ///
  /// - Parameter listing: The characters, as typed after `--allowed`.
  package init?(listing: String) {
    let scalars = Array(listing.unicodeScalars)
    var set: Set<Unicode.Scalar> = []
    var index = 0
    while index < scalars.count {
      let first = scalars[index]
      if index + 2 < scalars.count, scalars[index + 1] == "-" {
        let last = scalars[index + 2]
        guard first <= last, last.value - first.value < UInt32(Self.listingLimit) else { return nil }
        for value in first.value...last.value {
          if let scalar = Unicode.Scalar(value) { set.insert(scalar) }
        }
        index += 3
      } else {
        set.insert(first)
        index += 1
      }
    }
    guard !set.isEmpty, set.count <= Self.listingLimit,
      set.allSatisfy({ Self.isPrintable($0) && !$0.properties.isWhitespace })
    else { return nil }
    self = .custom(set)
  }
}
