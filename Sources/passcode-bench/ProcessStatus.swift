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

  /// The shared objects a process has mapped: the distinct files in `/proc/PID/maps` whose name has `.so`
  /// in it (the vDSO is not a file and is not counted; the program itself is not a shared object).
  ///
  /// - Parameter pid: The process.
  /// - Returns: The paths, sorted.
  static func sharedObjects(pid: Int32) -> [String] {
    // /proc files report size 0; FileManager reads only the first page of them, so read to the end.
    guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps"), let data = try? file.readToEnd() else {
      return []
    }
    defer { try? file.close() }
    var paths = Set<String>()
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      guard let slash = line.firstIndex(of: "/") else { continue }
      let path = String(line[slash...])
      let name = path.split(separator: "/").last.map(String.init) ?? ""
      if name.hasSuffix(".so") || name.contains(".so.") { paths.insert(path) }
    }
    return paths.sorted()
  }

  /// The context switches (voluntary plus involuntary) of each thread of a process, by thread id.
  ///
  /// - Parameter pid: The process.
  /// - Returns: The counts by thread id.
  static func contextSwitches(pid: Int32) -> [String: Int] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    var counts: [String: Int] = [:]
    for task in tasks {
      guard let status = ProcessStatus(path: "/proc/\(pid)/task/\(task)/status") else { continue }
      counts[task] =
        (status.number("voluntary_ctxt_switches") ?? 0) + (status.number("nonvoluntary_ctxt_switches") ?? 0)
    }
    return counts
  }

  /// The context switches between two snapshots: deltas of threads present in both, plus all switches of
  /// threads that appeared in between (a thread that ended in between is not counted).
  ///
  /// - Parameters:
  ///   - before: The first snapshot.
  ///   - after: The second snapshot.
  /// - Returns: The number of switches.
  static func switchesBetween(_ before: [String: Int], _ after: [String: Int]) -> Int {
    after.reduce(0) { sum, entry in sum + entry.value - (before[entry.key] ?? 0) }
  }
}

/// What a short-lived process held when it exited.
struct ExitSnapshot {
  /// Its peak resident set (VmHWM), in KiB.
  var peakKibibytes: Int?
  /// The shared objects it had mapped.
  var sharedObjects: [String]
}
