/// One line of the results table.
struct ResultRow {
  /// Whether a goal was met.
  enum GoalResult: String {
    case met = "met"
    case missed = "**missed**"
    case none = "–"
  }

  /// The item of issue 7, such as `1`.
  var item: String
  /// What was measured.
  var measure: String
  /// The measurements.
  var samples: Samples
  /// The unit printed after the numbers, such as `ms`.
  var unit: String
  /// How many digits after the point.
  var decimals: Int = 2
  /// The goal in words, or `–`.
  var goal: String = "–"
  /// Whether the goal was met.
  var verdict: GoalResult = .none

  /// The row as Markdown table cells.
  var cells: [String] {
    guard samples.count > 0 else { return [item, measure, "0", "–", "–", "–", goal, verdict.rawValue] }
    return [
      item, measure, "\(samples.count)", format(samples.median), format(samples.percentile99),
      "\(format(samples.minimum))–\(format(samples.maximum))", goal, verdict.rawValue,
    ]
  }

  private func format(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = decimals == 0 ? "\(Int(rounded))" : "\(rounded)"
    if decimals > 0, let point = text.firstIndex(of: ".") {
      let have = text.distance(from: point, to: text.endIndex) - 1
      if have < decimals { text += String(repeating: "0", count: decimals - have) }
    }
    return unit.isEmpty ? text : "\(text) \(unit)"
  }
}
