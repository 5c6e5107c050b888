import Foundation

/// The Markdown report: how it was made (command, CPU, date), the table, and hand-written analysis kept
/// from an existing file between the markers.
struct BenchReport {
  static let analysisStart = "<!-- analysis: kept when the benchmark rewrites this file -->"
  static let analysisEnd = "<!-- end of analysis -->"

  let options: BenchOptions
  let table: ResultTable

  /// The exact command that reproduces the run.
  var command: String {
    let arguments = options.arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    let build = isStaticallyLinked ? "swift build -c release --static-swift-stdlib" : "swift build -c release"
    return "\(build) && .build/release/passcode-bench \(arguments)"
  }

  /// Whether the measured `passcode` carries the Swift runtime itself (built with `--static-swift-stdlib`):
  /// a dynamically linked one names `libswiftCore.so` among its needed libraries.
  var isStaticallyLinked: Bool {
    guard let data = FileManager.default.contents(atPath: options.passcodePath) else { return false }
    return data.range(of: Data("libswiftCore.so".utf8)) == nil
  }

  /// The CPU model from `/proc/cpuinfo`.
  var cpuModel: String {
    guard let data = FileManager.default.contents(atPath: "/proc/cpuinfo") else { return "unknown" }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    let model = lines.first { $0.hasPrefix("model name") }.flatMap { $0.split(separator: ":", maxSplits: 1).last }
    let count = lines.filter { $0.hasPrefix("processor") }.count
    return "\(model.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"), \(count) logical CPUs"
  }

  /// The header and the table.
  var markdown: String {
    let date = ISO8601DateFormatter().string(from: Date())
    return """
      - Command: `\(command)`
      - CPU: \(cpuModel)
      - Date: \(date)
      - Swift standard library: \(isStaticallyLinked ? "static (`--static-swift-stdlib`)" : "shared (default)")
      - Runs per figure: \(options.runs)\(options.smoke ? " (smoke: no goals judged)" : "")

      \(table.markdown)
      """
  }

  /// Writes the report, keeping the analysis section of an existing file.
  ///
  /// - Parameter path: The file.
  /// - Throws: When it cannot be written.
  func write(to path: String) throws {
    var analysis = "\(Self.analysisStart)\n\(Self.analysisEnd)\n"
    if let old = FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) }),
      let start = old.range(of: Self.analysisStart), let end = old.range(of: Self.analysisEnd),
      start.lowerBound < end.lowerBound
    {
      analysis = String(old[start.lowerBound..<end.upperBound]) + "\n"
    }
    let text = """
      # Benchmarks

      Measured by `passcode-bench` (Sources/passcode-bench) against the release build. Every figure is a
      median with its p99 and min–max; A/B pairs run alternately and ratios are taken pair by pair.

      \(markdown)
      \(analysis)
      """
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}
