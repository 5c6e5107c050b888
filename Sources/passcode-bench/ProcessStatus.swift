import Foundation

/// The fields of `/proc/PID/status` (or one thread's `/proc/PID/task/TID/status`).
struct ProcessStatus {
  private let fields: [String: String]

  /// Reads a process's status.
  ///
  /// - Parameter pid: The process.
  init?(pid: Int32) {
    self.init(path: "/proc/\(pid)/status")
  }

  /// Reads a status file.
  ///
  /// - Parameter path: The file.
  init?(path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    var fields: [String: String] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    self.fields = fields
  }

  /// A field in kB, such as `VmHWM`.
  ///
  /// - Parameter name: The field.
  /// - Returns: The number, or `nil`.
  func kibibytes(_ name: String) -> Int? {
    fields[name].flatMap { Int($0.split(separator: " ").first ?? "") }
  }

  /// A numeric field, such as `voluntary_ctxt_switches`.
  ///
  /// - Parameter name: The field.
  /// - Returns: The number, or `nil`.
  func number(_ name: String) -> Int? {
    fields[name].flatMap { Int($0) }
  }

  /// The context switches of every thread of a process, voluntary and involuntary, summed.
  ///
  /// - Parameter pid: The process.
  /// - Returns: The sums and the number of threads.
  static func contextSwitches(pid: Int32) -> (voluntary: Int, involuntary: Int, threads: Int) {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    var voluntary = 0
    var involuntary = 0
    for task in tasks {
      guard let status = ProcessStatus(path: "/proc/\(pid)/task/\(task)/status") else { continue }
      voluntary += status.number("voluntary_ctxt_switches") ?? 0
      involuntary += status.number("nonvoluntary_ctxt_switches") ?? 0
    }
    return (voluntary, involuntary, tasks.count)
  }
}
