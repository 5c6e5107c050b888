/// Item 1: the same Assuan session (`GETINFO version`, `BYE`) fed to `passcode pinentry` and to
/// pinentry-tty, alternating, with wall time, pair-wise ratio and peak resident set.
struct StartupBenchmark {
  static let session = Array("GETINFO version\nBYE\n".utf8)
  static let pinentryTTY = "/usr/bin/pinentry-tty"

  let context: BenchContext

  func run() throws {
    let passcode = context.options.passcodePath
    guard let probe = try? Self.runOnce(passcode, ["pinentry"], context.environment()) else {
      throw BenchError.missing("passcode pinentry did not run")
    }
    let answers = probe.output.contains("\nD ")
    var arguments = ["pinentry"]
    var label = "`passcode pinentry`"
    if !answers || probe.status != 0 {
      arguments = ["--version"]
      label = "`passcode --version` (pinentry not on this branch)"
      context.table.note(
        "Item 1: `passcode pinentry` does not answer the Assuan session on this build (exit status "
          + "\(probe.status >> 8)), so the same binary's `--version` stands in: it loads every library and runs "
          + "the same start-up; libassuan's own greeting and two replies would add a few microseconds.")
    }
    var passcodeWall = Samples()
    var ttyWall = Samples()
    var passcodePeak = Samples()
    var ttyPeak = Samples()
    for _ in 0..<context.runs {
      passcodeWall.add(try Self.runOnce(passcode, arguments, context.environment()).milliseconds)
      ttyWall.add(try Self.runOnce(Self.pinentryTTY, [], context.environment()).milliseconds)
    }
    for _ in 0..<context.runs {
      if let peak = try BenchSystemCalls.peakResidentKibibytes(
        path: passcode, arguments: arguments, environment: context.environment(), input: Self.session)
      {
        passcodePeak.add(Double(peak) / 1024)
      }
      if let peak = try BenchSystemCalls.peakResidentKibibytes(
        path: Self.pinentryTTY, arguments: [], environment: context.environment(), input: Self.session)
      {
        ttyPeak.add(Double(peak) / 1024)
      }
    }
    let ratio = Samples.ratios(passcodeWall, ttyWall)
    context.table.add(ResultRow(item: "1", measure: "\(label) wall", samples: passcodeWall, unit: "ms"))
    context.table.add(ResultRow(item: "1", measure: "`pinentry-tty` wall", samples: ttyWall, unit: "ms"))
    context.table.add(
      ResultRow(
        item: "1", measure: "wall ratio passcode / pinentry-tty (pair-wise)", samples: ratio, unit: "×",
        goal: "≤ 2×", verdict: context.verdict(ratio.median <= 2)))
    context.table.add(
      ResultRow(
        item: "1", measure: "\(label) peak RSS (VmHWM)", samples: passcodePeak, unit: "MiB", decimals: 1,
        goal: "≤ 6 MiB", verdict: context.verdict(passcodePeak.median <= 6)))
    context.table.add(
      ResultRow(item: "1", measure: "`pinentry-tty` peak RSS (VmHWM)", samples: ttyPeak, unit: "MiB", decimals: 1))
  }

  /// Runs a program with the session on standard input.
  static func runOnce(_ path: String, _ arguments: [String], _ environment: [String: String]) throws -> (
    milliseconds: Double, status: Int32, output: String
  ) {
    let start = ContinuousClock.now
    let child = try BenchSystemCalls.spawn(path: path, arguments: arguments, environment: environment, input: session)
    let output = BenchSystemCalls.readToEnd(child.output)
    let status = BenchSystemCalls.waitForExit(child.pid)
    let end = ContinuousClock.now
    BenchSystemCalls.close(child.output)
    return (milliseconds(from: start, to: end), status, String(decoding: output, as: UTF8.self))
  }
}
