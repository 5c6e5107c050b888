/// What the hash file holds: the hash, and the shape of the passcode when it was stored with one.
package struct StoredPasscode: Equatable, Hashable, Sendable {
  /// The Argon2id hash.
  package let hash: PasscodeHash
  /// The length and characters chosen at `passcode set`; `nil` for a hash file from an earlier version.
  package let shape: PasscodeShape?

  /// Makes the content of a hash file.
  ///
  /// - Parameters:
  ///   - hash: The Argon2id hash.
  ///   - shape: The passcode's shape, if known.
  package init(hash: PasscodeHash, shape: PasscodeShape?) {
    self.hash = hash
    self.shape = shape
  }

  /// The file's text: the hash on the first line, then the shape's lines.
  var encoded: String {
    ([hash.encoded] + (shape?.encodedLines ?? [])).map { $0 + "\n" }.joined()
  }

  /// Reads a hash file's text; fails (gives `nil`) when it is neither a lone hash nor a hash followed by a
  /// shape.
  ///
  /// - Parameter text: The file's content.
  init?(encoded text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    guard let first = lines.first, let hash = PasscodeHash(encoded: String(first)) else { return nil }
    if lines.count == 1 {
      self.init(hash: hash, shape: nil)
      return
    }
    guard let shape = PasscodeShape(encodedLines: Array(lines.dropFirst())) else { return nil }
    self.init(hash: hash, shape: shape)
  }
}
