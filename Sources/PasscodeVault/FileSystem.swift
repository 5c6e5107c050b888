internal import Glibc
internal import SystemCalls

/// The vault's own libc calls (status, permissions, `fsync`, renames, directories, locks, and the few process
/// facts the vault needs: user, session, terminal, wall clock), as thin wrappers on the `SystemCalls` layer,
/// which turns a `-1` into a thrown ``Errno``, retries `EINTR`, and does the plain descriptor calls.
/// Paths and policy live in ``SecureFile`` and its callers.
enum FileSystem {
  /// Opens a file.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - flags: `O_*` flags; `O_CLOEXEC` is always added.
  ///   - mode: The permissions of a file created by `O_CREAT`.
  /// - Returns: The file descriptor.
  /// - Throws: The ``Errno`` of the failure.
  static func open(_ path: String, flags: Int32, mode: mode_t = 0) throws(Errno) -> Int32 {
    try FileDescriptor.open(
      path, FileDescriptor.AccessMode(rawValue: flags & O_ACCMODE),
      options: FileDescriptor.OpenOptions(rawValue: flags & ~O_ACCMODE).union(.closeOnExec), permissions: mode
    ).rawValue
  }

  /// Reads the status of an open file.
  ///
  /// - Parameter descriptor: The file descriptor.
  /// - Returns: The status.
  /// - Throws: The ``Errno`` of the failure.
  ///
  /// The corresponding C function is `fstat`.
  static func status(of descriptor: Int32) throws(Errno) -> stat {
    var status = stat()
    _ = try valueOrErrno { fstat(descriptor, &status) }
    return status
  }

  /// Sets the permissions of an open file.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - mode: The permission bits.
  /// - Throws: The ``Errno`` of the failure.
  ///
  /// The corresponding C function is `fchmod`.
  static func changeMode(of descriptor: Int32, to mode: mode_t) throws(Errno) {
    _ = try valueOrErrno { fchmod(descriptor, mode) }
  }

  /// Flushes an open file, or a directory's entries, to the storage device.
  ///
  /// - Parameter descriptor: The file descriptor.
  /// - Throws: The ``Errno`` of the failure.
  ///
  /// The corresponding C function is `fsync`.
  static func synchronize(_ descriptor: Int32) throws(Errno) {
    _ = try valueOrErrno { fsync(descriptor) }
  }

  /// Renames a file atomically within one file system, replacing the destination.
  ///
  /// - Parameters:
  ///   - source: The current path.
  ///   - destination: The new path.
  /// - Throws: The ``Errno`` of the failure.
  ///
  /// The corresponding C function is `rename`.
  static func rename(_ source: String, to destination: String) throws(Errno) {
    _ = try valueOrErrno {
      source.withCString { from in destination.withCString { to in Glibc.rename(from, to) } }
    }
  }

  /// Creates a directory.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - mode: The permission bits.
  /// - Throws: The ``Errno`` of the failure.
  ///
  /// The corresponding C function is `mkdir`.
  static func makeDirectory(_ path: String, mode: mode_t) throws(Errno) {
    _ = try valueOrErrno { path.withCString { mkdir($0, mode) } }
  }

  /// Takes an exclusive advisory lock on an open file, waiting for it. Closing the descriptor releases it.
  ///
  /// - Parameter descriptor: The file descriptor.
  /// - Throws: The ``Errno`` of the failure.
  ///
  /// The corresponding C function is `flock`.
  static func lockExclusively(_ descriptor: Int32) throws(Errno) {
    _ = try valueOrErrno { flock(descriptor, LOCK_EX) }
  }

  /// Removes a directory entry.
  ///
  /// - Parameter path: The path.
  /// - Throws: The ``Errno`` of the failure.
  ///
  /// The corresponding C function is `unlink`.
  static func unlink(_ path: String) throws(Errno) {
    _ = try valueOrErrno { path.withCString { Glibc.unlink($0) } }
  }

