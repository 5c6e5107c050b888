import PasscodeTestSupport
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// `passcode demo` running on a pseudo-terminal, driven from the master side and timed, with its peak memory:
/// the benchmarks' session. (The end-to-end tests' `DemoSession` records a transcript for any subcommand instead.)
final class BenchmarkSession {
  /// The pseudo-terminal.
  let terminal: PseudoTerminal
  /// The program's process id.
  let pid: Int32
  /// When the spawn began.
  let startedAt: ContinuousClock.Instant

  /// Starts `passcode demo` (or another program on the same terms) with arguments and an environment.
  ///
  /// - Parameters:
  ///   - passcodePath: The `passcode` executable, or another program such as the benchmark's floor.
  ///   - subcommand: The first argument; `nil` for a program that takes none.
  ///   - arguments: The arguments after `demo`.
  ///   - environment: The whole environment.
  /// - Throws: When the pseudo-terminal or the fork fails.
  init(
    passcodePath: String, subcommand: String? = "demo", arguments: [String], environment: [String: String]
  ) throws {
    terminal = try PseudoTerminal(columns: 80, rows: 24)
    startedAt = ContinuousClock.now
    pid = try BenchSystemCalls.spawnOnTerminal(
      path: passcodePath, arguments: (subcommand.map { [$0] } ?? []) + arguments, environment: environment,
      terminalPath: terminal.slavePath, closing: [terminal.masterFileDescriptor, terminal.slaveFileDescriptor])
    terminal.closeSlave()
  }

  /// Waits for text on the screen.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - timeout: The longest wait.
  /// - Returns: When it was read.
  /// - Throws: ``BenchError/timedOut(_:)``.
  @discardableResult
  func waitFor(_ text: String, timeout: Duration = .seconds(5)) throws -> ContinuousClock.Instant {
    do {
      _ = try terminal.readUntil(text, timeout: timeout)
    } catch {
      throw BenchError.timedOut("'\(text)' on the demo's screen (\(error))")
    }
    return ContinuousClock.now
  }

  /// Types bytes.
  ///
  /// - Parameter text: The keys.
  /// - Returns: When they were written.
  /// - Throws: When the write fails.
  @discardableResult
  func type(_ text: String) throws -> ContinuousClock.Instant {
    let now = ContinuousClock.now
    try terminal.write(text)
    return now
  }

  /// Reads and drops whatever output is waiting.
  func drain() {
    _ = try? terminal.read(timeout: .zero)
  }

  /// The peak resident set so far, in KiB.
  var peakResidentKibibytes: Int? { ProcessStatus(pid: pid)?.kibibytes("VmHWM") }

  /// Cancels with Escape and waits for the exit; kills the program if it does not end in 2 s.
  func finish() {
    _ = try? terminal.write("\u{1b}")
    while (try? terminal.read(timeout: .milliseconds(50)))?.isEmpty == false {}
    let deadline = ContinuousClock.now + .seconds(2)
    while !BenchSystemCalls.reapIfExited(pid) {
      guard ContinuousClock.now < deadline else {
        BenchSystemCalls.send(.kill, to: pid)
        _ = BenchSystemCalls.waitForExit(pid)
        return
      }
      BenchSystemCalls.sleep(.milliseconds(2))
    }
  }
}
