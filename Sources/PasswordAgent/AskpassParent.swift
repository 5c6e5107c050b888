/// The process that ran the askpass (sudo, ssh-add, git), read from `/proc`: sudo and ssh run the askpass again
/// under the same parent after a wrong answer.
package struct AskpassParent: Equatable, Sendable {
  /// Its process ID.
  package let identifier: Int32
  /// Its name (`/proc/PID/comm`), such as `sudo`; readable for a parent of any user.
  package let command: String?
  /// When it started, in clock ticks since boot (`/proc/PID/stat`'s 22nd field), which tells it from a later
  /// process given the same ID; readable for a parent of any user.
  package let startTime: UInt64?

  /// The parent of this process.
  ///
  /// - Parameter procRoot: Where `/proc` is.
  /// - Returns: The parent, or `nil` when `/proc` cannot tell.
  package static func ofThisProcess(procRoot: String = "/proc") -> AskpassParent? {
    guard let field = statusFields(of: "self", procRoot: procRoot)?.dropFirst(1).first,
      let identifier = Int32(field), identifier > 0
    else { return nil }
    let command = read("\(procRoot)/\(identifier)/comm").map {
      String(String(decoding: $0, as: UTF8.self).trimmingWhitespace())
    }
    return AskpassParent(
      identifier: identifier, command: command, startTime: startTime(of: identifier, procRoot: procRoot))
  }

  /// When a process started, in clock ticks since boot (`/proc/PID/stat`'s 22nd field), or `nil` when `/proc`
  /// cannot tell.
  ///
  /// - Parameters:
  ///   - identifier: The process's ID.
  ///   - procRoot: Where `/proc` is.
  /// - Returns: The start time.
  package static func startTime(of identifier: Int32, procRoot: String = "/proc") -> UInt64? {
    statusFields(of: "\(identifier)", procRoot: procRoot).flatMap { fields in
      fields.count > 19 ? UInt64(fields[19]) : nil
    }
  }

  /// The fields of `/proc/PID/stat` after the command name (which may hold spaces and parentheses): 0 is
  /// the state, 1 the parent, 19 the start time.
  private static func statusFields(of process: String, procRoot: String) -> [String]? {
    guard let data = read("\(procRoot)/\(process)/stat"), let close = data.lastIndex(of: UInt8(ascii: ")")) else {
      return nil
    }
    return data[(close + 1)...].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
  }

  private static func read(_ path: String) -> [UInt8]? {
    AgentSystemCalls.readRegularFile(path, limit: 4096)?.bytes
  }
}
