import Foundation

/// The Markdown report: how it was made (command, CPU, date), the table, and hand-written analysis kept
/// from an existing file between the markers.
struct BenchReport {
  static let analysisStart = "<!-- analysis: kept when the benchmark rewrites this file -->"
  static let analysisEnd = "<!-- end of analysis -->"

  let options: BenchOptions
  let table: ResultTable

  /// The release build `make install` installs: `.ci/release-build` says how it is linked and why.
  static let releaseBuild = "sh .ci/release-build"

  /// The exact command that reproduces the run.
  var command: String {
    let arguments = options.arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    let build = isStaticallyLinked ? Self.releaseBuild : "swift build -c release"
    return "\(build) && .build/release/passcode-bench \(arguments)"
  }

  /// Whether the measured `passcode` carries the Swift runtime itself (built with `--static-swift-stdlib`):
  /// a dynamically linked one names `libswiftCore.so` among its needed libraries.
  var isStaticallyLinked: Bool {
    !binaryNames("libswiftCore.so")
  }

  /// Whether the measured `passcode` names a library (or any string) in its file, as NEEDED entries do.
  private func binaryNames(_ text: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: options.passcodePath) else { return false }
    return data.range(of: Data(text.utf8)) != nil
  }

  /// Which build was measured, in words.
  var buildDescription: String {
    guard isStaticallyLinked else { return "Swift standard library shared (`swift build -c release`)" }
    let cxx = binaryNames("libstdc++.so") ? "libstdc++ shared" : "libstdc++ and libgcc static"
    return "Swift standard library static (`--static-swift-stdlib`), \(cxx)"
  }

  /// The CPU model from `/proc/cpuinfo`.
  var cpuModel: String {
    guard let data = FileManager.default.contents(atPath: "/proc/cpuinfo") else { return "unknown" }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    let model = lines.first { $0.hasPrefix("model name") }.flatMap { $0.split(separator: ":", maxSplits: 1).last }
    let count = lines.filter { $0.hasPrefix("processor") }.count
    return "\(model.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"), \(count) logical CPUs"
  }

  /// The first three fields of `/proc/loadavg`: other work on the machine during the run.
  var loadAverage: String {
    guard let data = FileManager.default.contents(atPath: "/proc/loadavg") else { return "unknown" }
    return String(decoding: data, as: UTF8.self).split(separator: " ").prefix(3).joined(separator: ", ")
  }

  /// The binary's path as the report shows it: relative to the current directory (the package's root, where the
  /// command runs) when it lies inside it, so a report committed to `Docs/` names no path of one machine.
  var shownBinaryPath: String {
    let path = options.passcodePath
    let directory = FileManager.default.currentDirectoryPath
    guard path.hasPrefix(directory + "/") else { return path }
    return String(path.dropFirst(directory.count + 1))
  }

  /// The header and the table.
  var markdown: String {
    let date = ISO8601DateFormatter().string(from: Date())
    return """
      - Command: `\(command)`
      - Binary measured: `\(shownBinaryPath)`
      - CPU: \(cpuModel)
      - Date: \(date)
      - Load average when the report was written (1, 5, 15 min): \(loadAverage)
      - Build: \(buildDescription)
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
