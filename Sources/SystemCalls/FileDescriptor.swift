internal import CProcessControl
internal import Glibc

/// An open file descriptor: a typed `Int32` whose methods are the package's only `open`, `read`, `write`,
/// `close`, `dup2`, `fcntl` and `pipe` calls.
///
/// A descriptor does not close itself: the owner calls ``close()``, as with the C value.
package struct FileDescriptor: RawRepresentable, Hashable, Sendable {
  /// The C descriptor.
  package let rawValue: Int32

  /// Wraps a C descriptor.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// Descriptor 0.
  package static let standardInput = FileDescriptor(rawValue: 0)
  /// Descriptor 1.
  package static let standardOutput = FileDescriptor(rawValue: 1)
  /// Descriptor 2.
  package static let standardError = FileDescriptor(rawValue: 2)

  /// How a file is opened: for reading, writing or both.
  package struct AccessMode: RawRepresentable, Hashable, Sendable {
    /// The `O_RDONLY`, `O_WRONLY` or `O_RDWR` value.
    package let rawValue: Int32
    /// Wraps an access mode.
    package init(rawValue: Int32) { self.rawValue = rawValue }
    /// `O_RDONLY`.
    package static let readOnly = AccessMode(rawValue: O_RDONLY)
    /// `O_WRONLY`.
    package static let writeOnly = AccessMode(rawValue: O_WRONLY)
    /// `O_RDWR`.
    package static let readWrite = AccessMode(rawValue: O_RDWR)
  }

  /// The `O_*` flags besides the access mode.
  package struct OpenOptions: OptionSet, Hashable, Sendable {
    /// The flags.
    package let rawValue: Int32
    /// Wraps flags.
    package init(rawValue: Int32) { self.rawValue = rawValue }
    /// `O_CLOEXEC`: not inherited by a program this process starts.
    package static let closeOnExec = OpenOptions(rawValue: O_CLOEXEC)
    /// `O_CREAT`.
    package static let create = OpenOptions(rawValue: O_CREAT)
    /// `O_EXCL`: with ``create``, fail when the file exists.
    package static let exclusiveCreate = OpenOptions(rawValue: O_EXCL)
    /// `O_APPEND`.
    package static let append = OpenOptions(rawValue: O_APPEND)
    /// `O_TRUNC`.
    package static let truncate = OpenOptions(rawValue: O_TRUNC)
    /// `O_NOFOLLOW`: fail on a symbolic link.
    package static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
    /// `O_NONBLOCK`.
    package static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
    /// `O_DIRECTORY`: fail unless it is a directory.
    package static let directory = OpenOptions(rawValue: O_DIRECTORY)
    /// `O_NOCTTY`: a terminal does not become the controlling terminal.
    package static let noControllingTerminal = OpenOptions(rawValue: O_NOCTTY)
    /// `O_PATH`: a descriptor that names the file (for `fstat`, or as `/proc/self/fd/N`) but cannot read or
    /// write it; with ``noFollow`` it names a symbolic link itself. glibc declares `O_PATH` only under
    /// `_GNU_SOURCE`, so this is its value in Linux's generic `fcntl.h`, which every architecture Swift runs
    /// on uses.
    package static let pathOnly = OpenOptions(rawValue: 0o10_000_000)
  }

  /// Opens a file. The corresponding C function is `open`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - mode: Read, write or both.
  ///   - options: The other flags; close-on-exec unless the caller says otherwise.
  ///   - permissions: The mode bits for a created file.
  ///   - retryOnInterrupt: Whether to call again after `EINTR`.
  /// - Returns: The new descriptor.
  /// - Throws: The call's ``Errno``.
  package static func open(
    _ path: String, _ mode: AccessMode, options: OpenOptions = [.closeOnExec], permissions: UInt32 = 0,
    retryOnInterrupt: Bool = true
  ) throws(Errno) -> FileDescriptor {
    let flags = mode.rawValue | options.rawValue
    return FileDescriptor(
      rawValue: try valueOrErrno(retryOnInterrupt: retryOnInterrupt) { Glibc.open(path, flags, permissions) })
  }

  /// Opens a file relative to a directory. The corresponding C function is `openat`.
  ///
  /// - Parameters:
  ///   - name: The name inside the directory.
  ///   - mode: Read, write or both.
  ///   - options: The other flags.
  ///   - permissions: The mode bits for a created file.
  /// - Returns: The new descriptor.
  /// - Throws: The call's ``Errno``.
  package func open(
    relative name: String, _ mode: AccessMode, options: OpenOptions = [.closeOnExec], permissions: UInt32 = 0
  ) throws(Errno) -> FileDescriptor {
    let flags = mode.rawValue | options.rawValue
    return FileDescriptor(rawValue: try valueOrErrno { openat(rawValue, name, flags, permissions) })
  }

  /// Opens a path without following a symbolic link anywhere on it: each directory on the way with
  /// `O_PATH | O_NOFOLLOW | O_DIRECTORY` relative to the one before, and the last component with
  /// `O_PATH | O_NOFOLLOW`, so a link there gives a descriptor for the link itself (its status says so).
  /// The corresponding C function is `openat`.
  ///
  /// - Parameter path: The path; a relative one starts at the current directory.
  /// - Returns: An ``OpenOptions/pathOnly``, close-on-exec descriptor for what the path names.
  /// - Throws: The call's ``Errno``: ``Errno/notADirectory`` when a directory on the way is a symbolic
  ///   link (or not a directory), ``Errno/noSuchFileOrDirectory`` when something is missing.
  package static func openWithoutFollowingLinks(_ path: String) throws(Errno) -> FileDescriptor {
    let components = path.split(separator: "/").map(String.init)
    guard let last = components.last else { throw .invalidArgument }
    let pathOnly: OpenOptions = [.pathOnly, .noFollow, .closeOnExec]
    var directory = try open(path.hasPrefix("/") ? "/" : ".", .readOnly, options: pathOnly.union(.directory))
    for component in components.dropLast() {
      let parent = directory
      defer { parent.closeIgnoringErrors() }
      directory = try parent.open(relative: component, .readOnly, options: pathOnly.union(.directory))
    }
    let parent = directory
    defer { parent.closeIgnoringErrors() }
    return try parent.open(relative: last, .readOnly, options: pathOnly)
  }

  /// Reads what is available, up to the buffer's size. The corresponding C function is `read`.
  ///
  /// - Parameters:
  ///   - buffer: Where the bytes go.
  ///   - retryOnInterrupt: Whether to call again after `EINTR`.
  /// - Returns: The number of bytes read; `0` at end of file.
  /// - Throws: The call's ``Errno`` (``Errno/wouldBlock`` when a non-blocking descriptor has nothing).
  package func read(into buffer: UnsafeMutableRawBufferPointer, retryOnInterrupt: Bool = true) throws(Errno) -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    return try valueOrErrno(retryOnInterrupt: retryOnInterrupt) { Glibc.read(rawValue, base, buffer.count) }
  }

  /// Reads up to `maximumCount` bytes into a new array.
  ///
  /// - Parameter maximumCount: The most bytes to read.
  /// - Returns: The bytes; empty at end of file.
  /// - Throws: The call's ``Errno``.
  package func read(upTo maximumCount: Int) throws(Errno) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: maximumCount)
    let count = try bytes.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try read(into: raw) } }.get()
    bytes.removeSubrange(count...)
    return bytes
  }

  /// Reads to the end of the file.
  ///
  /// - Returns: Every byte.
  /// - Throws: The call's ``Errno``.
  package func readToEnd() throws(Errno) -> [UInt8] {
    var result: [UInt8] = []
    while true {
      let chunk = try read(upTo: 4096)
      if chunk.isEmpty { return result }
      result += chunk
    }
  }

  /// Writes some of the bytes. The corresponding C function is `write`.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - retryOnInterrupt: Whether to call again after `EINTR`.
  /// - Returns: How many were written.
  /// - Throws: The call's ``Errno``.
  package func write(_ bytes: UnsafeRawBufferPointer, retryOnInterrupt: Bool = true) throws(Errno) -> Int {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
    return try valueOrErrno(retryOnInterrupt: retryOnInterrupt) { Glibc.write(rawValue, base, bytes.count) }
  }

  /// Writes every byte, continuing after short writes.
  ///
  /// - Parameter bytes: The bytes.
  /// - Throws: The call's ``Errno``.
  package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    var offset = 0
    while offset < bytes.count {
      offset += try write(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
    }
  }

  /// Writes every byte of an array, continuing after short writes.
  ///
  /// - Parameter bytes: The bytes.
  /// - Throws: The call's ``Errno``.
  package func writeAll(_ bytes: [UInt8]) throws(Errno) {
    try bytes.withUnsafeBytes { raw in Result { () throws(Errno) in try writeAll(raw) } }.get()
  }

  /// Writes one byte from a signal handler: async-signal-safe, never allocates, keeps `errno` unchanged;
  /// a full non-blocking pipe drops the byte.
  ///
  /// - Parameter byte: The byte.
  package func writeFromSignalHandler(_ byte: UInt8) {
    let saved = errno
    var byte = byte
    _ = try? valueOrErrno { Glibc.write(rawValue, &byte, 1) }
    errno = saved
  }

  /// Closes the descriptor. `EINTR` is not retried: on Linux the descriptor is closed anyway.
  /// The corresponding C function is `close`.
  ///
  /// - Throws: The call's ``Errno``.
  package func close() throws(Errno) {
    try nothingOrErrno(retryOnInterrupt: false) { Glibc.close(rawValue) }
  }

  /// Closes the descriptor where a failure leaves nothing to do.
  package func closeIgnoringErrors() {
    _ = Glibc.close(rawValue)
  }

  /// Makes `target` refer to the same open file. The corresponding C function is `dup2`.
  ///
  /// - Parameter target: The descriptor number to reuse.
  /// - Returns: `target`.
  /// - Throws: The call's ``Errno``.
  @discardableResult
  package func duplicate(as target: FileDescriptor) throws(Errno) -> FileDescriptor {
    FileDescriptor(rawValue: try valueOrErrno { dup2(rawValue, target.rawValue) })
  }

  /// A new descriptor for the same open file, closed on exec, numbered at least `lowest`. The corresponding
  /// C function is `fcntl` with `F_DUPFD_CLOEXEC`.
  ///
  /// - Parameter lowest: The smallest number the copy may have.
  /// - Returns: The copy.
  /// - Throws: The call's ``Errno``.
  package func duplicate(atLeast lowest: FileDescriptor = .standardInput) throws(Errno) -> FileDescriptor {
    FileDescriptor(rawValue: try valueOrErrno { fcntl(rawValue, F_DUPFD_CLOEXEC, lowest.rawValue) })
  }

  /// Whether the descriptor is a terminal. The corresponding C function is `isatty`.
  package var isTerminal: Bool { isatty(rawValue) == 1 }

  /// Whether the descriptor is the master side of a pseudo-terminal (what opening `/dev/ptmx` gives): the
  /// kernel tells a pseudo-terminal's number to its master only. The corresponding C function is `ioctl`
  /// with `TIOCGPTN`.
  package var isPseudoTerminalMaster: Bool {
    var number: UInt32 = 0
    return passcode_pseudo_terminal_number(rawValue, &number) == 0
  }

  /// Whether the descriptor is open. The corresponding C function is `fcntl` with `F_GETFD`.
  package var isOpen: Bool { fcntl(rawValue, F_GETFD) != -1 }

  /// Whether the descriptor is closed when this process starts another program.
  /// The corresponding C function is `fcntl` with `F_GETFD`/`F_SETFD`.
  ///
  /// - Throws: The call's ``Errno``.
  package func closesOnExec() throws(Errno) -> Bool {
    try valueOrErrno { fcntl(rawValue, F_GETFD) } & FD_CLOEXEC != 0
  }

  /// Sets or clears close-on-exec. The corresponding C function is `fcntl` with `F_SETFD`.
  ///
  /// - Parameter enabled: Whether the descriptor is closed on exec.
  /// - Throws: The call's ``Errno``.
  package func setClosesOnExec(_ enabled: Bool) throws(Errno) {
    let flags = try valueOrErrno { fcntl(rawValue, F_GETFD) }
    let wanted = enabled ? flags | FD_CLOEXEC : flags & ~FD_CLOEXEC
    try nothingOrErrno { fcntl(rawValue, F_SETFD, wanted) }
  }

  /// Sets or clears `O_NONBLOCK`. The corresponding C function is `fcntl` with `F_SETFL`.
  ///
  /// - Parameter enabled: Whether reads and writes return ``Errno/wouldBlock`` instead of waiting.
  /// - Throws: The call's ``Errno``.
  package func setNonBlocking(_ enabled: Bool) throws(Errno) {
    let flags = try valueOrErrno { fcntl(rawValue, F_GETFL) }
    let wanted = enabled ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
    try nothingOrErrno { fcntl(rawValue, F_SETFL, wanted) }
  }

  /// The descriptors this process has open, read from `/proc/self/fd`.
  ///
  /// - Returns: The descriptors, in no particular order; empty when `/proc` is not mounted.
  package static func openDescriptors() -> [FileDescriptor] {
    // The listing's own descriptors are closed again by the time it returns, so they drop out as not open.
    let names = (try? FileSystem.directoryEntries("/proc/self/fd")) ?? []
    return names.compactMap(Int32.init).map(FileDescriptor.init(rawValue:)).filter(\.isOpen)
  }
}

/// A pipe: bytes written to one end come out of the other.
package struct Pipe: Sendable {
  /// The end to read from.
  package let readEnd: FileDescriptor
  /// The end to write to.
  package let writeEnd: FileDescriptor

  /// Creates a pipe whose ends are closed on exec. The corresponding C function is `pipe2`.
  ///
  /// - Parameter nonBlocking: Whether both ends are non-blocking.
  /// - Throws: The call's ``Errno``.
  package init(nonBlocking: Bool = false) throws(Errno) {
    var descriptors: [Int32] = [-1, -1]
    let flags = O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)
    try nothingOrErrno { passcode_pipe2(&descriptors, flags) }
    readEnd = FileDescriptor(rawValue: descriptors[0])
    writeEnd = FileDescriptor(rawValue: descriptors[1])
  }

  /// Closes both ends.
  package func close() {
    readEnd.closeIgnoringErrors()
    writeEnd.closeIgnoringErrors()
  }
}
