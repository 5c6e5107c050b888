import Foundation

/// passcode-bench's command line.
struct BenchOptions {
  /// Measurements per figure.
  var runs = 30
  /// A quick check for CI: prints, writes nothing, judges no goal; item 1's peak RSS limit still fails it.
  var smoke = false
  /// Where to write the Markdown report.
  var writePath: String?
  /// The `passcode` executable; by default the one next to passcode-bench.
  var passcodePath: String
  /// The hello world built like `passcode` (`passcode-bench-floor`, next to passcode-bench); `nil` when it
  /// was not built.
  var floorPath: String?
  /// Which items of issue 7 to run (all by default).
  var items: Set<Int> = Set(1...10)
  /// The arguments as given, for the reproducing command.
  var arguments: [String]

  static let usage = """
    USAGE: passcode-bench [--runs N] [--smoke] [--write FILE] [--binary PATH] [--only 1,2,...]
      --runs N         measurements per figure (default 30; the report needs at least 30)
      --smoke          quick check for CI: prints the table, writes nothing, judges no goal
                       (item 1 still fails above 1.6 times the floor's peak RSS)
      --write FILE     write the Markdown report, e.g. Docs/Benchmarks.md
      --binary PATH    the passcode executable to measure, such as an installed
                       /usr/local/bin/passcode (default: next to passcode-bench;
                       --passcode PATH is the same)
      --only LIST      run only these items, e.g. 1,4

    """

  /// Parses the arguments.
  ///
  /// - Parameter arguments: The arguments after the program's name.
  /// - Returns: The options, or a message for standard error.
  static func parse(_ arguments: [String]) -> Result<BenchOptions, BenchUsageError> {
    let ownPath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    let directory = ownPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    var options = BenchOptions(
      passcodePath: directory + "/passcode", floorPath: directory + "/passcode-bench-floor", arguments: arguments)
    var index = 0
    func value() -> String? {
      index += 1
      return index < arguments.count ? arguments[index] : nil
    }
    while index < arguments.count {
      switch arguments[index] {
      case "--runs":
        guard let text = value(), let runs = Int(text), runs > 0 else {
          return .failure(.init("--runs needs a number"))
        }
        options.runs = runs
      case "--smoke": options.smoke = true
      case "--write":
        guard let path = value() else { return .failure(.init("--write needs a file")) }
        options.writePath = path
      case "--binary", "--passcode":
        guard let path = value() else { return .failure(.init("\(arguments[index - 1]) needs a path")) }
        options.passcodePath = path
      case "--only":
        guard let text = value() else { return .failure(.init("--only needs a list")) }
        options.items = Set(text.split(separator: ",").compactMap { Int($0) })
      case "-h", "--help": return .failure(.init(""))
      default: return .failure(.init("unknown argument \(arguments[index])"))
      }
      index += 1
    }
    if options.smoke && options.writePath != nil { return .failure(.init("--smoke writes nothing; drop --write")) }
    if let floor = options.floorPath, !FileManager.default.isExecutableFile(atPath: floor) {
      options.floorPath = nil
    }
    guard FileManager.default.isExecutableFile(atPath: options.passcodePath) else {
      return .failure(.init("no passcode executable at \(options.passcodePath); build it or pass --binary"))
    }
    return .success(options)
  }
}

/// A command-line mistake, with its message.
struct BenchUsageError: Error, CustomStringConvertible {
  /// The message; empty for `--help`.
  var message: String

  /// The message.
  var description: String { message }

  /// Makes an error.
  ///
  /// - Parameter message: The message.
  init(_ message: String) { self.message = message }
}
