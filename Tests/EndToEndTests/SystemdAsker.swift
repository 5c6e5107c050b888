import Foundation
import PasscodeTestSupport

/// The real `systemd-ask-password --no-tty` waiting for an agent, with an `Id=` no other test uses.
///
/// systemd-ask-password always writes to `/run/systemd/ask-password` (it has no option or variable for
/// another directory), so these tests need root, run one at a time, and point the agent at their own
/// questions with `passcode agent --id`.
final class SystemdAsker {
  /// Where the real asker and its directory are; the tests are skipped when either is missing or not root.
  static let isAvailable =
    getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-ask-password")

  /// The `Id=` given to the question.
  let identifier: String
  private let process: SpawnedProcess
  private let outputPath: String

  /// Starts asking and waits until the question file is in the directory.
  ///
  /// - Parameters:
  ///   - message: The question's message.
  ///   - identifier: Its `Id=`; make it start with the test's own prefix.
  ///   - timeoutSeconds: `--timeout=`, which sets `NotAfter=`.
  ///   - echo: `--echo=` (`yes`, `no` or `masked`).
  /// - Throws: When it cannot start, or its question does not appear.
  init(_ message: String, identifier: String, timeoutSeconds: Int = 60, echo: String = "masked") throws {
    self.identifier = identifier
    outputPath = NSTemporaryDirectory() + "asker-\(UUID().uuidString).txt"
    process = try SpawnedProcess(
      executable: "systemd-ask-password",
      arguments: ["--no-tty", "--id=\(identifier)", "--timeout=\(timeoutSeconds)", "--echo=\(echo)", message],
      outputPath: outputPath)
    let deadline = ContinuousClock.now + .seconds(10)
    while questionFile() == nil {
      guard ContinuousClock.now < deadline else { throw AskerError.noQuestion(identifier) }
      usleep(10_000)
    }
  }

  deinit {
    process.signal(SIGKILL)
    _ = process.waitForExit(timeout: .seconds(2))
    try? FileManager.default.removeItem(atPath: outputPath)
  }

  /// The `ask.*` file of this question, while it is pending.
  func questionFile() -> String? {
    let directory = "/run/systemd/ask-password"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasPrefix("ask.") }.first { name in
      let text = (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? ""
      return text.contains("\nId=\(identifier)\n")
    }
  }

  /// Waits for the asker to end and returns its exit code and everything it printed (stdout: the answer).
  ///
  /// - Throws: ``AskerError/stillRunning`` when it does not end in 30 seconds.
  func finish() throws -> (code: Int32, output: String) {
    guard let status = process.waitForExit(timeout: .seconds(30)) else { throw AskerError.stillRunning(identifier) }
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    return ((status >> 8) & 0xff, output)
  }

  /// Ends the asker with a signal and reaps it (its file stays: only the agent's check of `PID=` sees it gone).
  func kill() {
    process.signal(SIGKILL)
    _ = process.waitForExit(timeout: .seconds(5))
  }

  enum AskerError: Error {
    case noQuestion(String)
    case stillRunning(String)
  }
}
