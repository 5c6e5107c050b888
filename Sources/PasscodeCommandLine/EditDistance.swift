/// The Levenshtein distance between two words, used to suggest what a mistyped name meant.
enum EditDistance {
  /// How many single-character insertions, deletions or substitutions turn `source` into `target`.
  ///
  /// - Parameters:
  ///   - source: The word typed.
  ///   - target: A known word.
  /// - Returns: The distance.
  static func between(_ source: String, _ target: String) -> Int {
    let sourceCharacters = Array(source)
    let targetCharacters = Array(target)
    var previousRow = Array(0...targetCharacters.count)
    for (sourceIndex, sourceCharacter) in sourceCharacters.enumerated() {
      var currentRow = [sourceIndex + 1]
      for (targetIndex, targetCharacter) in targetCharacters.enumerated() {
        let substitution = previousRow[targetIndex] + (sourceCharacter == targetCharacter ? 0 : 1)
        currentRow.append(min(substitution, previousRow[targetIndex + 1] + 1, currentRow[targetIndex] + 1))
      }
      previousRow = currentRow
    }
    return previousRow[targetCharacters.count]
  }

  /// The nearest of `candidates` to `word`, when it is close enough to be a likely typo.
  ///
  /// - Parameters:
  ///   - word: The word typed.
  ///   - candidates: The known words, in order of preference for ties.
  /// - Returns: The suggestion, or `nil` when nothing is close.
  static func suggestion(for word: String, among candidates: [String]) -> String? {
    let limit = max(1, min(2, word.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = between(word, candidate)
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }
}
