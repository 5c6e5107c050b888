/// The rows and notes of one benchmark run, rendered as Markdown.
struct ResultTable {
  /// The rows, in item order.
  var rows: [ResultRow] = []
  /// Observations that are not numbers, such as a protocol check.
  var notes: [String] = []

  /// Adds a row.
  ///
  /// - Parameter row: The row.
  mutating func add(_ row: ResultRow) { rows.append(row) }

  /// Adds a note.
  ///
  /// - Parameter note: The note.
  mutating func note(_ note: String) { notes.append(note) }

  /// The table and notes as Markdown.
  var markdown: String {
    var lines = [
      "| # | measure | runs | median | p99 | min–max | goal | goal met |",
      "|---|---|---:|---:|---:|---:|---|---|",
    ]
    let ordered = rows.enumerated().sorted { ($0.element.item, $0.offset) < ($1.element.item, $1.offset) }
    for row in ordered.map(\.element) {
      lines.append("| " + row.cells.map { $0.replacingPipes }.joined(separator: " | ") + " |")
    }
    if !notes.isEmpty {
      lines.append("")
      lines += notes.map { "- \($0)" }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The text with `|` escaped for a Markdown table cell.
  fileprivate var replacingPipes: String {
    split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
  }
}
