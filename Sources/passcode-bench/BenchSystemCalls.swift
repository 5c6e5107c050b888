import PasscodeTestSupport
internal import SystemCalls

/// passcode-bench's adapters for the `SystemCalls` layer, on plain descriptor and process numbers: the test
/// support's `Spawn` starts the measured commands (and its `TracedExit` traces one to its exit), the layer waits
/// for them and retries `EINTR`.
enum BenchSystemCalls {
  /// Whether the benchmark runs as root (its effective user), as the agent's item needs.
  static var isRoot: Bool { ProcessCredentials.effective.user == 0 }

  /// This process's identifier, which names its questions apart from anyone else's.
  static var processIdentifier: Int32 { ProcessIdentifier.current.rawValue }

  /// Makes a pipe whose ends are closed on exec.
  ///
  /// - Returns: The read and write ends.
  /// - Throws: ``BenchError/systemCall(_:errno:)``.
  static func makePipe() throws(BenchError) -> (read: Int32, write: Int32) {
    do {
      let pipe = try Pipe()
      return (pipe.readEnd.rawValue, pipe.writeEnd.rawValue)
    } catch {
      throw .systemCall("pipe", errno: error.rawValue)
    }
  }

  /// Writes all bytes to a descriptor.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor.
  ///   - bytes: The bytes.
  /// - Returns: Whether every byte was written.
  @discardableResult
  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    (try? FileDescriptor(rawValue: descriptor).writeAll(bytes)) != nil
  }

  /// Reads what one `read` call returns.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor.
  ///   - maximumCount: The most bytes to read.
  /// - Returns: The bytes; empty at end of file or on an error.
  static func readSome(_ descriptor: Int32, maximumCount: Int = 4096) -> [UInt8] {
    (try? FileDescriptor(rawValue: descriptor).read(upTo: maximumCount)) ?? []
  }

  /// Reads until end of file.
  ///
  /// - Parameter descriptor: The descriptor.
  /// - Returns: Everything read.
  static func readToEnd(_ descriptor: Int32) -> [UInt8] {
    var result: [UInt8] = []
    while true {
      let chunk = readSome(descriptor)
      if chunk.isEmpty { return result }
      result += chunk
    }
  }

  /// Closes a descriptor.
  ///
  /// - Parameter descriptor: The descriptor.
  static func close(_ descriptor: Int32) {
    FileDescriptor(rawValue: descriptor).closeIgnoringErrors()
  }

  /// Starts a program with the layer's `posix_spawn` (vfork-like, so the parent's size does not slow it):
  /// standard input from a pipe already holding `input`, standard output to a pipe, standard error to
  /// `/dev/null`.
  ///
  /// - Parameters:
  ///   - path: The program's absolute path.
  ///   - arguments: The arguments after `argv[0]`.
  ///   - environment: The whole environment.
  ///   - input: The bytes on standard input (at most a pipe's buffer, 64 KiB).
  /// - Returns: The child and the read end of its standard output.
  /// - Throws: ``BenchError/systemCall(_:errno:)``.
  static func spawn(
    path: String, arguments: [String], environment: [String: String], input: [UInt8]
  ) throws(BenchError) -> (pid: Int32, output: Int32) {
    let inputPipe = try makePipe()
    let outputPipe = try makePipe()
    writeAll(inputPipe.write, input)
    close(inputPipe.write)
    defer { close(inputPipe.read) }
    var spawn = Spawn(executable: path, arguments: arguments, environment: environment)
    spawn.fileActions = [
      .duplicate(FileDescriptor(rawValue: inputPipe.read), as: .standardInput),
      .duplicate(FileDescriptor(rawValue: outputPipe.write), as: .standardOutput),
      .open(.standardError, path: "/dev/null", .writeOnly, [], permissions: 0),
    ]
    let child = Result { () throws(Errno) in try spawn.runPinned() }
    close(outputPipe.write)
    switch child {
    case .success(let child): return (child.rawValue, outputPipe.read)
    case .failure(let error):
      close(outputPipe.read)
      throw .systemCall("posix_spawn \(path)", errno: error.rawValue)
    }
  }

  /// Starts a program in a new session whose controlling terminal, standard input, output and error are a
  /// pseudo-terminal's slave side, with the layer's `posix_spawn` (vfork-like, and descriptors closed with
  /// one `close_range`), so that the time measured is the program's, not the harness's.
  ///
  /// - Parameters:
  ///   - path: The program's absolute path.
  ///   - arguments: The arguments after `argv[0]`.
  ///   - environment: The whole environment.
  ///   - terminalPath: The slave side's path, such as `/dev/pts/3`.
  ///   - closing: Descriptors the child must not inherit, such as the master side.
  /// - Returns: The child.
  /// - Throws: ``BenchError/systemCall(_:errno:)``.
  static func spawnOnTerminal(
    path: String, arguments: [String], environment: [String: String], terminalPath: String, closing: [Int32]
  ) throws(BenchError) -> Int32 {
    var spawn = Spawn(executable: path, arguments: arguments, environment: environment)
    spawn.startsNewSession = true
    spawn.fileActions =
      closing.map { .close(FileDescriptor(rawValue: $0)) } + [
        .open(.standardInput, path: terminalPath, .readWrite, [], permissions: 0),
        .duplicate(.standardInput, as: .standardOutput),
        .duplicate(.standardInput, as: .standardError),
      ]
    do {
      return try spawn.runPinned().rawValue
    } catch {
      throw .systemCall("posix_spawn \(path)", errno: error.rawValue)
    }
  }

  /// Collects a child's exit status if it has ended, without blocking.
  ///
  /// - Parameter pid: The child.
  /// - Returns: Whether it has ended (or is not a child any more).
  static func reapIfExited(_ pid: Int32) -> Bool {
    do {
      return try ProcessIdentifier(rawValue: pid).statusIfExited() != nil
    } catch {
      return true
    }
  }

  /// Waits for a child to end.
  ///
  /// - Parameter pid: The child.
  /// - Returns: The raw wait status, or -1 when there is no such child.
  static func waitForExit(_ pid: Int32) -> Int32 {
    (try? ProcessIdentifier(rawValue: pid).waitForExit())?.rawValue ?? -1
  }

  /// Runs a program with `input` on standard input under ptrace, stops it at its exit and reads its peak
  /// resident set (VmHWM) and the shared objects it mapped before it is gone (``TracedExit``).
  ///
  /// - Parameters:
  ///   - path: The program's absolute path.
  ///   - arguments: The arguments after `argv[0]`.
  ///   - environment: The whole environment.
  ///   - input: The bytes on standard input (at most 64 KiB).
  /// - Returns: What the process held at its exit, or `nil` when the exit stop was not seen.
  /// - Throws: ``BenchError/systemCall(_:errno:)``.
  static func inspectAtExit(
    path: String, arguments: [String], environment: [String: String], input: [UInt8]
  ) throws(BenchError) -> ExitSnapshot? {
    let inputPipe = try makePipe()
    writeAll(inputPipe.write, input)
    close(inputPipe.write)
    defer { close(inputPipe.read) }
    let devNull = (try? FileDescriptor.open("/dev/null", .readWrite)) ?? FileDescriptor(rawValue: -1)
    defer { devNull.closeIgnoringErrors() }
    var snapshot: ExitSnapshot?
    do {
      try TracedExit.run(
        path: path, arguments: arguments, environment: environment, input: FileDescriptor(rawValue: inputPipe.read),
        output: devNull
      ) { process in
        snapshot = ExitSnapshot(
          peakKibibytes: ProcessStatus(pid: process.rawValue)?.kibibytes("VmHWM"),
          sharedObjects: ProcessStatus.sharedObjects(pid: process.rawValue))
      }
    } catch {
      throw .systemCall("fork", errno: error.rawValue)
    }
    return snapshot
  }

  /// Removes a file, if it is there.
  ///
  /// - Parameter path: The file.
  static func removeFile(_ path: String) {
    try? FileSystem.removeFile(path)
  }

  /// Sends a signal to a process.
  ///
  /// - Parameters:
  ///   - signal: The signal.
  ///   - pid: The process.
  static func send(_ signal: Signal, to pid: Int32) {
    try? ProcessIdentifier(rawValue: pid).send(signal)
  }

  /// Sleeps the calling thread for the whole duration, signals or not; used only to leave a measured program
  /// idle.
  ///
  /// - Parameter duration: How long.
  static func sleep(_ duration: Duration) {
    BootTimeClock.wait(until: BootTimeClock.now + duration)
  }

  /// Ignores SIGPIPE, so a measured program that hangs up cannot kill the bench.
  static func ignoreBrokenPipe() {
    try? SignalAction.ignoreBrokenPipe()
  }

  /// The process's own peak resident set, in KiB.
  static func ownPeakResidentKibibytes() -> Int {
    ResourceUsage.ownPeakResidentKibibytes
  }
}
