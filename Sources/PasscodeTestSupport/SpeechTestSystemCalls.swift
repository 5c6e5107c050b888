internal import SystemCalls

/// The speech test support's adapters for its spawner (``Spawn``) and the `SystemCalls` layer's waits, signals and
/// Unix sockets, on plain descriptor numbers; those make the calls, and the layer retries `EINTR`.
enum SpeechTestSystemCalls {
  /// Starts a program in a new session with stdin from `/dev/null`, stdout and stderr appended to a file,
  /// and every other inherited descriptor closed; ``Spawn`` starts it with nothing blocked and
  /// default dispositions, so SIGTERM stops a daemon even when the spawning thread blocks signals.
  ///
  /// - Parameters:
  ///   - executable: The program, looked up in `PATH`.
  ///   - arguments: The arguments after the program's name.
  ///   - environment: The whole environment.
  ///   - outputPath: The file stdout and stderr go to.
  /// - Returns: The child's process id.
  /// - Throws: ``SpeechTestSupportError/systemCall(_:errno:)`` when spawning fails.
  static func spawn(
    executable: String, arguments: [String], environment: [String: String], outputPath: String
  ) throws -> Int32 {
    var spawn = Spawn(executable: executable, arguments: arguments, environment: environment)
    spawn.searchesPath = true
    spawn.startsNewSession = true
    spawn.fileActions = [
      .open(.standardInput, path: "/dev/null", .readOnly, [], permissions: 0),
      .open(.standardOutput, path: outputPath, .writeOnly, [.create, .append], permissions: 0o644),
      .duplicate(.standardOutput, as: .standardError),
    ]
    do {
      return try spawn.runPinned().rawValue
    } catch {
      throw SpeechTestSupportError.systemCall("posix_spawnp \(executable)", errno: error.rawValue)
    }
  }

  /// Collects a child's exit status if it has ended, without blocking.
  ///
  /// - Parameter pid: The child.
  /// - Returns: The raw wait status, or `nil` while the child runs.
  static func reapIfExited(_ pid: Int32) -> Int32? {
    do {
      return try ProcessIdentifier(rawValue: pid).statusIfExited()?.rawValue
    } catch {
      return -1
    }
  }

  /// Sends a signal to a process.
  ///
  /// - Parameters:
  ///   - signal: The signal's number, such as `SIGTERM`.
  ///   - pid: The process.
  static func send(_ signal: Int32, to pid: Int32) {
    guard let signal = Signal(number: signal) else { return }
    try? ProcessIdentifier(rawValue: pid).send(signal)
  }

  /// Makes a listening Unix stream socket at a path (close-on-exec).
  ///
  /// - Parameter path: The socket's path; an old file there is removed.
  /// - Returns: The listening descriptor.
  /// - Throws: ``SpeechTestSupportError/systemCall(_:errno:)`` when a call fails.
  static func listenUnix(path: String) throws -> Int32 {
    try? FileSystem.removeFile(path)
    do {
      return try UnixSocket.listeningStream(at: path).rawValue
    } catch {
      throw SpeechTestSupportError.systemCall("socket/bind/listen \(path)", errno: error.rawValue)
    }
  }

  /// Makes a Unix datagram socket bound at a path (close-on-exec), as an asker's.
  ///
  /// - Parameter path: The socket's path.
  /// - Returns: The bound descriptor.
  /// - Throws: ``SpeechTestSupportError/systemCall(_:errno:)`` when a call fails.
  static func bindDatagram(path: String) throws -> Int32 {
    do {
      return try UnixSocket.boundDatagram(at: path).rawValue
    } catch {
      throw SpeechTestSupportError.systemCall("socket/bind \(path)", errno: error.rawValue)
    }
  }

  /// Sends one datagram without waiting.
  ///
  /// - Parameters:
  ///   - bytes: The datagram.
  ///   - path: The receiving socket.
  ///   - descriptor: An unbound datagram socket to send from (``unboundDatagram()``).
  /// - Returns: `nil` when it was sent, else the errno (``wouldBlock`` when the receiver's queue is full).
  static func sendDatagramWithoutWaiting(_ bytes: [UInt8], to path: String, from descriptor: Int32) -> Int32? {
    do {
      try FileDescriptor(rawValue: descriptor).sendDatagramWithoutWaiting(bytes, to: path)
      return nil
    } catch {
      return error.rawValue
    }
  }

  /// Makes an unbound datagram socket to send from (close-on-exec); -1 when it cannot be made.
  static func unboundDatagram() -> Int32 {
    (try? UnixSocket.unboundDatagram())?.rawValue ?? -1
  }

  /// Receives one datagram without waiting; `nil` when none is waiting.
  static func receiveWithoutWaiting(_ descriptor: Int32) -> [UInt8]? {
    try? FileDescriptor(rawValue: descriptor).receiveWithoutWaiting()
  }

  /// `EAGAIN`: a non-blocking send found the receiver's queue full.
  static let wouldBlock = Errno.wouldBlock.rawValue

  /// Whether a descriptor became readable within the timeout.
  static func waitReadable(_ descriptor: Int32, timeout: Duration) -> Bool {
    let events = try? Poll.wait(for: FileDescriptor(rawValue: descriptor), timeout: timeout)
    return !(events ?? []).isEmpty
  }

  /// Accepts one connection (close-on-exec).
  ///
  /// - Parameter descriptor: The listening socket.
  /// - Returns: The connection's descriptor, or -1 when the socket was shut down.
  static func accept(_ descriptor: Int32) -> Int32 {
    (try? FileDescriptor(rawValue: descriptor).acceptConnection())?.rawValue ?? -1
  }

  /// Shuts a socket down both ways, waking a thread blocked in accept.
  ///
  /// - Parameter descriptor: The socket.
  static func shutdownBoth(_ descriptor: Int32) {
    FileDescriptor(rawValue: descriptor).shutDownBothWays()
  }

  /// Closes a descriptor.
  ///
  /// - Parameter descriptor: The descriptor.
  static func closeDescriptor(_ descriptor: Int32) {
    FileDescriptor(rawValue: descriptor).closeIgnoringErrors()
  }
}
