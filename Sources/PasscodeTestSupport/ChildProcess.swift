internal import SystemCalls
import _Concurrency  // ContinuousClock: the release build turns the implicit import off

/// A program running with a ``PseudoTerminal``'s slave side as its controlling terminal and as its
/// standard input, output and error.
///
/// It is started with the package's one spawner (`posix_spawn`): in a new session, the terminal opened as
/// descriptor 0 (which makes it the controlling terminal) and duplicated to 1 and 2, every other descriptor
/// closed, the signal mask empty and every signal at its default action.
package final class ChildProcess {
  /// The child's process identifier.
  package let processIdentifier: Int32
  /// Whether the kernel wrote (or piped) a core dump when a signal ended the child; known once
  /// ``waitForExit(timeout:)`` returned.
  package private(set) var dumpedCore = false
  private var exitStatus: ExitStatus?

  /// Starts a program on a pseudo-terminal.
  ///
  /// - Parameters:
  ///   - executablePath: The program's absolute path; also passed as `argv[0]`.
  ///   - arguments: The arguments after `argv[0]`.
  ///   - environment: The whole environment of the child.
  ///   - terminal: The pseudo-terminal whose slave side the child uses.
  /// - Throws: ``PseudoTerminalError`` when the program cannot be started. A program that cannot be executed
  ///   is reported as exited with 127, as a shell reports it, with no process behind it.
  package convenience init(
    executablePath: String, arguments: [String], environment: [String: String], terminal: PseudoTerminal
  ) throws {
    try self.init(
      executablePath: executablePath, arguments: arguments, environment: environment,
      controllingTerminal: terminal.slaveFileDescriptor)
  }

  /// Starts a program on any terminal this process holds open, such as a kernel virtual console: it gets a
  /// session of its own with that terminal as its controlling terminal and as descriptors 0, 1 and 2.
  ///
  /// - Parameters:
  ///   - executablePath: The program's absolute path; also passed as `argv[0]`.
  ///   - arguments: The arguments after `argv[0]`.
  ///   - environment: The whole environment of the child.
  ///   - controllingTerminal: The terminal's descriptor in this process.
  /// - Throws: ``PseudoTerminalError`` when the program cannot be started. A program that cannot be executed
  ///   is reported as exited with 127, as a shell reports it, with no process behind it.
  package init(
    executablePath: String, arguments: [String], environment: [String: String], controllingTerminal: Int32
  ) throws {
    let terminalPath = try PseudoTerminalCalls.terminalName(controllingTerminal)
    var spawn = Spawn(executable: executablePath, arguments: arguments, environment: environment)
    spawn.startsNewSession = true
    spawn.fileActions = [
      .open(.standardInput, path: terminalPath, .readWrite, [], permissions: 0),
      .duplicate(.standardInput, as: .standardOutput),
      .duplicate(.standardInput, as: .standardError),
    ]
    do {
      processIdentifier = try spawn.runPinned().rawValue
    } catch  where [.noSuchFileOrDirectory, .permissionDenied, Errno(rawValue: 8)].contains(error) {
      // ENOENT, EACCES and ENOEXEC (8): glibc reports a failed exec from posix_spawn instead of a child.
      processIdentifier = -1
      exitStatus = .exited(127)
    } catch {
      throw PseudoTerminalError.systemCall(name: "posix_spawn \(executablePath)", errno: error.rawValue)
    }
  }

  deinit {
    if exitStatus == nil {
      let child = ProcessIdentifier(rawValue: processIdentifier)
      try? child.send(.kill)
      _ = try? child.waitForExit()
    }
  }

  /// Sends a signal to the child.
  ///
  /// - Parameter number: The signal number, such as `SIGTERM`.
  /// - Throws: ``PseudoTerminalError``.
  package func signal(_ number: Int32) throws {
    guard processIdentifier > 0 else {
      throw PseudoTerminalError.systemCall(name: "kill", errno: Errno.noSuchProcess.rawValue)
    }
    guard let signal = Signal(number: number) else {
      throw PseudoTerminalError.systemCall(name: "kill", errno: Errno.invalidArgument.rawValue)
    }
    try PseudoTerminalCalls.naming("kill") { () throws(Errno) in
      try ProcessIdentifier(rawValue: processIdentifier).send(signal)
    }
  }

  /// Waits until the child is stopped (by `SIGSTOP`, `SIGTSTP`, `SIGTTIN` or `SIGTTOU`), checking its state in
  /// `/proc` every 2 ms until the deadline.
  ///
  /// - Parameter timeout: The longest wait.
  /// - Throws: ``PseudoTerminalError/timedOut(received:)`` (with no bytes) when it is still running, or ended.
  package func waitUntilStopped(timeout: Duration) throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while processState() != "T" {
      guard clock.now < deadline, exitStatus == nil else { throw PseudoTerminalError.timedOut(received: []) }
      PseudoTerminalCalls.pause(.milliseconds(2))
    }
  }

  /// The state letter in `/proc/PID/stat` (`R`, `S`, `T`...), or `nil` when it cannot be read.
  private func processState() -> Character? {
    guard processIdentifier > 0,
      let file = try? FileDescriptor.open("/proc/\(processIdentifier)/stat", .readOnly)
    else { return nil }
    defer { file.closeIgnoringErrors() }
    let text = String(decoding: (try? file.readToEnd()) ?? [], as: UTF8.self)
    // "PID (NAME) STATE ...": the name may hold spaces and parentheses, so the state follows the last ')'.
    guard let end = text.lastIndex(of: ")") else { return nil }
    return text[text.index(after: end)...].first { $0 != " " }
  }

  /// Waits for the child to end, checking its state every 2 ms until the deadline.
  ///
  /// - Parameter timeout: The longest wait.
  /// - Returns: How it ended.
  /// - Throws: ``PseudoTerminalError/timedOut(received:)`` (with no bytes) when it is still running.
  package func waitForExit(timeout: Duration) throws -> ExitStatus {
    if let exitStatus { return exitStatus }
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      let child = ProcessIdentifier(rawValue: processIdentifier)
      if let word = try PseudoTerminalCalls.naming("waitpid", { () throws(Errno) in try child.statusIfExited() }),
        let status = ExitStatus.decode(word.rawValue)
      {
        exitStatus = status
        dumpedCore = word.dumpedCore
        return status
      }
      guard clock.now < deadline else { throw PseudoTerminalError.timedOut(received: []) }
      PseudoTerminalCalls.pause(.milliseconds(2))
    }
  }
}
