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
  /// The question's file and socket, removed after the asker was killed (SIGKILL leaves them behind).
  private var leftovers: [String] = []
  /// The socket the answer goes to, from the question's `Socket=`.
  private(set) var socketPath: String?
  /// The question's `ask.*` file, once it appeared.
  private(set) var questionPath: String?

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
    var file = questionFile()
    while file == nil {
      guard ContinuousClock.now < deadline else { throw AskerError.noQuestion(identifier) }
      usleep(10_000)
      file = questionFile()
    }
    if let file {
      let text = (try? String(contentsOfFile: Self.directory + "/" + file, encoding: .utf8)) ?? ""
      let socket = text.split(separator: "\n").first { $0.hasPrefix("Socket=") }?.dropFirst("Socket=".count)
      socketPath = socket.map(String.init)
      questionPath = Self.directory + "/" + file
      leftovers = [Self.directory + "/" + file] + (socketPath.map { [$0] } ?? [])
    }
  }

  deinit {
    stop(signal: SIGKILL)
    try? FileManager.default.removeItem(atPath: outputPath)
  }

  private static let directory = "/run/systemd/ask-password"

  /// The `ask.*` file of this question, while it is pending.
  func questionFile() -> String? {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.directory)) ?? []
    return names.filter { $0.hasPrefix("ask.") }.first { name in
      let text = (try? String(contentsOfFile: Self.directory + "/" + name, encoding: .utf8)) ?? ""
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

  /// Ends the asker with a signal and reaps it. On SIGTERM systemd-ask-password removes its question file
  /// (the agent sees the file go); on SIGKILL the file stays until this removes it, and the agent must
  /// notice from `PID=` that the asker is gone.
  ///
  /// - Parameters:
  ///   - signal: The signal.
  ///   - leavingFiles: Whether a killed asker's files are left for the agent to find.
  func stop(signal: Int32, leavingFiles: Bool = false) {
    process.signal(signal)
    _ = process.waitForExit(timeout: .seconds(5))
    if !leavingFiles { removeLeftovers() }
  }

  /// Sets the question file's modification time (and access time) to `seconds` before now, through
  /// `utimensat`. The agent asks in the order of those times, so a test that needs one question before
  /// another sets them rather than waiting for the clock to move between two askers.
  ///
  /// - Parameter seconds: How far in the past.
  /// - Throws: ``AskerError/noQuestion(_:)`` when the file is not known, or the system's error.
  func setQuestionTime(secondsAgo seconds: Int) throws {
    guard let questionPath else { throw AskerError.noQuestion(identifier) }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let time = timespec(tv_sec: now.tv_sec - seconds, tv_nsec: 0)
    var times = [time, time]
    guard utimensat(AT_FDCWD, questionPath, &times, 0) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  /// Removes what a killed asker left in the directory.
  func removeLeftovers() {
    for path in leftovers { try? FileManager.default.removeItem(atPath: path) }
  }

  enum AskerError: Error {
    case noQuestion(String)
    case stillRunning(String)
  }
}
