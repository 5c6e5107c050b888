import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// Item 5, and the last-digit-to-verdict part of item 7: the demo's code of 12 digits typed as a burst
/// within 50 ms, counting the SPEAK requests it causes and checking that the last count is sent; then the
/// time from the last digit to "Passcode accepted" on the screen and at the SSIP server. L locks again.
struct BurstBenchmark {
  static let code = Array("258025802580")
  static let burst = Duration.milliseconds(50)

  let context: BenchContext

  func run() throws {
    let server = try TimestampingSSIPServer(path: context.scratch + "/burst.sock")
    defer { server.stop() }
    let demo = try BenchmarkSession(
      passcodePath: context.options.passcodePath, arguments: ["--speech", "on", "--length", "12"],
      environment: context.environment(["SPEECHD_ADDRESS": server.address]))
    defer { demo.finish() }
    var progressCounts = Samples()
    var lastCountSent = Samples()
    var lastCountLatency = Samples()
    var typingSpan = Samples()
    var verdictScreen = Samples()
    var verdictSpeech = Samples()
    var lastTexts: [String: Int] = [:]
    var promptIndex = 0
    for run in 0..<context.runs {
      guard
        let prompt = server.waitForSpeak(from: promptIndex, where: { $0.text.hasPrefix("Enter Passcode, 12 digits") })
      else { throw BenchError.timedOut("the prompt's SPEAK, burst \(run)") }
      try demo.waitFor("Enter Passcode, 12 digits")
      demo.drain()
      let before = prompt.index + 1
      let first = ContinuousClock.now
      var last = first
      for (index, digit) in Self.code.enumerated() {
        let due = first + Self.burst * Double(index) / Double(Self.code.count - 1)
        while ContinuousClock.now < due {}
        last = try demo.type(String(digit))
      }
      typingSpan.add(milliseconds(from: first, to: last))
      let shown = try demo.waitFor("Passcode accepted")
      verdictScreen.add(milliseconds(from: last, to: shown))
      guard let verdict = server.waitForSpeak(from: before, where: { $0.text == "Passcode accepted" }) else {
        throw BenchError.timedOut("SPEAK 'Passcode accepted'")
      }
      verdictSpeech.add(milliseconds(from: last, to: verdict.speak.arrival))
      let progress = server.allSpeaks[before..<verdict.index].filter { $0.text.hasSuffix("digits entered") }
      progressCounts.add(Double(progress.count))
      let lastProgress = progress.last
      lastTexts[lastProgress?.text ?? "none", default: 0] += 1
      let sentLast = progress.contains { $0.text == "12 of 12 digits entered" }
      lastCountSent.add(sentLast ? 1 : 0)
      if let lastProgress { lastCountLatency.add(milliseconds(from: last, to: lastProgress.arrival)) }
      try demo.waitFor("Press L to lock again")
      promptIndex = verdict.index + 1
      try demo.type("l")
    }
    context.table.add(
      ResultRow(item: "5", measure: "burst: time from first to 12th digit", samples: typingSpan, unit: "ms"))
    context.table.add(
      ResultRow(
        item: "5", measure: "burst: progress SPEAK requests sent per 12 digits", samples: progressCounts, unit: "",
        decimals: 0))
    context.table.add(
      ResultRow(
        item: "5", measure: "burst: \"12 of 12 digits entered\" sent (1 = yes)", samples: lastCountSent, unit: "",
        decimals: 0, goal: "always", verdict: context.verdict(lastCountSent.minimum == 1)))
    context.table.add(
      ResultRow(
        item: "5", measure: "burst: last digit → last count's SPEAK (staleness)", samples: lastCountLatency, unit: "ms")
    )
    context.table.add(
      ResultRow(
        item: "7", measure: "demo: last digit → \"Passcode accepted\" on screen", samples: verdictScreen, unit: "ms"))
    context.table.add(
      ResultRow(
        item: "7", measure: "demo: last digit → \"Passcode accepted\" SPEAK", samples: verdictSpeech, unit: "ms"))
    let summary = lastTexts.sorted { $0.key < $1.key }.map { "\"\($0.key)\" ×\($0.value)" }.joined(separator: ", ")
    context.table.note("Item 5: the last progress text sent before the verdict, per burst: \(summary).")
  }
}
