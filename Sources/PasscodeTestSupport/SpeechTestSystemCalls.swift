import Foundation
import Glibc

/// The one place where the speech test support calls libc: process spawning, waiting, signals and Unix sockets.
///
/// EINTR is retried here, in ``retryingOnInterrupt(_:)``, and nowhere else.
enum SpeechTestSystemCalls {
  /// glibc's `POSIX_SPAWN_SETSID`, which Swift's Glibc module does not export.
  private static let spawnSetSessionFlag: Int16 = 0x80

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

  /// Starts a program in a new session with stdin from `/dev/null`, stdout and stderr appended to a file,
  /// and every other inherited descriptor closed.
  ///
  /// - Parameters:
  ///   - executable: The program, looked up in `PATH`.
  ///   - arguments: The arguments after the program's name.
  ///   - environment: The whole environment.
  ///   - outputPath: The file stdout and stderr go to.
  /// - Returns: The child's process id.
  /// - Throws: ``SpeechTestSupportError/systemCall(_:errno:)`` when spawning fails.
  /// The corresponding C function is `posix_spawnp`.
  static func spawn(
    executable: String, arguments: [String], environment: [String: String], outputPath: String
  ) throws -> pid_t {
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    for descriptor in inheritableDescriptors() where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The spawning thread may block signals (Dispatch's threads do) and this process ignores SIGPIPE; the child
    // must start with nothing blocked and default dispositions, or SIGTERM would not stop a daemon.
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaultSignals = sigset_t()
    sigemptyset(&defaultSignals)
    for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP] { sigaddset(&defaultSignals, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
    posix_spawnattr_setflags(
      &attributes, spawnSetSessionFlag | Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let status = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
    guard status == 0 else { throw SpeechTestSupportError.systemCall("posix_spawnp \(executable)", errno: status) }
    return pid
  }

  /// The open descriptors of this process that a child would inherit (those without close-on-exec).
  private static func inheritableDescriptors() -> [Int32] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return names.compactMap(Int32.init).filter { fcntl($0, F_GETFD) >= 0 && fcntl($0, F_GETFD) & FD_CLOEXEC == 0 }
  }

  /// Collects a child's exit status if it has ended, without blocking.
  ///
  /// - Parameter pid: The child.
  /// - Returns: The raw wait status, or `nil` while the child runs.
  /// The corresponding C function is `waitpid`.
  static func reapIfExited(_ pid: pid_t) -> Int32? {
    var status: Int32 = 0
    let result = retryingOnInterrupt { waitpid(pid, &status, WNOHANG) }
    if result == pid { return status }
    if result == -1 { return -1 }
    return nil
  }

  /// Sends a signal to a process.
  ///
  /// - Parameters:
  ///   - signal: The signal, such as `SIGTERM`.
  ///   - pid: The process.
  /// The corresponding C function is `kill`.
  static func send(_ signal: Int32, to pid: pid_t) {
    _ = kill(pid, signal)
  }

  /// Makes a listening Unix stream socket at a path (close-on-exec).
  ///
  /// - Parameter path: The socket's path; an old file there is removed.
  /// - Returns: The listening descriptor.
  /// - Throws: ``SpeechTestSupportError/systemCall(_:errno:)`` when a call fails.
  /// The corresponding C functions are `socket`, `bind` and `listen`.
  static func listenUnix(path: String) throws -> Int32 {
    unlink(path)
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw SpeechTestSupportError.systemCall("socket", errno: errno) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      close(descriptor)
      throw SpeechTestSupportError.systemCall("socket path too long", errno: ENAMETOOLONG)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: bytes)
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(descriptor, 16) == 0 else {
      let code = errno
      close(descriptor)
      throw SpeechTestSupportError.systemCall("bind/listen \(path)", errno: code)
    }
    return descriptor
  }

  /// Accepts one connection (close-on-exec).
  ///
  /// - Parameter descriptor: The listening socket.
  /// - Returns: The connection's descriptor, or -1 when the socket was shut down.
  /// The corresponding C functions are `accept` and `fcntl`.
  static func accept(_ descriptor: Int32) -> Int32 {
    let connection = retryingOnInterrupt { Glibc.accept(descriptor, nil, nil) }
    if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
    return connection
  }

  /// Shuts a socket down both ways, waking a thread blocked in accept.
  ///
  /// - Parameter descriptor: The socket.
  /// The corresponding C function is `shutdown`.
  static func shutdownBoth(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
  }

  /// Closes a descriptor.
  ///
  /// - Parameter descriptor: The descriptor.
  /// The corresponding C function is `close`.
  static func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
  }
}
