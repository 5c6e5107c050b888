import Foundation

/// passcode-bench: measures issue 7's items against the release build of `passcode` and prints a
/// Markdown table; with `--write FILE` it writes the report with the reproducing command, CPU and date.
@main
enum BenchMain {
  static func main() {
    BenchSystemCalls.ignoreBrokenPipe()
    let options: BenchOptions
    switch BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case let .success(parsed): options = parsed
    case let .failure(error):
      let text = error.message.isEmpty ? BenchOptions.usage : "passcode-bench: \(error.message)\n" + BenchOptions.usage
      FileHandle.standardError.write(Data(text.utf8))
      exit(error.message.isEmpty ? 0 : 64)
    }
    let context: BenchContext
    do {
      context = try BenchContext(options: options)
    } catch {
      FileHandle.standardError.write(Data("passcode-bench: \(error)\n".utf8))
      exit(1)
    }
    defer { context.cleanUp() }
    let benchmarks: [(Int, String, () throws -> Void)] = [
      (1, "start-up against pinentry-tty", { try StartupBenchmark(context: context).run() }),
      (2, "time to the first prompt", { try FirstPromptBenchmark(context: context).run() }),
      (3, "keystroke to screen", { try KeystrokeScreenBenchmark(context: context).run() }),
      (4, "keystroke to speech", { try KeystrokeSpeechBenchmark(context: context).run() }),
      (5, "burst of typing and verdict", { try BurstBenchmark(context: context).run() }),
      (6, "idle cost", { try IdleBenchmark(context: context).run() }),
      (7, "Argon2id verification", { try VerificationBenchmark(context: context).run() }),
      (8, "the agent: ask file to speech", { try AgentSpeechBenchmark(context: context).run() }),
      (9, "speech at boot, in the VM lab", { try BootSpeechBenchmark(context: context).run() }),
      (10, "braille at boot, in the VM lab", { try BootBrailleBenchmark(context: context).run() }),
    ]
    var failed = false
    for (item, name, body) in benchmarks where options.items.contains(item) {
      progress("item \(item): \(name)…")
      do {
        try body()
      } catch {
        failed = true
        progress("item \(item) failed: \(error)")
        context.table.note("Item \(item) could not be measured: \(error).")
      }
    }
    let report = BenchReport(options: options, table: context.table)
    print(report.markdown, terminator: "")
    if let path = options.writePath {
      do {
        try report.write(to: path)
        progress("wrote \(path)")
      } catch {
        progress("could not write \(path): \(error)")
        exit(1)
      }
    }
    context.cleanUp()
    exit(failed ? 1 : 0)
  }

  private static func progress(_ text: String) {
    FileHandle.standardError.write(Data("passcode-bench: \(text)\n".utf8))
  }
}
