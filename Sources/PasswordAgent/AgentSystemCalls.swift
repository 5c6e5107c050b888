#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Every C call the agent makes, in one place; `EINTR` is retried here and nowhere else.
enum AgentSystemCalls {
  /// The text for an errno. The corresponding C function is `strerror`.
  static func describe(_ errno: Int32) -> String {
    guard let text = strerror(errno) else { return "error \(errno)" }
    return String(cString: text)
  }

  /// Retries `body` while it fails with `EINTR`; returns its result, or `-errno`.
  private static func retrying(_ body: () -> Int) -> Int {
    while true {
      let result = body()
      if result >= 0 { return result }
      if errno != EINTR { return -Int(errno) }
    }
  }

  /// The current `CLOCK_MONOTONIC` time. The corresponding C function is `clock_gettime`.
  static func monotonicNow() -> MonotonicInstant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return MonotonicInstant(microseconds: UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000)
  }

  /// Whether the effective user is root. The corresponding C function is `geteuid`.
  static var isRoot: Bool { geteuid() == 0 }

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
      close(descriptor)
      return .failure(.directory(path: path, errno: error))
    }
    return .success(descriptor)
  }

  /// Reads and drops whatever is waiting on a non-blocking descriptor. The corresponding C function is `read`.
  static func drain(_ descriptor: Int32) {
    var scratch = [UInt8](repeating: 0, count: 4096)
    while scratch.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
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
  /// its modification time in nanoseconds. The corresponding C functions are `open`, `fstat` and `read`.
  static func readRegularFile(_ path: String, limit: Int) -> (bytes: [UInt8], modified: Int64)? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: limit + 1)
    var count = 0
    while count < bytes.count {
      let result = bytes.withUnsafeMutableBytes { buffer in
        retrying { read(descriptor, buffer.baseAddress?.advanced(by: count), buffer.count - count) }
      }
      if result <= 0 { break }
      count += result
    }
    let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    return (Array(bytes[0..<count]), modified)
  }

  /// Whether a process exists. The corresponding C function is `kill` with signal 0.
  static func processExists(_ processIdentifier: Int32) -> Bool {
    kill(processIdentifier, 0) == 0 || errno == EPERM
  }

  /// Sends one datagram to a Unix socket path. The corresponding C functions are `socket` and `sendto`.
  ///
  /// - Returns: `nil` when it was sent; ``AgentError/askerGone`` when the socket is gone or nobody reads
  ///   it; ``AgentError/permissionDenied(socketPath:)`` when only root may send.
  static func sendDatagram(_ bytes: UnsafeRawBufferPointer, to path: String) -> AgentError? {
    let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return .send(errno: errno) }
    defer { close(descriptor) }
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
        retrying { sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, length) }
      }
    }
    guard result < 0 else { return nil }
    switch Int32(-result) {
    case ENOENT, ECONNREFUSED: return .askerGone
    case EACCES, EPERM: return .permissionDenied(socketPath: path)
    case let other: return .send(errno: other)
    }
  }

  /// `ENOMEM`.
  static let outOfMemory = ENOMEM

  /// A non-blocking, close-on-exec pipe. The corresponding C functions are `pipe` and `fcntl` (Swift's
  /// Glibc module does not offer `pipe2`).
  static func makePipe() -> Result<(read: Int32, write: Int32), AgentError> {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return .failure(.resources(errno: errno)) }
    for descriptor in descriptors {
      let flags = fcntl(descriptor, F_GETFL)
      guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0, flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
      else {
        let error = errno
        descriptors.forEach { close($0) }
        return .failure(.resources(errno: error))
      }
    }
    return .success((descriptors[0], descriptors[1]))
  }

  /// Writes one byte, ignoring a full pipe. The corresponding C function is `write`.
  static func signal(_ descriptor: Int32) {
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
  }

  /// Waits until a descriptor is readable, or the timeout in milliseconds passes (-1: forever).
  /// The corresponding C function is `poll`.
  static func waitReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32) {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    _ = retrying { Int(poll(&entries, nfds_t(entries.count), timeoutMilliseconds)) }
  }

  /// Sleeps. The corresponding C function is `usleep`.
  static func pause(milliseconds: Int) {
    usleep(useconds_t(milliseconds * 1000))
  }

  /// Closes a descriptor. The corresponding C function is `close`.
  static func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
  }
}

extension MonotonicInstant {
  /// The current time on `CLOCK_MONOTONIC`. (Kept here, with the C calls, so that the parser's files build
  /// alone for the fuzzer.)
  public static func now() -> MonotonicInstant {
    AgentSystemCalls.monotonicNow()
  }
}
