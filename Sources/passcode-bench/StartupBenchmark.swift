import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// Item 1: the same Assuan session (`GETINFO version`, `BYE`) fed to `passcode pinentry` and to
/// pinentry-tty, with the floor (a Swift hello world built like `passcode`) run in the same rotation: wall
/// time, pair-wise ratios, peak resident set and the shared objects mapped.
struct StartupBenchmark {
  static let session = Array("GETINFO version\nBYE\n".utf8)
  /// The goal for `passcode pinentry`'s peak RSS against the floor's, measured in the same run.
  static let peakRatioGoal = 1.5
  /// The peak RSS ratio that fails the run, a smoke run included: a start-up order gone stale, or code that
  /// a pinentry session newly runs, shows here first (Docs/Benchmarks.md, "Peak RSS: the text windows").
  static let peakRatioLimit = 1.6
  /// The fewest runs the peak RSS figures take, a smoke run's included: each is a few milliseconds, and the
  /// limit is judged on their median, which few runs leave to chance (one 64 KiB window more or less moves a
  /// run by 0.06, and the load address, random, moves where the windows fall). 15 were too few: a build whose
  /// median is 1.57× over 30 runs crossed the limit in a 15-run smoke (1.60×, 2026-12-07).
  static let minimumPeakRuns = 41
  static let pinentryTTY = "/usr/bin/pinentry-tty"

  let context: BenchContext

  func run() throws {
    let passcode = context.options.passcodePath
    guard let probe = try? Self.runOnce(passcode, ["pinentry"], context.environment()) else {
      throw BenchError.missing("passcode pinentry did not run")
    }
    guard probe.output.contains("\nD "), probe.status == 0 else {
      throw BenchError.missing("passcode pinentry did not answer GETINFO version (exit status \(probe.status >> 8))")
    }
    let floor = context.options.floorPath
    if floor == nil {
      context.table.note("Item 1: no floor program next to passcode-bench (build passcode-bench-floor with it).")
    }
    var passcodeWall = Samples()
    var ttyWall = Samples()
    var floorWall = Samples()
    for _ in 0..<context.runs {
      passcodeWall.add(try Self.runOnce(passcode, ["pinentry"], context.environment()).milliseconds)
      ttyWall.add(try Self.runOnce(Self.pinentryTTY, [], context.environment()).milliseconds)
      if let floor { floorWall.add(try Self.runOnce(floor, [], context.environment()).milliseconds) }
    }
    var passcodeExit = ExitFigures()
    var ttyExit = ExitFigures()
    var floorExit = ExitFigures()
    for _ in 0..<max(context.runs, Self.minimumPeakRuns) {
      try passcodeExit.add(inspecting: passcode, ["pinentry"], context.environment())
      try ttyExit.add(inspecting: Self.pinentryTTY, [], context.environment())
      if let floor { try floorExit.add(inspecting: floor, [], context.environment()) }
    }
    let ratio = Samples.ratios(passcodeWall, ttyWall)
    context.table.add(ResultRow(item: "1", measure: "`passcode pinentry` wall", samples: passcodeWall, unit: "ms"))
    context.table.add(ResultRow(item: "1", measure: "`pinentry-tty` wall", samples: ttyWall, unit: "ms"))
    context.table.add(
      ResultRow(
        item: "1", measure: "wall ratio passcode / pinentry-tty (pair-wise)", samples: ratio, unit: "×",
        goal: "≤ 2×", verdict: context.verdict(ratio.median <= 2)))
    context.table.add(
      ResultRow(
        item: "1", measure: "`passcode pinentry` peak RSS (VmHWM)", samples: passcodeExit.peak, unit: "MiB",
        decimals: 1, goal: "≤ 6 MiB", verdict: context.verdict(passcodeExit.peak.median <= 6)))
    context.table.add(
      ResultRow(item: "1", measure: "`pinentry-tty` peak RSS (VmHWM)", samples: ttyExit.peak, unit: "MiB", decimals: 1))
    context.table.add(
      ResultRow(
        item: "1", measure: "shared objects mapped by `passcode pinentry` (no screen-reader check)",
        samples: passcodeExit.sharedObjectCount, unit: "", decimals: 0, goal: "≤ 6",
        verdict: context.verdict(passcodeExit.sharedObjectCount.median <= 6)))
    context.table.add(
      ResultRow(
        item: "1", measure: "shared objects mapped by `pinentry-tty`", samples: ttyExit.sharedObjectCount, unit: "",
        decimals: 0))
    var peakRatioOverLimit: Double?
    if floor != nil {
      context.table.add(
        ResultRow(item: "1", measure: "floor (Swift hello world, same build) wall", samples: floorWall, unit: "ms"))
      context.table.add(
        ResultRow(
          item: "1", measure: "floor / pinentry-tty wall (pair-wise)", samples: Samples.ratios(floorWall, ttyWall),
          unit: "×"))
      context.table.add(
        ResultRow(item: "1", measure: "floor peak RSS (VmHWM)", samples: floorExit.peak, unit: "MiB", decimals: 1))
      let peakRatio = Samples.ratios(passcodeExit.peak, floorExit.peak)
      context.table.add(
        ResultRow(
          item: "1", measure: "peak RSS ratio passcode / floor (pair-wise)", samples: peakRatio, unit: "×",
          decimals: 2, goal: "≤ 1.5× (fails above 1.6×)",
          verdict: context.verdict(peakRatio.median <= Self.peakRatioGoal)))
      peakRatioOverLimit = peakRatio.median > Self.peakRatioLimit ? peakRatio.median : nil
    }
    context.table.note(
      "Item 1: shared objects mapped by `passcode pinentry` at its exit: "
        + passcodeExit.lastSharedObjects.map { "`\($0.split(separator: "/").last ?? "")`" }.joined(separator: ", ")
        + ".")
    if let peakRatioOverLimit {
      throw BenchError.limitExceeded(
        "`passcode pinentry`'s peak RSS is \((peakRatioOverLimit * 100).rounded() / 100) times the floor's "
          + "(limit \(Self.peakRatioLimit)): "
          + "is valgrind installed for .ci/release-build? See Docs/Benchmarks.md, \"Peak RSS: the text windows\"")
    }
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

/// Peak resident set and shared objects of one program over several runs, each read at its exit stop.
private struct ExitFigures {
  var peak = Samples()
  var sharedObjectCount = Samples()
  var lastSharedObjects: [String] = []

  mutating func add(inspecting path: String, _ arguments: [String], _ environment: [String: String]) throws {
    guard
      let snapshot = try BenchSystemCalls.inspectAtExit(
        path: path, arguments: arguments, environment: environment, input: StartupBenchmark.session)
    else { return }
    if let kibibytes = snapshot.peakKibibytes { peak.add(Double(kibibytes) / 1024) }
    sharedObjectCount.add(Double(snapshot.sharedObjects.count))
    lastSharedObjects = snapshot.sharedObjects
  }
}
