import _Concurrency  // ContinuousClock: the release build turns the implicit import off

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A program running with a ``PseudoTerminal``'s slave side as its controlling terminal and as its
/// standard input, output and error.
///
/// It is started with `fork` and `execve`. The argument vector and environment are built before the fork,
/// because the test runner is multi-threaded; the child then calls only async-signal-safe functions: it
/// starts a new session, takes the terminal as its controlling terminal, closes every descriptor from 3
/// up, resets signal dispositions and the signal mask, and executes the program.
public final class ChildProcess {
  /// The child's process identifier.
  public let processIdentifier: Int32
  /// Whether the kernel wrote (or piped) a core dump when a signal ended the child; known once
  /// ``waitForExit(timeout:)`` returned.
  public private(set) var dumpedCore = false
  private var exitStatus: ExitStatus?

  /// Starts a program on a pseudo-terminal.
  ///
  /// - Parameters:
  ///   - executablePath: The program's absolute path; also passed as `argv[0]`.
  ///   - arguments: The arguments after `argv[0]`.
  ///   - environment: The whole environment of the child.
  ///   - terminal: The pseudo-terminal whose slave side the child uses.
  /// - Throws: ``PseudoTerminalError`` when the fork fails. A program that cannot be executed exits with 127.
  public convenience init(
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
  /// - Throws: ``PseudoTerminalError`` when the fork fails. A program that cannot be executed exits with 127.
  public init(
    executablePath: String, arguments: [String], environment: [String: String], controllingTerminal: Int32
  ) throws {
    let argumentPointers = ([executablePath] + arguments).map(PseudoTerminalCalls.duplicate) + [nil]
    let environmentPointers =
      environment.sorted { $0.key < $1.key }.map { PseudoTerminalCalls.duplicate("\($0.key)=\($0.value)") } + [nil]
    defer {
      argumentPointers.forEach(PseudoTerminalCalls.release)
      environmentPointers.forEach(PseudoTerminalCalls.release)
    }
    guard let path = argumentPointers[0] else { throw PseudoTerminalError.systemCall(name: "strdup", errno: ENOMEM) }
    let limit = PseudoTerminalCalls.descriptorLimit()
    let slave = controllingTerminal
    processIdentifier = try argumentPointers.withUnsafeBufferPointer { argumentBuffer in
      try environmentPointers.withUnsafeBufferPointer { environmentBuffer in
        guard let argumentBase = argumentBuffer.baseAddress, let environmentBase = environmentBuffer.baseAddress
        else { throw PseudoTerminalError.systemCall(name: "fork", errno: EINVAL) }
        let identifier = try PseudoTerminalCalls.fork()
        if identifier == 0 {
          PseudoTerminalCalls.childExecute(
            slave: slave, descriptorLimit: limit, path: path, arguments: argumentBase, environment: environmentBase)
        }
        return identifier
      }
    }
  }

  deinit {
    if exitStatus == nil {
      try? PseudoTerminalCalls.kill(processIdentifier, SIGKILL)
      PseudoTerminalCalls.reap(processIdentifier)
    }
  }

  /// Sends a signal to the child.
  ///
  /// - Parameter number: The signal number, such as `SIGTERM`.
  /// - Throws: ``PseudoTerminalError``.
  public func signal(_ number: Int32) throws {
    try PseudoTerminalCalls.kill(processIdentifier, number)
  }

  /// Waits for the child to end, checking its state every 2 ms until the deadline.
  ///
  /// - Parameter timeout: The longest wait.
  /// - Returns: How it ended.
  /// - Throws: ``PseudoTerminalError/timedOut(received:)`` (with no bytes) when it is still running.
  public func waitForExit(timeout: Duration) throws -> ExitStatus {
    if let exitStatus { return exitStatus }
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      if let word = try PseudoTerminalCalls.reapWithoutWaiting(processIdentifier), let status = ExitStatus.decode(word)
      {
        exitStatus = status
        dumpedCore = word & 0x80 != 0
        return status
      }
      guard clock.now < deadline else { throw PseudoTerminalError.timedOut(received: []) }
      PseudoTerminalCalls.pause(milliseconds: 2)
    }
  }
}
