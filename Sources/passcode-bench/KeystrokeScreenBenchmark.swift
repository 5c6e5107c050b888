/// Item 3: from a digit written to the pseudo-terminal's master to the redrawn status line read back.
struct KeystrokeScreenBenchmark {
  let context: BenchContext

  func run() throws {
    let demo = try BenchmarkSession(
      passcodePath: context.options.passcodePath, arguments: ["--speech", "off", "--length", "12"],
      environment: context.environment())
    defer { demo.finish() }
    try demo.waitFor("Enter Passcode, 12 digits")
    var latencies = Samples()
    var typed = 0
    for _ in 0..<context.runs {
      if typed == 11 {
        try demo.type("\u{15}")
        try demo.waitFor("Cleared, 0 of 12 digits entered")
        typed = 0
      }
      typed += 1
      let start = try demo.type("1")
      let shown = try demo.waitFor(" \(typed) of 12 digits entered")
      latencies.add(milliseconds(from: start, to: shown))
    }
    context.table.add(
      ResultRow(
        item: "3", measure: "keystroke → redrawn status line (p50 | p99)", samples: latencies, unit: "ms",
        goal: "p99 ≤ 2 ms", verdict: context.verdict(latencies.percentile99 <= 2)))
  }
}
