/// What `passcode polkit-agent` was asked to do, spelled as `pkttyagent` spells it.
package struct PolkitAgentOptions: Equatable, Sendable {
  /// The process `--process` names: its ID, and its start time when given (`PID,START`).
  package struct Process: Equatable, Sendable {
    /// The process's ID.
    package var identifier: Int32
    /// When it started, in clock ticks since boot, or `nil` to read it from `/proc`.
    package var startTime: UInt64?

    /// Names a process.
    package init(identifier: Int32, startTime: UInt64? = nil) {
      self.identifier = identifier
      self.startTime = startTime
    }

    /// Reads `--process`'s value: `PID`, or `PID,START`.
    ///
    /// - Parameter text: The value; `nil` when it is neither.
    package init?(_ text: String) {
      let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
        let identifier = Int32(parts[0]), identifier > 0
      else { return nil }
      self.identifier = identifier
      guard parts.count == 2 else { return }
      guard let start = UInt64(parts[1]) else { return nil }
      startTime = start
    }
  }

  /// `--process`: the process the agent is registered for; `nil` for the parent, or, with a command, the agent
  /// itself (pkexec asks for its parent).
  package var process: Process?
  /// `--fallback`: an agent already registered for the process answers instead.
  package var fallback: Bool
  /// `--notify-fd`: the descriptor closed once the agent is registered, or `nil`.
  package var notifyDescriptor: Int32?

  /// Makes options; the defaults are those of a bare `passcode polkit-agent`.
  package init(process: Process? = nil, fallback: Bool = false, notifyDescriptor: Int32? = nil) {
    self.process = process
    self.fallback = fallback
    self.notifyDescriptor = notifyDescriptor
  }
}
