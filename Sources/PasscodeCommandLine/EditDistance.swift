/// The edit distance between two words (with swapped neighbours counted as one edit), used to suggest
/// what a mistyped name meant.
enum EditDistance {
  /// How many single-character insertions, deletions, substitutions or swaps of neighbours turn `source`
  /// into `target` (the optimal string alignment distance).
  ///
  /// - Parameters:
  ///   - source: The word typed.
  ///   - target: A known word.
  /// - Returns: The distance.
  static func between(_ source: String, _ target: String) -> Int {
    let source = Array(source)
    let target = Array(target)
    var distances = Array(repeating: Array(repeating: 0, count: target.count + 1), count: source.count + 1)
    for row in 0...source.count { distances[row][0] = row }
    for column in 0...target.count { distances[0][column] = column }
    for row in stride(from: 1, through: source.count, by: 1) {
      for column in stride(from: 1, through: target.count, by: 1) {
        let cost = source[row - 1] == target[column - 1] ? 0 : 1
        var best = min(
          distances[row - 1][column] + 1, distances[row][column - 1] + 1, distances[row - 1][column - 1] + cost)
        if row > 1, column > 1, source[row - 1] == target[column - 2], source[row - 2] == target[column - 1] {
          best = min(best, distances[row - 2][column - 2] + 1)
        }
        distances[row][column] = best
      }
    }
    return distances[source.count][target.count]
  }

  /// The nearest of `candidates` to `word`, when it is close enough to be a likely typo.
  ///
  /// - Parameters:
  ///   - word: The word typed.
  ///   - candidates: The known words, in order of preference for ties.
  /// - Returns: The suggestion, or `nil` when nothing is close.
  static func suggestion(for word: String, among candidates: [String]) -> String? {
    let limit = word.count >= 4 ? 2 : 1
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
