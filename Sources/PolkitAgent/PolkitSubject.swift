package import GDBus

/// The process an agent is registered for (polkit's `unix-process` subject): polkitd asks this agent when that
/// process, or one whose check names it (pkexec names its parent), needs authentication.
package struct PolkitSubject: Equatable, Sendable {
  /// The process's ID.
  package let processIdentifier: Int32
  /// When it started, in clock ticks since boot (`/proc/PID/stat`'s 22nd field); 0 lets polkitd read it.
  package let startTime: UInt64
  /// The user it runs as.
  package let userIdentifier: UInt32

  /// Names a process.
  package init(processIdentifier: Int32, startTime: UInt64, userIdentifier: UInt32) {
    self.processIdentifier = processIdentifier
    self.startTime = startTime
    self.userIdentifier = userIdentifier
  }

  /// The subject as polkitd's D-Bus API takes it: `("unix-process", {"pid": u, "start-time": t, "uid": i})`.
  package var value: DBusValue {
    .tuple([
      .string("unix-process"),
      .dictionary([
        ("pid", .uint32(UInt32(processIdentifier))), ("start-time", .uint64(startTime)),
        ("uid", .int32(Int32(bitPattern: userIdentifier))),
      ]),
    ])
  }
}
