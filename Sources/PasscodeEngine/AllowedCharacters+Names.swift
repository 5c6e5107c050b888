extension EntryConfiguration.AllowedCharacters {
  /// The sets a person can choose by name (`--allowed`, and the hash file's `allowed` line), in the order
  /// help lists them.
  package static let named: [Self] = [.digits, .lettersAndDigits]

  /// The names of ``named``, as `--allowed` and the hash file spell them.
  package static var names: [String] { named.compactMap(\.name) }

  /// The set's name as `--allowed` and the hash file spell it; `nil` for the sets no one can choose by
  /// name (``printable``, ``custom(_:)``).
  package var name: String? {
    switch self {
    case .digits: "digits"
    case .lettersAndDigits: "alphanumeric"
    case .printable, .custom: nil
    }
  }

  /// The set with this name; fails for any other text.
  ///
  /// - Parameter name: `digits` or `alphanumeric`, exactly.
  package init?(name: String) {
    guard let found = Self.named.first(where: { $0.name == name }) else { return nil }
    self = found
  }
}
