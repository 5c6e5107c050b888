extension StringProtocol {
  /// The text without the spaces, tabs, carriage returns and line feeds at its start and end (CRLF
  /// counts); other white space, such as a no-break space, is kept. This is what the config file, the
  /// `ask.*` files, Assuan arguments, catalogue headers and one-line `/proc` and `/sys` files need, without
  /// Foundation's `trimmingCharacters(in:)`.
  ///
  /// - Returns: The trimmed text, a slice of this one.
  package func trimmingWhitespace() -> SubSequence {
    func isBlank(_ character: Character) -> Bool {
      character == " " || character == "\t" || character == "\r" || character == "\n" || character == "\r\n"
    }
    guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
      return self[endIndex...]
    }
    return self[first...last]
  }
}
