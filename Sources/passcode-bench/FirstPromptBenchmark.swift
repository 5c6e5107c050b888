import PasscodeTestSupport

/// Item 2: from `passcode demo` starting in a pseudo-terminal to its first prompt bytes, with speech
/// off, with `SPEECHD_ADDRESS` naming a missing socket, and with a server that accepts but never answers;
/// the floor (a Swift hello world built like `passcode`) is started the same way in the same rotation.
struct FirstPromptBenchmark {
  let context: BenchContext

  func run() throws {
    let silent = try SilentSSIPServer(path: context.scratch + "/silent.sock")
    defer { silent.stop() }
    let variants: [(name: String, arguments: [String], environment: [String: String])] = [
      ("speech off", ["--speech", "off"], [:]),
      (
        "speech on, SPEECHD_ADDRESS to a missing socket", ["--speech", "on"],
        ["SPEECHD_ADDRESS": "unix_socket:\(context.scratch)/missing.sock"]
      ),
      ("speech on, SSIP server that never answers", ["--speech", "on"], ["SPEECHD_ADDRESS": silent.address]),
    ]
    var times = Array(repeating: Samples(), count: variants.count)
    var peaks = Array(repeating: Samples(), count: variants.count)
    var floorTimes = Samples()
    for _ in 0..<context.runs {
      if let floor = context.options.floorPath {
        let hello = try BenchmarkSession(
          passcodePath: floor, subcommand: nil, arguments: [], environment: context.environment())
        floorTimes.add(milliseconds(from: hello.startedAt, to: try hello.waitFor("hello")))
        hello.finish()
      }
      for (index, variant) in variants.enumerated() {
        let demo = try BenchmarkSession(
          passcodePath: context.options.passcodePath, arguments: variant.arguments,
          environment: context.environment(variant.environment))
        let shown = try demo.waitFor("Enter Passcode")
        times[index].add(milliseconds(from: demo.startedAt, to: shown))
        if let peak = demo.peakResidentKibibytes { peaks[index].add(Double(peak) / 1024) }
        demo.finish()
      }
    }
    context.table.add(
      ResultRow(
        item: "2", measure: "first prompt, \(variants[0].name)", samples: times[0], unit: "ms", goal: "≤ 3 ms",
        verdict: context.verdict(times[0].median <= 3)))
    if context.options.floorPath != nil {
      context.table.add(
        ResultRow(
          item: "2", measure: "floor (Swift hello world, same build) on the same terminal", samples: floorTimes,
          unit: "ms"))
      context.table.add(
        ResultRow(
          item: "2", measure: "first prompt, speech off / floor (pair-wise)",
          samples: Samples.ratios(times[0], floorTimes),
          unit: "×"))
    }
    for index in 1..<variants.count {
      let extra = Samples.differences(times[index], times[0])
      context.table.add(
        ResultRow(item: "2", measure: "first prompt, \(variants[index].name)", samples: times[index], unit: "ms"))
      context.table.add(
        ResultRow(
          item: "2", measure: "… minus speech off (pair-wise)", samples: extra, unit: "ms", goal: "≤ +2 ms",
          verdict: context.verdict(extra.median <= 2)))
    }
    context.table.add(
      ResultRow(
        item: "2", measure: "demo peak RSS at the prompt, speech off", samples: peaks[0], unit: "MiB", decimals: 1))
    context.table.add(
      ResultRow(
        item: "2", measure: "demo peak RSS at the prompt, never-answering server", samples: peaks[2], unit: "MiB",
        decimals: 1))
  }
}
