extension StringProtocol {
  /// The text without leading and trailing white space (what Foundation's `trimmingCharacters(in:)` did
  /// with `.whitespaces` or `.whitespacesAndNewlines`, without loading Foundation).
  ///
  /// - Parameter includingNewlines: Whether line breaks count as white space too.
  /// - Returns: The trimmed text.
  func trimmingWhitespace(includingNewlines: Bool) -> String {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      guard scalar.properties.isWhitespace else { return false }
      return includingNewlines || !Character(scalar).isNewline
    }
    let scalars = unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, isSpace(scalars[start]) { start = scalars.index(after: start) }
    while end > start, isSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
    return String(String.UnicodeScalarView(scalars[start..<end]))
  }
}
