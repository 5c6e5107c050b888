import Foundation
import Synchronization
internal import SystemCalls
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// A child process started with `posix_spawn` (no Foundation `Process`, so a daemon never holds our pipes).
package final class SpawnedProcess: Sendable {
  /// The child's process id.
  package let pid: Int32
  private let exitStatus = Mutex<Int32?>(nil)

  /// Starts a program in a new session; stdout and stderr are appended to `outputPath`.
  ///
  /// - Parameters:
  ///   - executable: The program, looked up in `PATH`.
  ///   - arguments: Its arguments.
  ///   - environment: Variables to set on top of this process's environment.
  ///   - outputPath: Where its output goes.
  /// - Throws: ``SpeechTestSupportError/systemCall(_:errno:)`` when it cannot start.
  package init(
    executable: String, arguments: [String], environment: [String: String] = [:], outputPath: String = "/dev/null"
  ) throws {
    let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    pid = try SpeechTestSystemCalls.spawn(
      executable: executable, arguments: arguments, environment: merged, outputPath: outputPath)
  }

  /// Runs a program to its end.
  ///
  /// - Parameters:
  ///   - executable: The program, looked up in `PATH`.
  ///   - arguments: Its arguments.
  ///   - outputPath: Where its output goes.
  ///   - timeout: The longest wait.
  /// - Returns: The exit code, or `nil` when it did not exit normally in time (it is then killed).
  /// - Throws: ``SpeechTestSupportError/systemCall(_:errno:)`` when it cannot start.
  package static func run(
    executable: String, arguments: [String], outputPath: String = "/dev/null", timeout: Duration = .seconds(10)
  ) throws -> Int32? {
    let process = try SpawnedProcess(executable: executable, arguments: arguments, outputPath: outputPath)
    guard let status = process.waitForExit(timeout: timeout) else {
      process.signal(Signal.kill.number)
      _ = process.waitForExit(timeout: .seconds(1))
      return nil
    }
    return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
  }

  /// Whether the child is still running.
  package var isRunning: Bool {
    reap() == nil
  }

  /// Sends a signal to the child, unless it has been reaped.
  ///
  /// - Parameter signal: The signal's number, such as `SIGTERM`.
  package func signal(_ signal: Int32) {
    if isRunning { SpeechTestSystemCalls.send(signal, to: pid) }
  }

  /// Waits for the child to end, polling every 10 ms.
  ///
  /// - Parameter timeout: The longest wait.
  /// - Returns: The raw wait status, or `nil` when it still runs.
  package func waitForExit(timeout: Duration) -> Int32? {
    let end = ContinuousClock.now + timeout
    while true {
      if let status = reap() { return status }
      if ContinuousClock.now >= end { return nil }
      sleep(for: .milliseconds(10))
    }
  }

  private func reap() -> Int32? {
    exitStatus.withLock { status in
      if status == nil { status = SpeechTestSystemCalls.reapIfExited(pid) }
      return status
    }
  }
}
