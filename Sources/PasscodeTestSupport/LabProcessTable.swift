import Foundation

/// Finds the processes a lab run left behind in `/proc`, so they can be killed even after they left the
/// run's session (a daemon that a program autospawned calls `setsid` but keeps its environment).
package enum LabProcessTable {
  /// The processes whose environment holds `NAME=VALUE` exactly.
  ///
  /// - Parameter variable: The marker, such as `PASSCODE_LAB_RUN=…`.
  /// - Returns: Their process identifiers, this process excluded.
  package static func processes(withEnvironmentEntry variable: String) -> [pid_t] {
    let wanted = Array(variable.utf8)
    return processes { directory in
      guard let data = FileManager.default.contents(atPath: directory + "/environ") else { return false }
      return data.split(separator: 0).contains { Array($0) == wanted }
    }
  }

  /// The processes whose command line holds every one of some arguments.
  ///
  /// - Parameter arguments: Arguments that must all appear.
  /// - Returns: Their process identifiers, this process excluded.
  package static func processes(withArguments arguments: [String]) -> [pid_t] {
    processes { directory in
      guard let data = FileManager.default.contents(atPath: directory + "/cmdline") else { return false }
      let present = Set(data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
      return arguments.allSatisfy(present.contains)
    }
  }

  /// Kills processes with SIGKILL.
  ///
  /// - Parameter identifiers: The processes; ones already gone are skipped.
  package static func kill(_ identifiers: [pid_t]) {
    for identifier in identifiers { VirtualConsoleCalls.signalProcess(SIGKILL, identifier) }
  }

  private static func processes(matching predicate: (String) -> Bool) -> [pid_t] {
    let own = VirtualConsoleCalls.processIdentifier()
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
      guard let identifier = pid_t(entry), identifier != own, predicate("/proc/" + entry) else { return nil }
      return identifier
    }
  }
}
