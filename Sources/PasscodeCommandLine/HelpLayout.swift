/// Lays out help text in 80 columns: wrapped paragraphs, two-column rows and wrapped usage lines.
enum HelpLayout {
  /// The widest a line may be.
  static let width = 80
  /// The column where the second column of a row starts.
  static let secondColumn = 26

  /// Wraps words into lines no wider than ``width``.
  ///
  /// - Parameters:
  ///   - words: The pieces that must not be split (words, or bracketed usage items).
  ///   - firstPrefix: What the first line starts with.
  ///   - indent: How many spaces the following lines start with.
  ///   - width: The widest a line may be.
  /// - Returns: The lines, without newlines.
  static func wrap(_ words: [String], firstPrefix: String, indent: Int, width: Int = width) -> [String] {
    var lines: [String] = []
    var line = firstPrefix
    var lineHasWord = false
    for word in words {
      if lineHasWord, line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: indent) + word
      } else {
        line += (lineHasWord ? " " : "") + word
      }
      lineHasWord = true
    }
    lines.append(line)
    return lines
  }

  /// Wraps a paragraph of prose.
  ///
  /// - Parameters:
  ///   - text: The paragraph.
  ///   - firstPrefix: What the first line starts with.
  ///   - indent: How many spaces the following lines start with.
  /// - Returns: The lines, without newlines.
  static func paragraph(_ text: String, firstPrefix: String = "", indent: Int = 0) -> [String] {
    wrap(text.split(separator: " ").map(String.init), firstPrefix: firstPrefix, indent: indent)
  }

  /// Lays out one row of a two-column list: a label, then its help from ``secondColumn`` on.
  ///
  /// A label too wide for the first column gets a line of its own.
  ///
  /// - Parameters:
  ///   - label: The first column, such as `--length <n>`.
  ///   - help: The second column's text.
  /// - Returns: The lines, without newlines.
  static func row(label: String, help: String) -> [String] {
    let labelPart = "  " + label
    let pad = String(repeating: " ", count: secondColumn)
    var lines = wrap(help.split(separator: " ").map(String.init), firstPrefix: pad, indent: secondColumn)
    guard labelPart.count + 2 <= secondColumn else { return [labelPart] + lines }
    lines[0] = labelPart + lines[0].dropFirst(labelPart.count)
    return lines
  }

  /// Joins lines with newlines and ends the text with one.
  ///
  /// - Parameter lines: The lines.
  /// - Returns: The text.
  static func text(_ lines: [String]) -> String {
    lines.map { $0 + "\n" }.joined()
  }
}
