import PasscodeTestSupport
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// Item 8: `passcode agent --watch` on the host, speaking to the timestamping SSIP server: from an `ask.*` file
/// moved into `/run/systemd/ask-password` to the question's first SPEAK at the server, alternated with one
/// `spd-say` round trip to the same server (process start to its SPEAK), and reported as their ratio, pair by
/// pair. Each question is withdrawn (its file removed) and the next one written once "Question withdrawn" was
/// spoken. It needs root, as the agent does; without it the item says so and measures nothing.
struct AgentSpeechBenchmark {
  let context: BenchContext

  func run() throws {
    guard BenchSystemCalls.isRoot else {
      context.table.note("Item 8 needs root (the agent answers only root's questions): not measured.")
      return
    }
    let server = try TimestampingSSIPServer(path: context.scratch + "/agent.sock")
    defer { server.stop() }
    let prefix = "passcode-bench-\(BenchSystemCalls.processIdentifier):"
    let agent = try BenchmarkSession(
      passcodePath: context.options.passcodePath, subcommand: "agent",
      arguments: ["--watch", "--id", prefix, "--speech", "on"],
      environment: context.environment(["SPEECHD_ADDRESS": server.address]))
    defer { agent.finish() }
    var asked = Samples()
    var spdSay = Samples()
    for run in 0..<context.runs {
      let message = "Bench question \(run + 1)"
      agent.drain()
      let before = server.speakCount
      let question = try HandMadeQuestion(message, identifier: prefix + "q\(run)")
      guard let found = server.waitForSpeak(from: before, where: { $0.text.hasPrefix(message) }) else {
        throw BenchError.timedOut("the agent's SPEAK of '\(message)'")
      }
      asked.add(milliseconds(from: question.writtenAt, to: found.speak.arrival))
      let beforeWithdrawal = server.speakCount
      question.withdraw()
      guard server.waitForSpeak(from: beforeWithdrawal, where: { $0.text == "Question withdrawn" }) != nil else {
        throw BenchError.timedOut("the agent's SPEAK of 'Question withdrawn'")
      }
      let beforeSay = server.speakCount
      let sayStart = ContinuousClock.now
      _ = try StartupBenchmark.runOnce(
        "/usr/bin/spd-say", ["Wrong passcode"], context.environment(["SPEECHD_ADDRESS": server.address]))
      guard let said = server.waitForSpeak(from: beforeSay, where: { $0.text == "Wrong passcode" }) else {
        throw BenchError.timedOut("spd-say's SPEAK")
      }
      spdSay.add(milliseconds(from: sayStart, to: said.speak.arrival))
    }
    context.table.add(
      ResultRow(item: "8", measure: "agent: ask file written → first SPEAK of the question", samples: asked, unit: "ms")
    )
    context.table.add(
      ResultRow(item: "8", measure: "`spd-say` start → SPEAK at the same server", samples: spdSay, unit: "ms"))
    context.table.add(
      ResultRow(
        item: "8", measure: "ask file → SPEAK / one spd-say round trip (pair-wise)",
        samples: Samples.ratios(asked, spdSay), unit: "×"))
  }
}
