internal import CBenchTrace
internal import Glibc
internal import SystemCalls

/// passcode-bench's own C calls (ptrace through `CBenchTrace`, `getrusage`) and its adapters for the
/// `SystemCalls` layer, which spawns the measured commands, waits for them, and retries `EINTR`.
enum BenchSystemCalls {
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
  ) throws(BenchError) -> (pid: pid_t, output: Int32) {
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
    let child = Result { () throws(Errno) in try spawn.run() }
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
  ) throws(BenchError) -> pid_t {
    var spawn = Spawn(executable: path, arguments: arguments, environment: environment)
    spawn.startsNewSession = true
    spawn.fileActions =
      closing.map { .close(FileDescriptor(rawValue: $0)) } + [
        .open(.standardInput, path: terminalPath, .readWrite, [], permissions: 0),
        .duplicate(.standardInput, as: .standardOutput),
        .duplicate(.standardInput, as: .standardError),
      ]
    do {
      return try spawn.run().rawValue
    } catch {
      throw .systemCall("posix_spawn \(path)", errno: error.rawValue)
    }
  }

  /// Collects a child's exit status if it has ended, without blocking.
  ///
  /// - Parameter pid: The child.
  /// - Returns: Whether it has ended (or is not a child any more).
  static func reapIfExited(_ pid: pid_t) -> Bool {
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
  static func waitForExit(_ pid: pid_t) -> Int32 {
    (try? ProcessIdentifier(rawValue: pid).waitForExit())?.rawValue ?? -1
  }

  /// Runs a program with `input` on standard input under ptrace, stops it at its exit and reads its peak
  /// resident set (VmHWM) and the shared objects it mapped before it is gone.
  ///
  /// `wait4`'s `ru_maxrss` cannot be used for a child of a large process: exec records the old image's
  /// high-water mark, which after fork (or posix_spawn's vfork) is the parent's.
  /// The corresponding C functions are `fork`, `ptrace` and `execve`.
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
    let vectors = ArgumentVectors(path: path, arguments: arguments, environment: environment)
    defer { vectors.free() }
    let (argv, envp) = (vectors.argv, vectors.envp)
    let inputPipe = try makePipe()
    writeAll(inputPipe.write, input)
    close(inputPipe.write)
    defer { close(inputPipe.read) }
    let devNull = (try? FileDescriptor.open("/dev/null", .readWrite))?.rawValue ?? -1
    defer { close(devNull) }
    let pid = argv.withUnsafeBufferPointer { argumentBuffer in
      envp.withUnsafeBufferPointer { environmentBuffer -> pid_t in
        let child = fork()
        if child == 0 {
          _ = dup2(inputPipe.read, 0)
          _ = dup2(devNull, 1)
          _ = dup2(devNull, 2)
          _ = passcode_bench_trace_me()
          if let base = argumentBuffer.baseAddress, let first = base.pointee,
            let environment = environmentBuffer.baseAddress
          {
            _ = execve(first, base, environment)
          }
          _exit(127)
        }
        return child
      }
    }
    guard pid > 0 else { throw .systemCall("fork", errno: errno) }
    var snapshot: ExitSnapshot?
    var status: Int32 = 0
    var optionsSet = false
    while let next = try? ProcessIdentifier(rawValue: pid).waitForExit() {
      status = next.rawValue
      let stopped = status & 0xff == 0x7f
      guard stopped else { break }
      let stopSignal = (status >> 8) & 0xff
      if status >> 8 == passcode_bench_exit_stop_status() {
        snapshot = ExitSnapshot(
          peakKibibytes: ProcessStatus(pid: pid)?.kibibytes("VmHWM"),
          sharedObjects: ProcessStatus.sharedObjects(pid: pid))
        _ = passcode_bench_continue(pid, 0)
      } else if !optionsSet && stopSignal == SIGTRAP {
        optionsSet = true
        _ = passcode_bench_stop_at_exit(pid)
        _ = passcode_bench_continue(pid, 0)
      } else {
        _ = passcode_bench_continue(pid, stopSignal)
      }
    }
    return snapshot
  }

  /// Removes a file.
  ///
  /// The corresponding C function is `unlink`.
  ///
  /// - Parameter path: The file.
  static func removeFile(_ path: String) {
    unlink(path)
  }

  /// Sends a signal to a process.
  ///
  /// - Parameters:
  ///   - signal: The signal.
  ///   - pid: The process.
  static func send(_ signal: Int32, to pid: pid_t) {
    try? ProcessIdentifier(rawValue: pid).send(SignalNumber(rawValue: signal))
  }

  /// Sleeps the calling thread; used only to leave a measured program idle.
  ///
  /// The corresponding C function is `nanosleep`.
  ///
  /// - Parameter duration: How long.
  static func sleep(_ duration: Duration) {
    let components = duration.components
    var request = timespec(tv_sec: Int(components.seconds), tv_nsec: Int(components.attoseconds / 1_000_000_000))
    // After EINTR nanosleep leaves the time still to sleep in its second argument, so the layer's retry sleeps
    // only the rest.
    withUnsafeMutablePointer(to: &request) { time in _ = try? valueOrErrno { nanosleep(time, time) } }
  }

  /// Ignores SIGPIPE, so a measured program that hangs up cannot kill the bench.
  static func ignoreBrokenPipe() {
    try? SignalAction.ignoreBrokenPipe()
  }

  /// The process's own peak resident set.
  ///
  /// The corresponding C function is `getrusage`.
  ///
  /// - Returns: `ru_maxrss` in KiB.
  static func ownPeakResidentKibibytes() -> Int {
    var usage = rusage()
    _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss
  }
}

/// `argv` and `envp` as C string arrays, built before a fork or spawn and freed after it.
private struct ArgumentVectors {
  let argv: [UnsafeMutablePointer<CChar>?]
  let envp: [UnsafeMutablePointer<CChar>?]

  /// Copies the program path, its arguments and the environment (sorted, `NAME=value`) into C strings.
  /// The corresponding C function is `strdup`.
  init(path: String, arguments: [String], environment: [String: String]) {
    argv = ([path] + arguments).map { strdup($0) } + [nil]
    envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
  }

  /// Frees every string. The corresponding C function is `free`.
  func free() {
    argv.forEach { Glibc.free($0) }
    envp.forEach { Glibc.free($0) }
  }
}
