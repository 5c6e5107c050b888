/// Why a benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
  /// A system call failed with an errno value.
  case systemCall(String, errno: Int32)
  /// The measured program did not show what was awaited in time.
  case timedOut(String)
  /// A required program or file is missing.
  case missing(String)

  var description: String {
    switch self {
    case let .systemCall(name, code): "\(name) failed (errno \(code))"
    case let .timedOut(what): "timed out waiting for \(what)"
    case let .missing(what): "missing: \(what)"
    }
  }
}
