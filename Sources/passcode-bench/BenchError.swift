/// Why a benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
  /// A system call failed with an errno value.
  case systemCall(String, errno: Int32)
  /// The measured program did not show what was awaited in time.
  case timedOut(String)
  /// A required program or file is missing.
  case missing(String)
  /// A figure passed the limit that fails the run even in a smoke run (item 1's peak RSS against the floor).
  case limitExceeded(String)

  var description: String {
    switch self {
    case let .systemCall(name, code): "\(name) failed (errno \(code))"
    case let .timedOut(what): "timed out waiting for \(what)"
    case let .missing(what): "missing: \(what)"
    case let .limitExceeded(what): "over its limit: \(what)"
    }
  }
}
