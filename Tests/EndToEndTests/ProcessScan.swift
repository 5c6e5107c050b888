import Foundation

/// Finds running processes by a text in their command line or environment, such as a test's private
/// directory: a way to see what a test's program started without confusing it with what concurrent tests
/// started.
enum ProcessScan {
  /// A process found.
  struct Found: CustomStringConvertible {
    let pid: Int32
    let command: String
    var description: String { "\(pid) \(command)" }
  }

  /// The processes, other than this one, whose command line or environment contains `marker`.
  ///
  /// - Parameter marker: The text, such as a private `HOME`.
  /// - Returns: The processes found now.
  static func processes(mentioning marker: String) -> [Found] {
    let own = getpid()
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> Found? in
      guard let pid = Int32(entry), pid != own else { return nil }
      let commandLine = read("/proc/\(entry)/cmdline")
      let environment = read("/proc/\(entry)/environ")
      guard commandLine.contains(marker) || environment.contains(marker) else { return nil }
      // A zombie's files are empty; only a live process counts.
      let state = read("/proc/\(entry)/stat").split(separator: ")").last?.split(separator: " ").first
      guard state != "Z" else { return nil }
      return Found(pid: pid, command: commandLine)
    }
  }

  /// Polls every 50 ms until the processes mentioning `marker` satisfy `done`, or the time runs out.
  ///
  /// - Parameters:
  ///   - marker: The text.
  ///   - timeout: The longest wait.
  ///   - done: When to stop.
  /// - Returns: The processes found last.
  static func wait(for marker: String, timeout: Duration = .seconds(10), until done: ([Found]) -> Bool) -> [Found] {
    let end = ContinuousClock.now + timeout
    while true {
      let found = processes(mentioning: marker)
      if done(found) || ContinuousClock.now >= end { return found }
      usleep(50_000)
    }
  }

  private static func read(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "" }
    return String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
  }
}
