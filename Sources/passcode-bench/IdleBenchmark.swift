import Foundation
import PasscodeTestSupport

/// Item 6: the demo's wake-ups while it waits for a key: context switches of all its threads over idle
/// windows at the prompt, with speech off and with speech on (a connected SSIP server), and `strace -c`.
struct IdleBenchmark {
  let context: BenchContext

  func run() throws {
    let window: Duration = context.options.smoke ? .seconds(1) : .seconds(5)
    let windows = context.options.smoke ? 1 : context.runs
    let server = try TimestampingSSIPServer(path: context.scratch + "/idle.sock")
    defer { server.stop() }
    let quiet = try BenchmarkSession(
      passcodePath: context.options.passcodePath, arguments: ["--speech", "off"], environment: context.environment())
    defer { quiet.finish() }
    let speaking = try BenchmarkSession(
      passcodePath: context.options.passcodePath, arguments: ["--speech", "on"],
      environment: context.environment(["SPEECHD_ADDRESS": server.address]))
    defer { speaking.finish() }
    try quiet.waitFor("Enter Passcode")
    try speaking.waitFor("Enter Passcode")
    _ = server.waitForSpeak(from: 0) { _ in true }
    // The speech worker's send watchdog fires once, a deadline (1 s) after the last send; let it pass.
    BenchSystemCalls.sleep(.milliseconds(1200))
    var quietSwitches = Samples()
    var speakingSwitches = Samples()
    var threads = (quiet: 0, speaking: 0)
    for _ in 0..<windows {
      let quietBefore = ProcessStatus.contextSwitches(pid: quiet.pid)
      let speakingBefore = ProcessStatus.contextSwitches(pid: speaking.pid)
      BenchSystemCalls.sleep(window)
      let quietAfter = ProcessStatus.contextSwitches(pid: quiet.pid)
      let speakingAfter = ProcessStatus.contextSwitches(pid: speaking.pid)
      quiet.drain()
      speaking.drain()
      quietSwitches.add(Double(ProcessStatus.switchesBetween(quietBefore, quietAfter)))
      speakingSwitches.add(Double(ProcessStatus.switchesBetween(speakingBefore, speakingAfter)))
      threads = (quietAfter.count, speakingAfter.count)
    }
    let seconds = window.components.seconds
    context.table.add(
      ResultRow(
        item: "6", measure: "idle \(seconds) s at the prompt, speech off: context switches (\(threads.quiet) threads)",
        samples: quietSwitches, unit: "", decimals: 0, goal: "0",
        verdict: context.verdict(quietSwitches.maximum == 0)))
    context.table.add(
      ResultRow(
        item: "6",
        measure: "idle \(seconds) s at the prompt, speech on: context switches (\(threads.speaking) threads)",
        samples: speakingSwitches, unit: "", decimals: 0, goal: "0",
        verdict: context.verdict(speakingSwitches.maximum == 0)))
    for (name, demo) in [("speech off", quiet), ("speech on", speaking)] {
      context.table.note(
        "Item 6 `strace -c -f` over \(seconds) s idle, \(name): " + strace(pid: demo.pid, window: window))
    }
  }

  private func strace(pid: Int32, window: Duration) -> String {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else { return "strace not installed." }
    let output = context.scratch + "/strace-\(pid).txt"
    let status = try? SpawnedProcess.run(
      executable: "timeout",
      arguments: ["--signal=INT", "\(window.components.seconds)", "strace", "-c", "-f", "-o", output, "-p", "\(pid)"],
      timeout: window + .seconds(5))
    guard let data = FileManager.default.contents(atPath: output) else {
      return "strace failed (\(String(describing: status)))."
    }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    let calls = lines.filter { line in
      let fields = line.split(separator: " ")
      return fields.count >= 5 && Double(fields[0]) != nil && !line.contains("total")
    }.map { line -> String in
      let fields = line.split(separator: " ")
      return "\(fields.last ?? "?") ×\(fields[3])"
    }
    return calls.isEmpty ? "no system calls." : "system calls: " + calls.joined(separator: ", ") + "."
  }
}
