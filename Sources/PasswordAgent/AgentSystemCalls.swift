internal import Glibc
internal import SystemCalls

/// The agent's own C calls (inotify, `mkdir`, `fstat`, datagrams, the monotonic clock), built on the
/// `SystemCalls` layer, which does the descriptors, pipes, polls, signals and the one `EINTR` retry.
enum AgentSystemCalls {
  /// The text for an errno.
  static func describe(_ errno: Int32) -> String {
    Errno(rawValue: errno).description
  }

  /// The current `CLOCK_MONOTONIC` time.
  static func monotonicNow() -> MonotonicInstant {
    MonotonicInstant(microseconds: UInt64(SystemClock.monotonic.nanosecondsNow / 1000))
  }

  /// Whether the effective user is root.
  static var isRoot: Bool { ProcessCredentials.effective.isRoot }

  /// Makes a directory and any missing parents with mode 0755, as `mkdir -p`. The corresponding C function
  /// is `mkdir`.
  ///
  /// - Returns: `nil` when the directory exists now, else the errno.
  static func makeDirectory(_ path: String) -> Int32? {
    var prefix = ""
    for component in path.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, 0o755) != 0, errno != EEXIST { return errno }
    }
    return nil
  }

  /// A non-blocking, close-on-exec inotify descriptor watching `path` for new and removed files.
  /// The corresponding C functions are `inotify_init1` and `inotify_add_watch`.
  static func watchDirectory(_ path: String) -> Result<Int32, AgentError> {
    let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard descriptor >= 0 else { return .failure(.directory(path: path, errno: errno)) }
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR)
    guard inotify_add_watch(descriptor, path, mask) >= 0 else {
      let error = errno
      FileDescriptor(rawValue: descriptor).closeIgnoringErrors()
      return .failure(.directory(path: path, errno: error))
    }
    return .success(descriptor)
  }

  /// Reads and drops whatever is waiting on a non-blocking descriptor.
  static func drain(_ descriptor: Int32) {
    while let bytes = try? FileDescriptor(rawValue: descriptor).read(upTo: 4096), !bytes.isEmpty {}
  }

  /// The names in a directory. The corresponding C functions are `opendir`, `readdir` and `closedir`.
  static func listDirectory(_ path: String) -> Result<[String], AgentError> {
    guard let directory = opendir(path) else { return .failure(.directory(path: path, errno: errno)) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      names.append(name)
    }
    return .success(names)
  }

  /// The contents of a regular file, at most `limit + 1` bytes, without following a symbolic link, and
  /// its modification time in nanoseconds. The corresponding C function is `fstat`.
  static func readRegularFile(_ path: String, limit: Int) -> (bytes: [UInt8], modified: Int64)? {
    guard
      let file = try? FileDescriptor.open(
        path, .readOnly, options: [.closeOnExec, .noFollow, .nonBlocking, .noControllingTerminal])
    else { return nil }
    defer { file.closeIgnoringErrors() }
    var status = stat()
    guard fstat(file.rawValue, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    while bytes.count < limit + 1, let chunk = try? file.read(upTo: limit + 1 - bytes.count), !chunk.isEmpty {
      bytes += chunk
    }
    let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    return (bytes, modified)
  }

  /// Whether a process exists: signal 0 reaches it, or only permission is lacking.
  static func processExists(_ processIdentifier: Int32) -> Bool {
    do {
      try ProcessIdentifier(rawValue: processIdentifier).send(SignalNumber(rawValue: 0))
      return true
    } catch {
      return error == .notPermitted
    }
  }

  /// Sends one datagram to a Unix socket path. The corresponding C functions are `socket` and `sendto`.
  ///
  /// - Returns: `nil` when it was sent; ``AgentError/askerGone`` when the socket is gone or nobody reads
  ///   it; ``AgentError/permissionDenied(socketPath:)`` when only root may send.
  static func sendDatagram(_ bytes: UnsafeRawBufferPointer, to path: String) -> AgentError? {
    let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return .send(errno: errno) }
    defer { FileDescriptor(rawValue: descriptor).closeIgnoringErrors() }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let pathBytes = Array(path.utf8)
    guard pathBytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return .send(errno: ENAMETOOLONG) }
    withUnsafeMutableBytes(of: &address.sun_path) { destination in
      destination.copyBytes(from: pathBytes)
    }
    let length = socklen_t(MemoryLayout<sockaddr_un>.size)
    let result = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        Result { () throws(Errno) in
          try nothingOrErrno {
            sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, length)
          }
        }
      }
    }
    guard case .failure(let failure) = result else { return nil }
    switch failure.rawValue {
    case ENOENT, ECONNREFUSED: return .askerGone
    case EACCES, EPERM: return .permissionDenied(socketPath: path)
    case let other: return .send(errno: other)
    }
  }

  /// `ENOMEM`.
  static let outOfMemory = ENOMEM

  /// A non-blocking, close-on-exec pipe.
  static func makePipe() -> Result<(read: Int32, write: Int32), AgentError> {
    do {
      let pipe = try Pipe(nonBlocking: true)
      return .success((pipe.readEnd.rawValue, pipe.writeEnd.rawValue))
    } catch {
      return .failure(.resources(errno: error.rawValue))
    }
  }

  /// Writes one byte, ignoring a full pipe.
  static func signal(_ descriptor: Int32) {
    try? FileDescriptor(rawValue: descriptor).writeAll([1])
  }

  /// Waits until a descriptor is readable, or the timeout in milliseconds passes (-1: forever).
  static func waitReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32) {
    var poll = Poll<Int32>()
    for descriptor in descriptors { poll.add(descriptor, FileDescriptor(rawValue: descriptor)) }
    _ = try? poll.wait(timeoutMilliseconds: timeoutMilliseconds)
  }

  /// Sleeps.
  static func pause(milliseconds: Int) {
    sleep(milliseconds: Int32(clamping: milliseconds))
  }

  /// Closes a descriptor.
  static func closeDescriptor(_ descriptor: Int32) {
    FileDescriptor(rawValue: descriptor).closeIgnoringErrors()
  }
}

extension MonotonicInstant {
  /// The current time on `CLOCK_MONOTONIC`. (Kept here, with the C calls, so that the parser's files build
  /// alone for the fuzzer.)
  public static func now() -> MonotonicInstant {
    AgentSystemCalls.monotonicNow()
  }
}
