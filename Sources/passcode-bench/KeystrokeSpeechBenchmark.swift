import PasscodeTestSupport
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// Item 4: from a digit written to the pseudo-terminal's master to its SSIP SPEAK text arriving at the
/// timestamping server, alternated with one `spd-say` process per announcement against a real private
/// speech-dispatcher. Also checks the server's handshake against the real daemon's protocol log.
struct KeystrokeSpeechBenchmark {
  let context: BenchContext

  func run() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    try checkProtocol(against: daemon)
    let server = try TimestampingSSIPServer(path: context.scratch + "/timestamp.sock")
    defer { server.stop() }
    let demo = try BenchmarkSession(
      passcodePath: context.options.passcodePath, arguments: ["--speech", "on", "--length", "12"],
      environment: context.environment(["SPEECHD_ADDRESS": server.address]))
    defer { demo.finish() }
    guard server.waitForSpeak(from: 0, where: { $0.text.hasPrefix("Enter Passcode, 12 digits") }) != nil else {
      throw BenchError.timedOut("the prompt's SPEAK at the timestamping server")
    }
    var keystroke = Samples()
    var spdSay = Samples()
    var spdSayArrival = Samples()
    var typed = 0
    for _ in 0..<context.runs {
      if typed == 11 {
        let before = server.speakCount
        try demo.type("\u{15}")
        _ = server.waitForSpeak(from: before) { $0.text == "Cleared, 0 of 12 digits entered" }
        typed = 0
      }
      typed += 1
      demo.drain()
      let before = server.speakCount
      let start = try demo.type("1")
      let expected = "\(typed) of 12 digits entered"
      guard let found = server.waitForSpeak(from: before, where: { $0.text == expected }) else {
        throw BenchError.timedOut("SPEAK '\(expected)'")
      }
      keystroke.add(milliseconds(from: start, to: found.speak.arrival))
      spdSay.add(try runSpdSay(address: daemon.address).milliseconds)
      let beforeSay = server.speakCount
      let sayStart = ContinuousClock.now
      _ = try runSpdSay(address: server.address)
      if let said = server.waitForSpeak(from: beforeSay, where: { $0.text == "Wrong passcode" }) {
        spdSayArrival.add(milliseconds(from: sayStart, to: said.speak.arrival))
      }
    }
    context.table.add(
      ResultRow(
        item: "4", measure: "keystroke → SSIP SPEAK text at the server (p50 | p99)", samples: keystroke, unit: "ms",
        goal: "p50 ≤ 1 ms, p99 ≤ 5 ms",
        verdict: context.verdict(keystroke.median <= 1 && keystroke.percentile99 <= 5)))
    context.table.add(
      ResultRow(item: "4", measure: "`spd-say` process, real private daemon, wall", samples: spdSay, unit: "ms"))
    context.table.add(
      ResultRow(item: "4", measure: "`spd-say` start → SPEAK text at the server", samples: spdSayArrival, unit: "ms"))
    let ratio = Samples.ratios(spdSay, keystroke)
    context.table.add(
      ResultRow(
        item: "4", measure: "speed-up: spd-say wall / keystroke → SPEAK (pair-wise)", samples: ratio, unit: "×",
        goal: "≥ 5×", verdict: context.verdict(ratio.median >= 5)))
  }

  private func runSpdSay(address: String) throws -> (milliseconds: Double, status: Int32, output: String) {
    try StartupBenchmark.runOnce(
      "/usr/bin/spd-say", ["Wrong passcode"], context.environment(["SPEECHD_ADDRESS": address]))
  }

  /// Runs the same short session (prompt, one digit, cancel) against the real daemon and the timestamping
  /// server and compares the command lines each received.
  private func checkProtocol(against daemon: PrivateSpeechDispatcher) throws {
    let server = try TimestampingSSIPServer(path: context.scratch + "/check.sock")
    defer { server.stop() }
    for address in [daemon.address, server.address] {
      let demo = try BenchmarkSession(
        passcodePath: context.options.passcodePath, arguments: ["--speech", "on", "--length", "12"],
        environment: context.environment(["SPEECHD_ADDRESS": address]))
      try demo.waitFor("Enter Passcode, 12 digits")
      _ = daemon.waitForRequests(count: 1, timeout: .seconds(1))
      _ = server.waitForSpeak(from: 0, timeout: .seconds(1)) { _ in true }
      try demo.type("1")
      try demo.waitFor(" 1 of 12 digits entered")
      _ = daemon.waitForRequests(count: 2, timeout: .seconds(2))
      _ = server.waitForSpeak(from: 1, timeout: .seconds(2)) { _ in true }
      demo.finish()
    }
    let real = daemon.protocolCommands().filter { !$0.isEmpty }
    let ours = Self.withoutSpeakText(server.commands)
    let realCommands = Self.withoutSpeakText(Self.commandsOnly(real))
    let common = min(ours.count, realCommands.count)
    let same = common >= 6 && Array(realCommands.prefix(common)) == Array(ours.prefix(common))
    context.table.note(
      "Item 4 protocol check: the timestamping server received \(ours.count) command lines from `passcode demo` "
        + "(\(ours.prefix(6).joined(separator: "; "))…); the real daemon's protocol log shows "
        + (same
          ? "the same sequence (\(common) lines compared; the daemon logged \(realCommands.count))."
          : "a different one: \(realCommands.prefix(8).joined(separator: "; ")).")
        + " Replies copied from that log: 208 CLIENT NAME SET, 205 PUNCTUATION SET, 202 PRIORITY SET, "
        + "230 RECEIVING DATA, 225-id / 225 OK MESSAGE QUEUED.")
  }

  private static func commandsOnly(_ lines: [String]) -> [String] {
    var result: [String] = []
    var inText = false
    for line in lines {
      if inText {
        if line == "." { inText = false }
        continue
      }
      result.append(line)
      if line.uppercased() == "SPEAK" { inText = true }
    }
    return result
  }

  private static func withoutSpeakText(_ lines: [String]) -> [String] {
    lines.filter { $0.uppercased() != "QUIT" }
  }
}
