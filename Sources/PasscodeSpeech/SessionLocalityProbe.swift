import Glibc

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
///    session count as remote.
///
/// Not detected: GNU screen or other multiplexers attached from afar, a program started by a daemon that
/// was itself started remotely (such as a pinentry under a gpg-agent first started over SSH: gpg-agent
/// passes no SSH variable on), `su` to another user over SSH when the variables were dropped and the
/// ancestors belong to another user, and remote desktops (VNC, RDP).
public struct SessionLocalityProbe: Sendable {
  /// The programs whose descendants are remote sessions.
  public static let remoteServers: Set<String> = ["sshd", "sshd-session", "mosh-server"]
  /// The environment variables sshd sets.
  public static let sshVariables = ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"]

  /// The environment of this process.
  public var environment: [String: String]
  /// Where procfs is mounted; `/proc`.
  public var procRoot: String
  /// The process whose ancestors are examined; this one.
  public var processID: Int32
  /// The user whose tmux clients count; the real uid of this process.
  public var userID: UInt32

  /// Creates a probe; the defaults examine this process.
  ///
  /// - Parameters:
  ///   - environment: The environment of this process.
  ///   - procRoot: Where procfs is mounted.
  ///   - processID: The process whose ancestors are examined.
  ///   - userID: The user whose tmux clients count.
  public init(
    environment: [String: String], procRoot: String = "/proc", processID: Int32 = getpid(),
    userID: UInt32 = getuid()
  ) {
    self.environment = environment
    self.procRoot = procRoot
    self.processID = processID
    self.userID = userID
  }

  /// Runs the checks.
  ///
  /// - Returns: `.remote` with the first evidence found, else `.local`.
  public func locality() -> SessionLocality {
    if let variable = Self.sshVariable(in: environment) { return .remote(.environment(variable: variable)) }
    if let server = remoteAncestor(of: processID) { return .remote(.ancestor(program: server)) }
    if let tmux = environment["TMUX"], !tmux.isEmpty, let evidence = remoteTmuxClient() {
      return .remote(.multiplexerClient(program: "tmux", evidence: evidence))
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

  private func remoteTmuxClient() -> String? {
    guard let entries = SpeechSystemCalls.directoryEntries(procRoot) else { return nil }
    for entry in entries where !entry.isEmpty && entry.allSatisfy(\.isNumber) {
      guard let pid = Int32(entry), command(of: pid) == "tmux: client", owner(of: pid) == userID else { continue }
      if let data = SpeechSystemCalls.readFile("\(procRoot)/\(pid)/environ") {
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

  /// The parent of a process, from `/proc/PID/stat` (the field after the state, past the last `)`, since
  /// the command name in parentheses may itself hold spaces and parentheses).
  private func parent(of pid: Int32) -> Int32? {
    guard let data = SpeechSystemCalls.readFile("\(procRoot)/\(pid)/stat"),
      let close = data.lastIndex(of: UInt8(ascii: ")"))
    else { return nil }
    let fields = data[(close + 1)...].split(separator: UInt8(ascii: " "))
    guard fields.count > 1 else { return nil }
    return Int32(String(decoding: fields[1], as: UTF8.self))
  }

  private func command(of pid: Int32) -> String? {
    SpeechSystemCalls.readFile("\(procRoot)/\(pid)/comm").map {
      String(decoding: $0, as: UTF8.self).trimmingWhitespace(includingNewlines: true)
    }
  }

  private func owner(of pid: Int32) -> UInt32? {
    guard let data = SpeechSystemCalls.readFile("\(procRoot)/\(pid)/status") else { return nil }
    let status = String(decoding: data, as: UTF8.self)
    for line in status.split(whereSeparator: \.isNewline) where line.hasPrefix("Uid:") {
      return line.dropFirst("Uid:".count).split(whereSeparator: \.isWhitespace).first.flatMap { UInt32($0) }
    }
    return nil
  }
}