  /// Reads up to `buffer.count` bytes.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - buffer: Where the bytes go.
  /// - Returns: The number of bytes read; 0 at the end of the file.
  /// - Throws: The ``Errno`` of the failure.
  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try FileDescriptor(rawValue: descriptor).read(into: buffer)
  }

  /// Writes up to `bytes.count` bytes.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor.
  ///   - bytes: The bytes.
  /// - Returns: The number of bytes written.
  /// - Throws: The ``Errno`` of the failure.
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
    try FileDescriptor(rawValue: descriptor).write(bytes)
  }

  /// Closes a file descriptor. On Linux the descriptor is released even when `close` reports `EINTR`, so it
  /// is never retried and its result is ignored.
  ///
  /// - Parameter descriptor: The file descriptor.
  static func close(_ descriptor: Int32) {
    FileDescriptor(rawValue: descriptor).closeIgnoringErrors()
  }

  /// The real user ID of this process.
  ///
  /// - Returns: The user ID.
  ///
  /// The corresponding C function is `getuid`.
  static func currentUserID() -> uid_t {
    getuid()
  }

  /// The ID of this process.
  ///
  /// - Returns: The process ID.
  ///
  /// The corresponding C function is `getpid`.
  static func currentProcessID() -> pid_t {
    getpid()
  }

  /// The session ID of this process.
  ///
  /// - Returns: The session ID.
  /// - Throws: The ``Errno`` of the failure.
  ///
  /// The corresponding C function is `getsid`.
  static func currentSessionID() throws(Errno) -> pid_t {
    try valueOrErrno { getsid(0) }
  }

  /// The path of the terminal open on a descriptor, such as `/dev/pts/3`.
  ///
  /// - Parameter descriptor: The file descriptor.
  /// - Returns: The terminal's path, or `nil` when the descriptor is not a terminal.
  ///
  /// The corresponding C function is `ttyname_r`.
  static func terminalName(of descriptor: Int32) -> String? {
    var name = [CChar](repeating: 0, count: 256)
    let result = name.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return EINVAL }
      return ttyname_r(descriptor, base, buffer.count)
    }
    guard result == 0 else { return nil }
    let bytes = name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether this process may be core-dumped or attached to with `ptrace` by the same user.
  ///
  /// - Returns: 1 when it may, 0 when not.
  /// - Throws: The ``Errno`` of the failure.
  static func dumpableFlag() throws(Errno) -> Int32 {
    try CoreDumps.areAllowed() ? 1 : 0
  }

  /// The wall-clock time.
  ///
  /// - Returns: Seconds since the Unix epoch, with fractions.
  ///
  /// Read from the layer's `CLOCK_REALTIME`.
  static func wallClockSeconds() -> Double {
    SystemClock.wall.secondsNow
  }

  /// Seconds since boot, counting suspend, on a clock that setting the time does not move.
  ///
  /// - Returns: The seconds.
  ///
  /// Read from the layer's `CLOCK_BOOTTIME`.
  static func bootClockSeconds() -> Double {
    SystemClock.sinceBoot.secondsNow
  }

  /// The identifier of this boot, from `/proc/sys/kernel/random/boot_id`.
  ///
  /// - Returns: The identifier (36 characters of hex digits and dashes), or `nil` when it cannot be read.
  static func bootIdentifier() -> String? {
    guard let descriptor = try? open("/proc/sys/kernel/random/boot_id", flags: O_RDONLY | O_CLOEXEC) else {
      return nil
    }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = bytes.withUnsafeMutableBytes { (try? read(descriptor, into: $0)) ?? 0 }
    let text = bytes.prefix(count).prefix { $0 != UInt8(ascii: "\n") }
    guard text.count == 36, text.allSatisfy(FailureRecord.isBootIdentifierByte) else { return nil }
    return String(decoding: text, as: UTF8.self)
  }

  /// Opens a file relative to an open directory.
  ///
  /// - Parameters:
  ///   - directory: The directory's descriptor.
  ///   - name: One path component.
  ///   - flags: `O_*` flags; `O_CLOEXEC` is always added.
  ///   - mode: The permissions of a file created by `O_CREAT`.
  /// - Returns: The file descriptor.
  /// - Throws: The ``Errno`` of the failure.
  static func open(in directory: Int32, _ name: String, flags: Int32, mode: mode_t = 0) throws(Errno) -> Int32 {
    try FileDescriptor(rawValue: directory).open(
      relative: name, FileDescriptor.AccessMode(rawValue: flags & O_ACCMODE),
      options: FileDescriptor.OpenOptions(rawValue: flags & ~O_ACCMODE).union(.closeOnExec), permissions: mode
    ).rawValue
  }

  /// Creates a directory relative to an open directory.
  ///
  /// - Parameters:
  ///   - directory: The parent's descriptor.
  ///   - name: One path component.
  ///   - mode: The permission bits.
  /// - Throws: The ``Errno`` of the failure.
  ///
  /// The corresponding C function is `mkdirat`.
  static func makeDirectory(in directory: Int32, _ name: String, mode: mode_t) throws(Errno) {
    _ = try valueOrErrno { name.withCString { mkdirat(directory, $0, mode) } }
  }

  /// Renames a file within one open directory, replacing the destination.
  ///
  /// - Parameters:
  ///   - directory: The directory's descriptor.
  ///   - source: The current name.
  ///   - destination: The new name.
  /// - Throws: The ``Errno`` of the failure.
  ///
  /// The corresponding C function is `renameat`.
  static func rename(in directory: Int32, _ source: String, to destination: String) throws(Errno) {
    _ = try valueOrErrno {
      source.withCString { from in destination.withCString { to in renameat(directory, from, directory, to) } }
    }
  }

  /// Removes a file relative to an open directory.
  ///
  /// - Parameters:
  ///   - directory: The directory's descriptor.
  ///   - name: One path component.
  /// - Throws: The ``Errno`` of the failure.
  ///
  /// The corresponding C function is `unlinkat`.
  static func unlink(in directory: Int32, _ name: String) throws(Errno) {
    _ = try valueOrErrno { name.withCString { unlinkat(directory, $0, 0) } }
  }

  /// The current working directory.
  ///
  /// - Returns: Its absolute path, or `nil` when it cannot be found.
  ///
  /// The corresponding C function is `getcwd`.
  static func currentDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let found = buffer.withUnsafeMutableBufferPointer { pointer in
      pointer.baseAddress.map { getcwd($0, pointer.count) != nil } ?? false
    }
    guard found else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether a name in an open directory is a symbolic link (not followed).
  ///
  /// - Parameters:
  ///   - directory: The directory's descriptor.
  ///   - name: One path component.
  /// - Returns: `true` for a symbolic link; `false` for anything else or when it cannot be inspected.
  ///
  /// The corresponding C function is `fstatat` with `AT_SYMLINK_NOFOLLOW`.
  static func isSymbolicLink(in directory: Int32, _ name: String) -> Bool {
    var status = stat()
    let result = name.withCString { fstatat(directory, $0, &status, AT_SYMLINK_NOFOLLOW) }
    return result == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  /// The names in an open directory, without `.` and `..`.
  ///
  /// - Parameter directory: The directory's descriptor (it stays open and in place).
  /// - Returns: The names; empty when the directory cannot be listed.
  ///
  /// The corresponding C functions are `dup`, `fdopendir`, `readdir` and `closedir`.
  static func entries(of directory: Int32) -> [String] {
    let copy = dup(directory)
    guard copy >= 0 else { return [] }
    guard let stream = fdopendir(copy) else {
      FileDescriptor(rawValue: copy).closeIgnoringErrors()
      return []
    }
    defer { closedir(stream) }
    rewinddir(stream)
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether a process with this ID exists (it may belong to another user).
  ///
  /// - Parameter processID: The process ID.
  /// - Returns: `false` only when there is no such process.
  ///
  static func processExists(_ processID: pid_t) -> Bool {
    do {
      try ProcessIdentifier(rawValue: processID).send(SignalNumber(rawValue: 0))
      return true
    } catch {
      return error != .noSuchProcess
    }
  }
}
