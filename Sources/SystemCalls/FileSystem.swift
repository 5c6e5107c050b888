internal import Glibc

/// Calls on paths and on directories: making, renaming, removing and listing entries, and the working
/// directory. A call that names a file inside an open directory is a ``FileDescriptor`` method, so that no
/// later change to the directory's path can move it.
package enum FileSystem {
  /// Makes a directory. The corresponding C function is `mkdir`.
  ///
  /// - Parameters:
  ///   - path: The new directory.
  ///   - permissions: Its mode bits, before the umask.
  /// - Throws: The call's ``Errno`` (``Errno/fileExists`` when something is there).
  package static func makeDirectory(_ path: String, permissions: UInt32) throws(Errno) {
    try nothingOrErrno { mkdir(path, permissions) }
  }

  /// Makes a directory and any missing parents, as `mkdir -p` does; one that exists already is fine.
  /// The corresponding C function is `mkdir`.
  ///
  /// - Parameters:
  ///   - path: The directory, absolute.
  ///   - permissions: The mode bits of each directory made, before the umask.
  /// - Throws: The first failing call's ``Errno``.
  package static func makeDirectories(_ path: String, permissions: UInt32) throws(Errno) {
    var prefix = ""
    for component in path.split(separator: "/") {
      prefix += "/" + component
      do {
        try makeDirectory(prefix, permissions: permissions)
      } catch  where error == .fileExists {}
    }
  }

  /// Makes a fresh directory, mode 0700, from a template whose last six characters are `XXXXXX`. The
  /// corresponding C function is `mkdtemp`.
  ///
  /// - Parameter template: Such as `/tmp/passcode-speech.XXXXXX`.
  /// - Returns: The directory made.
  /// - Throws: The call's ``Errno``.
  package static func makeTemporaryDirectory(_ template: String) throws(Errno) -> String {
    var path = Array(template.utf8CString)
    guard let made = mkdtemp(&path) else { throw .current }
    return String(cString: made)
  }

  /// Makes a character device node. The corresponding C function is `mknod`.
  ///
  /// - Parameters:
  ///   - path: Where.
  ///   - major: The major number.
  ///   - minor: The minor number.
  ///   - permissions: Its mode bits, before the umask.
  /// - Throws: The call's ``Errno``.
  package static func makeCharacterDevice(
    _ path: String, major: UInt32, minor: UInt32, permissions: UInt32
  ) throws(Errno) {
    let device = (dev_t(major & 0xfff) << 8) | dev_t(minor & 0xff) | (dev_t(minor & ~0xff) << 12)
    try nothingOrErrno { mknod(path, S_IFCHR | permissions, device) }
  }

  /// Gives a file to a user and group. The corresponding C function is `chown`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - user: The new owner.
  ///   - group: The new group.
  /// - Throws: The call's ``Errno``.
  package static func changeOwner(_ path: String, user: UInt32, group: UInt32) throws(Errno) {
    try nothingOrErrno { chown(path, user, group) }
  }

  /// Removes a file. The corresponding C function is `unlink`.
  ///
  /// - Parameter path: The file.
  /// - Throws: The call's ``Errno``.
  package static func removeFile(_ path: String) throws(Errno) {
    try nothingOrErrno { unlink(path) }
  }

  /// Whether something exists at a path (a dangling symbolic link does not count). The corresponding C
  /// function is `access` with `F_OK`.
  ///
  /// - Parameter path: The path.
  /// - Returns: `true` when it exists.
  package static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// Whether this process may execute the file at a path. The corresponding C function is `access` with
  /// `X_OK`.
  ///
  /// - Parameter path: The path.
  /// - Returns: `true` when it is executable (a directory that can be searched also counts).
  package static func isExecutable(_ path: String) -> Bool {
    access(path, X_OK) == 0
  }

  /// The working directory. The corresponding C function is `getcwd`.
  ///
  /// - Returns: Its absolute path, or `nil` when it cannot be found.
  package static func currentDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let found = buffer.withUnsafeMutableBufferPointer { pointer in
      pointer.baseAddress.map { getcwd($0, pointer.count) != nil } ?? false
    }
    guard found else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The file a path finally names, every symbolic link resolved. The corresponding C function is
  /// `realpath`.
  ///
  /// - Parameter path: The path.
  /// - Returns: The absolute path, or `nil` when it cannot be resolved.
  package static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The names in a directory, without `.` and `..`: the package's one directory listing.
  /// The corresponding C functions are `open`, `fdopendir`, `readdir` and `closedir`.
  ///
  /// - Parameter path: The directory.
  /// - Returns: The names, in no particular order.
  /// - Throws: The ``Errno`` of opening it.
  package static func directoryEntries(_ path: String) throws(Errno) -> [String] {
    let directory = try FileDescriptor.open(path, .readOnly, options: [.directory, .closeOnExec])
    defer { directory.closeIgnoringErrors() }
    return try directory.directoryEntries()
  }
}

