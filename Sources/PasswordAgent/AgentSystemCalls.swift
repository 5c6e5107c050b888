internal import Glibc
internal import SystemCalls

/// The agent's own C calls (inotify, `mkdir`, the directory listing), built on the `SystemCalls` layer,
/// which does the descriptors, file status, datagram sockets, pipes, polls, signals and the one `EINTR` retry.
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

  /// The contents of a regular file, at most `limit + 1` bytes, without following a symbolic link, and its
  /// status from `fstat` on the opened file (its owner and mode are checked on what was read, not on
  /// what the path names later).
  static func readRegularFile(_ path: String, limit: Int) -> (bytes: [UInt8], status: FileStatus)? {
    guard
      let file = try? FileDescriptor.open(
        path, .readOnly, options: [.closeOnExec, .noFollow, .nonBlocking, .noControllingTerminal])
    else { return nil }
    defer { file.closeIgnoringErrors() }
    guard let status = try? FileStatus(descriptor: file), status.isRegularFile else { return nil }
    var bytes: [UInt8] = []
    while bytes.count < limit + 1, let chunk = try? file.read(upTo: limit + 1 - bytes.count), !chunk.isEmpty {
      bytes += chunk
    }
    return (bytes, status)
  }

  /// Why an `ask.*` file's status makes it untrusted: root must own it, and neither its group nor others
  /// may write it.
  static func distrust(ofQuestionFile status: FileStatus) -> UntrustedReason? {
    if !status.isOwnedByRoot { return .fileOwner(user: status.owner) }
    if status.isWritableByGroupOrOthers { return .fileWritable(mode: status.mode) }
    return nil
  }

  /// Opens the socket a `Socket=` path names, reached without following a symbolic link anywhere on the
  /// way, and checks on the opened file that it is a socket and that root owns it.
  ///
  /// - Returns: The ``FileDescriptor/OpenOptions/pathOnly`` descriptor to connect through; the caller
  ///   closes it. ``AgentError/askerGone`` when nothing is there any more,
  ///   ``AgentError/untrustedSocket(_:)`` when it is not root's socket.
  static func openTrustedSocket(_ path: String) -> Result<FileDescriptor, AgentError> {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.openWithoutFollowingLinks(path)
    } catch {
      return .failure(sendFailure(error, path: path))
    }
    let reason: UntrustedReason?
    do {
      let status = try FileStatus(descriptor: file)
      if status.isSymbolicLink {
        reason = .socketLink
      } else if !status.isSocket {
        reason = .socketType
      } else if !status.isOwnedByRoot {
        reason = .socketOwner(user: status.owner)
      } else {
        reason = nil
      }
    } catch {
      file.closeIgnoringErrors()
      return .failure(.send(errno: error.rawValue))
    }
    if let reason {
      file.closeIgnoringErrors()
      return .failure(.untrustedSocket(reason))
    }
    return .success(file)
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

  /// What a send waits on.
  private enum SendWait: Hashable, Sendable {
    case socket
    case stop
  }

  /// Sends one datagram to the asker's socket (checked with ``openTrustedSocket(_:)``) without ever
  /// blocking in `send`: while the asker's queue is full, it waits in `poll` for room, for at most `wait`,
  /// and gives up at once when `stop` becomes readable. The corresponding C functions are `socket`,
  /// `connect` and `send`.
  ///
  /// - Parameters:
  ///   - bytes: The datagram.
  ///   - path: The `Socket=` path.
  ///   - wait: How long a full queue is waited on; zero tries once.
  ///   - stop: A descriptor that becomes readable to stop waiting, or `nil`.
  /// - Returns: `nil` when it was sent; otherwise why not (``AgentError/askerGone``,
  ///   ``AgentError/askerNotReading``, ``AgentError/untrustedSocket(_:)``, ``AgentError/stopped``,
  ///   ``AgentError/permissionDenied(socketPath:)`` when only root may send).
  static func sendDatagram(
    _ bytes: UnsafeRawBufferPointer, to path: String, waitingUpTo wait: Duration, stop: FileDescriptor?
  ) -> AgentError? {
    let socketFile: FileDescriptor
    switch openTrustedSocket(path) {
    case let .success(file): socketFile = file
    case let .failure(failure): return failure
    }
    defer { socketFile.closeIgnoringErrors() }
    let socket: UnixDatagramSocket
    do throws(Errno) {
      socket = try UnixDatagramSocket()
      do throws(Errno) {
        try socket.connect(toOpened: socketFile)
      } catch {
        socket.close()
        throw error
      }
    } catch {
      // A missing file here is `/proc` (the socket itself is open): not a vanished asker.
      return error == .noSuchFileOrDirectory ? .send(errno: error.rawValue) : sendFailure(error, path: path)
    }
    defer { socket.close() }
    let deadline = MonotonicClock.now + wait
    while true {
      do throws(Errno) {
        try socket.send(bytes)
        return nil
      } catch .wouldBlock {
        let remaining = (deadline - MonotonicClock.now).wholeMilliseconds
        guard remaining > 0 else { return .askerNotReading }
        var poll = Poll<SendWait>()
        poll.add(.socket, socket.descriptor, waitingFor: .writable)
        if let stop { poll.add(.stop, stop) }
        // Rounded up, so the last wait does not end a moment before the deadline and spin.
        let ready = try? poll.wait(timeoutMilliseconds: Int32(clamping: remaining + 1))
        if ready?.isReadable(.stop) == true { return .stopped }
      } catch {
        return sendFailure(error, path: path)
      }
    }
  }

  /// What a failed `open`, `connect` or `send` on the asker's socket means.
  private static func sendFailure(_ error: Errno, path: String) -> AgentError {
    switch error {
    case .noSuchFileOrDirectory, .connectionRefused: .askerGone
    case .notADirectory, .tooManySymbolicLinks: .untrustedSocket(.socketLink)
    case .permissionDenied, .notPermitted: .permissionDenied(socketPath: path)
    default: .send(errno: error.rawValue)
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
