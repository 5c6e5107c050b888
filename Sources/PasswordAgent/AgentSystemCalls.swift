internal import SystemCalls

/// What the agent asks of the system, on the `SystemCalls` layer (which makes every libc call and the one
/// `EINTR` retry): the question directory, the ask files, the asker's socket and the watcher's pipe.
enum AgentSystemCalls {
  /// The text for an errno.
  static func describe(_ errno: Int32) -> String {
    Errno(rawValue: errno).description
  }

  /// Whether the effective user is root.
  static var isRoot: Bool { ProcessCredentials.effective.isRoot }

  /// Makes a directory and any missing parents with mode 0755, as `mkdir -p`.
  ///
  /// - Returns: `nil` when the directory exists now, else the errno.
  static func makeDirectory(_ path: String) -> Int32? {
    do {
      try FileSystem.makeDirectories(path, permissions: 0o755)
      return nil
    } catch {
      return error.rawValue
    }
  }

  /// A watch on `path` for new and removed files.
  static func watchDirectory(_ path: String) -> Result<DirectoryWatch, AgentError> {
    Result { () throws(Errno) in try DirectoryWatch(path) }.mapError { .directory(path: path, errno: $0.rawValue) }
  }

  /// The names in a directory.
  static func listDirectory(_ path: String) -> Result<[String], AgentError> {
    Result { () throws(Errno) in try FileSystem.directoryEntries(path) }
      .mapError { .directory(path: path, errno: $0.rawValue) }
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
    let deadline = BootTimeClock.now + wait
    while true {
      do throws(Errno) {
        try socket.send(bytes)
        return nil
      } catch .wouldBlock {
        let remaining = deadline - BootTimeClock.now
        guard remaining > .zero else { return .askerNotReading }
        var poll = Poll<SendWait>()
        poll.add(.socket, socket.descriptor, waitingFor: .writable)
        if let stop { poll.add(.stop, stop) }
        // The poll rounds up, so the last wait does not end a moment before the deadline and spin.
        let ready = try? poll.wait(timeout: remaining)
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
  static let outOfMemory = Errno.outOfMemory.rawValue

  /// A non-blocking, close-on-exec pipe.
  static func makePipe() -> Result<Pipe, AgentError> {
    Result { () throws(Errno) in try Pipe(nonBlocking: true) }.mapError { .resources(errno: $0.rawValue) }
  }

  /// Waits until a descriptor is readable, or the timeout passes (`nil`: for ever).
  static func waitReadable(_ descriptor: FileDescriptor, timeout: Duration?) {
    _ = try? Poll<Int>.wait(for: descriptor, timeout: timeout)
  }
}