extension FileDescriptor {
  /// The names in the directory this descriptor is open on, without `.` and `..`, from its start; the
  /// descriptor stays open. The corresponding C functions are `fcntl` with `F_DUPFD_CLOEXEC`, `fdopendir`,
  /// `readdir` and `closedir`.
  ///
  /// - Returns: The names, in no particular order.
  /// - Throws: The ``Errno`` of `fcntl` or `fdopendir` (``Errno/notADirectory`` for another kind of file).
  package func directoryEntries() throws(Errno) -> [String] {
    let copy = try duplicate()
    guard let stream = fdopendir(copy.rawValue) else {
      let failure = Errno.current
      copy.closeIgnoringErrors()
      throw failure
    }
    defer { closedir(stream) }
    rewinddir(stream)
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Makes a directory inside this one. The corresponding C function is `mkdirat`.
  ///
  /// - Parameters:
  ///   - name: One path component.
  ///   - permissions: Its mode bits, before the umask.
  /// - Throws: The call's ``Errno``.
  package func makeDirectory(relative name: String, permissions: UInt32) throws(Errno) {
    try nothingOrErrno { mkdirat(rawValue, name, permissions) }
  }

  /// Renames an entry of this directory, replacing the destination. The corresponding C function is
  /// `renameat`.
  ///
  /// - Parameters:
  ///   - source: The current name.
  ///   - destination: The new name.
  /// - Throws: The call's ``Errno``.
  package func rename(relative source: String, to destination: String) throws(Errno) {
    try nothingOrErrno { renameat(rawValue, source, rawValue, destination) }
  }

  /// Removes a file from this directory. The corresponding C function is `unlinkat`.
  ///
  /// - Parameter name: One path component.
  /// - Throws: The call's ``Errno``.
  package func removeFile(relative name: String) throws(Errno) {
    try nothingOrErrno { unlinkat(rawValue, name, 0) }
  }

  /// Sets the permission bits of the open file. The corresponding C function is `fchmod`.
  ///
  /// - Parameter permissions: The mode bits.
  /// - Throws: The call's ``Errno``.
  package func setPermissions(_ permissions: UInt32) throws(Errno) {
    try nothingOrErrno { fchmod(rawValue, permissions) }
  }

  /// Flushes the open file, or a directory's entries, to the storage device. The corresponding C function
  /// is `fsync`.
  ///
  /// - Throws: The call's ``Errno``.
  package func synchronize() throws(Errno) {
    try nothingOrErrno { fsync(rawValue) }
  }

  /// Takes an exclusive advisory lock on the open file, waiting for it; closing the descriptor releases it.
  /// The corresponding C function is `flock` with `LOCK_EX`.
  ///
  /// - Throws: The call's ``Errno``.
  package func lockExclusively() throws(Errno) {
    try nothingOrErrno { flock(rawValue, LOCK_EX) }
  }

  /// Takes an exclusive advisory lock on the open file if nobody holds one. The corresponding C function is
  /// `flock` with `LOCK_EX | LOCK_NB`.
  ///
  /// - Throws: The call's ``Errno`` (``Errno/wouldBlock`` when another holds it).
  package func lockExclusivelyWithoutWaiting() throws(Errno) {
    try nothingOrErrno { flock(rawValue, LOCK_EX | LOCK_NB) }
  }

  /// The path of the terminal this descriptor is open on, such as `/dev/pts/3`. The corresponding C
  /// function is `ttyname_r`.
  ///
  /// - Returns: The path, or `nil` when the descriptor is not a terminal.
  package var terminalName: String? {
    var name = [CChar](repeating: 0, count: 256)
    let result = name.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return EINVAL }
      return ttyname_r(rawValue, base, buffer.count)
    }
    guard result == 0 else { return nil }
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
