import Foundation
internal import SystemCalls
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// What every benchmark shares: the options, the programs, a scratch directory, and the results.
final class BenchContext {
  /// The options.
  let options: BenchOptions
  /// A fresh scratch directory.
  let scratch: String
  /// The results so far.
  var table = ResultTable()

  /// Makes a context with a new scratch directory.
  ///
  /// - Parameter options: The options.
  /// - Throws: When the directory cannot be made.
  init(options: BenchOptions) throws {
    self.options = options
    scratch = NSTemporaryDirectory() + "passcode-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  }

  /// How many runs each figure gets.
  var runs: Int { options.runs }

  /// Whether goals are judged (not in a smoke run).
  var judges: Bool { !options.smoke }

  /// The environment a measured program gets: a terminal type, a UTF-8 locale and a path, and nothing
  /// that reaches a desktop session or a real speech-dispatcher.
  ///
  /// - Parameter extra: Variables to add.
  /// - Returns: The environment.
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var base = [
      "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": scratch,
      "XDG_RUNTIME_DIR": scratch,
    ]
    base.merge(extra) { _, new in new }
    return base
  }

  /// A verdict, or none in a smoke run.
  ///
  /// - Parameter met: Whether the goal was met.
  /// - Returns: The verdict.
  func verdict(_ met: Bool) -> ResultRow.GoalResult {
    judges ? (met ? .met : .missed) : .none
  }

  /// Removes the scratch directory.
  func cleanUp() {
    try? FileManager.default.removeItem(atPath: scratch)
  }
}

/// Milliseconds between two instants.
///
/// - Parameters:
///   - start: The earlier instant.
///   - end: The later instant.
/// - Returns: The milliseconds.
func milliseconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Double {
  let duration = end - start
  return Double(duration.wholeNanoseconds) / 1e6
}
