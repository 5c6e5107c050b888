import CBenchTrace
import Glibc

/// The one place where passcode-bench calls libc (and ptrace through `CBenchTrace`): spawning measured
/// commands, waiting for them, and the Unix socket of the timestamping SSIP server.
///
/// EINTR is retried here, in ``retryingOnInterrupt(_:)``, and nowhere else.
enum BenchSystemCalls {
  /// Runs a call again while it fails with EINTR.
  ///
  /// - Parameter call: The call; it returns -1 and sets errno on failure.
  /// - Returns: The call's result.
  static func retryingOnInterrupt<Value: BinaryInteger>(_ call: () -> Value) -> Value {
    while true {
      let result = call()
      if result == -1 && errno == EINTR { continue }
      return result
    }
  }

  /// Makes a pipe whose ends are closed on exec.
  ///
  /// The corresponding C functions are `pipe` and `fcntl`.
  ///
  /// - Returns: The read and write ends.
  /// - Throws: ``BenchError/systemCall(_:errno:)``.
  static func makePipe() throws(BenchError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw .systemCall("pipe", errno: errno) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }

  /// Writes all bytes to a descriptor.
  ///
  /// The corresponding C function is `write`.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor.
  ///   - bytes: The bytes.
  /// - Returns: Whether every byte was written.
  @discardableResult
  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        retryingOnInterrupt { Glibc.write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset) }
      }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  /// Reads what one `read` call returns.
  ///
  /// The corresponding C function is `read`.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor.
  ///   - maximumCount: The most bytes to read.
  /// - Returns: The bytes; empty at end of file or on an error.
  static func readSome(_ descriptor: Int32, maximumCount: Int = 4096) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maximumCount)
    let count = buffer.withUnsafeMutableBytes { raw in
      retryingOnInterrupt { Glibc.read(descriptor, raw.baseAddress, maximumCount) }
    }
    return count > 0 ? Array(buffer[0..<count]) : []
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
  /// The corresponding C function is `close`.
  ///
  /// - Parameter descriptor: The descriptor.
  static func close(_ descriptor: Int32) {
    _ = Glibc.close(descriptor)
  }

  /// Starts a program with `posix_spawn` (vfork-like, so the parent's size does not slow it): standard input
  /// from a pipe already holding `input`, standard output to a pipe, standard error to `/dev/null`.
  ///
  /// The corresponding C function is `posix_spawn`.
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
    let vectors = ArgumentVectors(path: path, arguments: arguments, environment: environment)
    defer { vectors.free() }
    let (argv, envp) = (vectors.argv, vectors.envp)
    let inputPipe = try makePipe()
    let outputPipe = try makePipe()
    writeAll(inputPipe.write, input)
    close(inputPipe.write)
    defer { close(inputPipe.read) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputPipe.read, 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
    close(outputPipe.write)
    guard status == 0 else {
      close(outputPipe.read)
      throw .systemCall("posix_spawn \(path)", errno: status)
    }
    return (pid, outputPipe.read)
  }

  /// Starts a program in a new session whose controlling terminal, standard input, output and error are a
  /// pseudo-terminal's slave side, with `posix_spawn` (vfork-like, and no loop closing every descriptor up to
  /// the limit), so that the time measured is the program's, not the harness's.
  ///
  /// The corresponding C function is `posix_spawn` (with `POSIX_SPAWN_SETSID`; opening the slave in the new
  /// session makes it the controlling terminal).
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
    let vectors = ArgumentVectors(path: path, arguments: arguments, environment: environment)
    defer { vectors.free() }
    let (argv, envp) = (vectors.argv, vectors.envp)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
    posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaultSignals = sigset_t()
    sigfillset(&defaultSignals)
    posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
    let setSession: Int16 = 0x80  // glibc's POSIX_SPAWN_SETSID, which Swift's Glibc module does not export.
    posix_spawnattr_setflags(
      &attributes, setSession | Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard status == 0 else { throw .systemCall("posix_spawn \(path)", errno: status) }
    return pid
  }

  /// Collects a child's exit status if it has ended, without blocking.
  ///
  /// The corresponding C function is `waitpid` with `WNOHANG`.
  ///
  /// - Parameter pid: The child.
  /// - Returns: Whether it has ended (or is not a child any more).
  static func reapIfExited(_ pid: pid_t) -> Bool {
    var status: Int32 = 0
    return retryingOnInterrupt { waitpid(pid, &status, WNOHANG) } != 0
  }

  /// Waits for a child to end.
  ///
  /// The corresponding C function is `waitpid`.
  ///
  /// - Parameter pid: The child.
  /// - Returns: The raw wait status, or -1 when there is no such child.
  static func waitForExit(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    let result = retryingOnInterrupt { waitpid(pid, &status, 0) }
    return result == pid ? status : -1
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
    let devNull = open("/dev/null", O_RDWR | O_CLOEXEC)
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
    while retryingOnInterrupt({ waitpid(pid, &status, 0) }) == pid {
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
  /// The corresponding C function is `kill`.
  ///
  /// - Parameters:
  ///   - signal: The signal.
  ///   - pid: The process.
  static func send(_ signal: Int32, to pid: pid_t) {
    _ = kill(pid, signal)
  }

  /// Sleeps the calling thread; used only to leave a measured program idle.
  ///
  /// The corresponding C function is `nanosleep`.
  ///
  /// - Parameter duration: How long.
  static func sleep(_ duration: Duration) {
    let components = duration.components
    var request = timespec(tv_sec: Int(components.seconds), tv_nsec: Int(components.attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
  }

  /// Ignores SIGPIPE, so a measured program that hangs up cannot kill the bench.
  ///
  /// The corresponding C function is `signal`.
  static func ignoreBrokenPipe() {
    _ = signal(SIGPIPE, SIG_IGN)
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
