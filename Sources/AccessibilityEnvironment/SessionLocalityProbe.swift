import PasscodeEngine

/// Finds out whether this session is remote; the one place `SSH_CONNECTION`, `SSH_CLIENT`, `SSH_TTY` and
/// `TMUX` are read.
///
/// What is detected, in order:
/// 1. an SSH variable in the environment (set by `sshd` for every SSH session, and kept by mosh, which
///    starts `mosh-server` over SSH);
/// 2. an `sshd`, `sshd-session` or `mosh-server` among this process's ancestors (found through each
///    process's parent in `/proc`), which still holds after `sudo` drops the variables;
/// 3. inside tmux (`TMUX` set): any tmux client process of this user that has an SSH variable or an SSH
///    or mosh ancestor. tmux does not tell which client shows this pane, so one remote client makes the
///    session count as remote;
/// 4. when the prompt asks on a terminal named for it (`--tty`, or the `--ttyname` gpg-agent gives a
///    pinentry, which may itself descend from a daemon started by systemd), any process of this user whose
///    controlling terminal is that one and that has an SSH variable or an SSH or mosh ancestor: the login
///    shell of an SSH session on that terminal.
///
/// Not detected: GNU screen or other multiplexers attached from afar, `su` to another user over SSH when
/// the variables were dropped, and remote desktops (VNC, RDP).
package struct SessionLocalityProbe: Sendable {
  /// The programs whose descendants are remote sessions.
  package static let remoteServers: Set<String> = ["sshd", "sshd-session", "mosh-server"]
  /// The environment variables sshd sets.
  package static let sshVariables = ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"]

  /// The environment of this process.
  package var environment: [String: String]
  /// Where procfs is mounted; `/proc`.
  package var procRoot: String
  /// The process whose ancestors are examined; this one.
  package var processID: Int32
  /// The user whose tmux clients count; the real uid of this process.
  package var userID: UInt32
  /// The terminal the prompt asks on when it is not this process's own, with its device number
  /// (`st_rdev`), or `nil`.
  package var terminal: (path: String, device: UInt64)?

  /// Creates a probe; the defaults examine this process.
  ///
  /// - Parameters:
  ///   - environment: The environment of this process.
  ///   - procRoot: Where procfs is mounted.
  ///   - processID: The process whose ancestors are examined.
  ///   - userID: The user whose tmux clients count.
  ///   - terminal: The terminal asked on, with its device number, when it is not this process's own.
  package init(
    environment: [String: String], procRoot: String = "/proc",
    processID: Int32 = AccessibilitySystemCalls.processIdentifier,
    userID: UInt32 = AccessibilitySystemCalls.realUserIdentifier, terminal: (path: String, device: UInt64)? = nil
  ) {
    self.environment = environment
    self.procRoot = procRoot
    self.processID = processID
    self.userID = userID
    self.terminal = terminal
  }

  /// The device number of a terminal, for ``terminal``.
  ///
  /// - Parameter path: The terminal, such as `/dev/pts/3`.
  /// - Returns: Its `st_rdev`, or `nil` when it is not a character device.
  package static func deviceNumber(ofTerminal path: String) -> UInt64? {
    AccessibilitySystemCalls.characterDeviceNumber(path)
  }

  /// Runs the checks.
  ///
  /// - Returns: `.remote` with the first evidence found, else `.local`.
  package func locality() -> SessionLocality {
    if let variable = Self.sshVariable(in: environment) { return .remote(.environment(variable: variable)) }
    if let server = remoteAncestor(of: processID) { return .remote(.ancestor(program: server)) }
    if let tmux = environment["TMUX"], !tmux.isEmpty,
      let evidence = firstRemoteProcess(where: { pid in command(of: pid) == "tmux: client" })
    {
      return .remote(.multiplexerClient(program: "tmux", evidence: evidence))
    }
    if let terminal,
      let evidence = firstRemoteProcess(where: { pid in controllingTerminal(of: pid) == terminal.device })
    {
      return .remote(.terminalSession(terminal: terminal.path, evidence: evidence))
    }
    return .local
  }

  private static func sshVariable(in environment: [String: String]) -> String? {
    sshVariables.first { environment[$0].map { !$0.isEmpty } ?? false }
  }

  /// The first remote server among the ancestors of `process`, walking parents up to init.
  private func remoteAncestor(of process: Int32) -> String? {
    var current = parent(of: process)
    var steps = 0
    while let pid = current, pid > 1, steps < 64 {
      if let name = command(of: pid), Self.remoteServers.contains(name) { return name }
      current = parent(of: pid)
      steps += 1
    }
    return nil
  }

  /// Among this user's processes that match, the first that has an SSH variable or a remote ancestor,
  /// with the evidence in words.
  private func firstRemoteProcess(where matches: (Int32) -> Bool) -> String? {
    guard let entries = AccessibilitySystemCalls.directoryEntries(procRoot) else { return nil }
    for entry in entries where !entry.isEmpty && entry.allSatisfy(\.isNumber) {
      guard let pid = Int32(entry), pid != processID, matches(pid), owner(of: pid) == userID else { continue }
      if let data = AccessibilitySystemCalls.readFile("\(procRoot)/\(pid)/environ") {
        var clientEnvironment: [String: String] = [:]
        for item in data.split(separator: 0) {
          let text = String(decoding: item, as: UTF8.self)
          guard let equals = text.firstIndex(of: "=") else { continue }
          clientEnvironment[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        if let variable = Self.sshVariable(in: clientEnvironment) { return "\(variable) is set" }
      }
      if let server = remoteAncestor(of: pid) { return "it runs under \(server)" }
    }
    return nil
  }

  /// The parent of a process.
  private func parent(of pid: Int32) -> Int32? {
    statusField(1, of: pid).flatMap { Int32($0) }
  }

  /// The controlling terminal of a process, as a device number in `st_rdev`'s encoding.
  private func controllingTerminal(of pid: Int32) -> UInt64? {
    guard let encoded = statusField(4, of: pid).flatMap({ UInt64($0) }), encoded != 0 else { return nil }
    // /proc's tty_nr keeps the minor's high bits in 20-31; glibc's dev_t keeps them in 20-43.
    let major = (encoded >> 8) & 0xfff
    let minor = (encoded & 0xff) | ((encoded >> 12) & 0xfff00)
    return (major << 8) | (minor & 0xff) | ((minor & ~0xff) << 12)
  }

  /// A field of `/proc/PID/stat` counted from the state (0), past the last `)`, since the command name in
  /// parentheses may itself hold spaces and parentheses: 1 is the parent, 4 the controlling terminal.
  private func statusField(_ index: Int, of pid: Int32) -> String? {
    guard let data = AccessibilitySystemCalls.readFile("\(procRoot)/\(pid)/stat"),
      let close = data.lastIndex(of: UInt8(ascii: ")"))
    else { return nil }
    let fields = data[(close + 1)...].split(separator: UInt8(ascii: " "))
    guard fields.count > index else { return nil }
    return String(decoding: fields[index], as: UTF8.self)
  }

  private func command(of pid: Int32) -> String? {
    AccessibilitySystemCalls.readFile("\(procRoot)/\(pid)/comm").map {
      String(String(decoding: $0, as: UTF8.self).trimmingWhitespace())
    }
  }

  private func owner(of pid: Int32) -> UInt32? {
    ProcessOwner.realUserID(statusFile: "\(procRoot)/\(pid)/status")
  }
}
