internal import SystemCalls

/// Small private files, read and written the careful way.
///
/// - Reading refuses a file that is not a regular file, that belongs to another user, or that grants any
///   permission to the group or to others (as `ssh` refuses such keys), with an error that names the path
///   and the `chmod` that fixes it. The config file, which holds no secret, is read under a looser
///   ``Rule``: others may read it, and root may own it, but only its owner may change it.
/// - Writing is atomic: a temporary file in the same directory with mode 0600, every byte written, `fsync`,
///   `rename` over the old file, then `fsync` of the directory, so a crash leaves the old or the new
///   content, never a mix.
/// - Directories are created with mode 0700; an existing one that belongs to another user or is open to
///   others is refused.
/// - Every operation first opens the file's directory with ``TrustedDirectory`` (a walk from `/` that
///   refuses symbolic links and components other users could change), then works relative to that
///   descriptor with `O_NOFOLLOW` on the file, so no symbolic link or swapped parent can move it.
enum SecureFile {
  /// The largest file the vault reads; anything bigger is not one of its files.
  static let maximumSize = 64 * 1024

  /// What a file must keep from other users.
  enum Rule {
    /// The store's files: the user's, and nothing granted to the group or to others (0600, 0700).
    case secret
    /// A file that holds no secret (the config file): others may read it, but only the user or root may
    /// own it and nobody else may write it. Root could change any of the user's files anyway.
    case unchangeableByOthers
  }

  /// Reads a whole private file.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - maximumSize: The largest acceptable size; a bigger file is reported as corrupt.
  ///   - rule: What the file must keep from others.
  /// - Returns: The bytes, or `nil` when the file does not exist.
  /// - Throws: ``VaultError/insecurePermissions(path:mode:)``, ``VaultError/wrongOwner(path:)``,
  ///   ``VaultError/notRegularFile(path:)``, ``VaultError/corrupt(path:)`` for an oversized file, or
  ///   ``VaultError/io(path:operation:errno:)``.
  static func read(_ path: String, maximumSize: Int = maximumSize, rule: Rule = .secret) throws(VaultError)
    -> [UInt8]?
  {
    guard let descriptor = try openPrivateFile(path, rule: rule) else { return nil }
    defer { descriptor.closeIgnoringErrors() }
    return try readAll(descriptor, path: path, maximumSize: maximumSize)
  }

  /// Reads a file that failed ``read(_:maximumSize:rule:)``'s checks, for words that cannot weaken anything
  /// (the config file's accessibility choices): it follows links and trusts no directory, but opens without
  /// blocking or taking a terminal, and reads only a regular file, within the size limit.
  ///
  /// - Parameter path: The file.
  /// - Returns: The bytes, or `nil` when there is no regular file to read there.
  static func readUntrusted(_ path: String) -> [UInt8]? {
    guard (try? FileStatus(path: path))?.isRegularFile == true,
      let descriptor = try? FileDescriptor.open(
        path, .readOnly, options: [.nonBlocking, .noControllingTerminal, .closeOnExec])
    else { return nil }
    defer { descriptor.closeIgnoringErrors() }
    guard (try? FileStatus(descriptor: descriptor))?.isRegularFile == true else { return nil }
    return try? readAll(descriptor, path: path, maximumSize: maximumSize)
  }

  private static func readAll(_ descriptor: FileDescriptor, path: String, maximumSize: Int) throws(VaultError)
    -> [UInt8]
  {
    var contents: [UInt8] = []
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    defer { chunk.deallocate() }
    while true {
      let count: Int
      do {
        count = try descriptor.read(into: chunk)
      } catch {
        throw .io(path: path, operation: "read", errno: error.rawValue)
      }
      if count == 0 { break }
      contents += chunk[..<count]
      if contents.count > maximumSize { throw .corrupt(path: path) }
    }
    return contents
  }

  /// Replaces a file's content atomically with a private (0600) file.
  ///
  /// - Parameters:
  ///   - bytes: The new content.
  ///   - path: The file; its directory must exist.
  /// - Throws: ``VaultError/io(path:operation:errno:)`` naming the step that failed.
  static func write(_ bytes: [UInt8], to path: String) throws(VaultError) {
    let directory = try existingDirectory(of: path)
    let name = name(of: path)
    let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let temporaryName = ".\(name).tmp-\(ProcessIdentifier.current.rawValue)-\(suffix)"
    let temporary = StoreLocation.joined(directory.path, temporaryName)
    removeAbandonedTemporaries(of: name, in: directory)

    let descriptor: FileDescriptor
    do {
      descriptor = try directory.descriptor.open(
        relative: temporaryName, .writeOnly,
        options: [.create, .exclusiveCreate, .noFollow, .noControllingTerminal, .closeOnExec], permissions: 0o600)
    } catch {
      throw .io(path: temporary, operation: "create", errno: error.rawValue)
    }
    var isRenamed = false
    defer {
      if !isRenamed { try? directory.descriptor.removeFile(relative: temporaryName) }
    }
    do {
      defer { descriptor.closeIgnoringErrors() }
      try step("set permissions of", temporary) { () throws(Errno) in try descriptor.setPermissions(0o600) }
      try step("write", temporary) { () throws(Errno) in try descriptor.writeAll(bytes) }
      try step("flush", temporary) { () throws(Errno) in try descriptor.synchronize() }
    }
    try step("rename", temporary) { () throws(Errno) in
      try directory.descriptor.rename(relative: temporaryName, to: name)
    }
    isRenamed = true
    try step("flush", directory.path) { () throws(Errno) in try directory.descriptor.synchronize() }
  }

  /// Removes a file, if it exists, and makes the removal durable.
  ///
  /// - Parameter path: The file.
  /// - Returns: `true` when a file was removed.
  /// - Throws: ``VaultError/io(path:operation:errno:)``.
  @discardableResult
  static func remove(_ path: String) throws(VaultError) -> Bool {
    guard let directory = try TrustedDirectory.open(parentDirectory(of: path), creating: false) else { return false }
    do {
      try directory.descriptor.removeFile(relative: name(of: path))
    } catch {
      if error == .noSuchFileOrDirectory { return false }
      throw .io(path: path, operation: "remove", errno: error.rawValue)
    }
    try step("flush", directory.path) { () throws(Errno) in try directory.descriptor.synchronize() }
    return true
  }

  /// Checks that a file with content can be written in a directory, with a probe file of a few bytes that is
  /// written as ``write(_:to:)`` writes (so it needs a data page: an empty file still fits on a full tmpfs)
  /// and removed.
  ///
  /// - Parameter directory: The directory; it must exist.
  /// - Throws: ``VaultError/io(path:operation:errno:)`` naming the step that failed.
  static func checkWritable(directory: String) throws(VaultError) {
    let probe = StoreLocation.joined(directory, ".passcode-probe-\(ProcessIdentifier.current.rawValue)")
    try write(Array("passcode write check\n".utf8), to: probe)
    try remove(probe)
  }

  /// Makes sure a private directory exists: creates missing parents and the directory itself with mode
  /// 0700, and checks an existing directory's owner and permissions.
  ///
  /// - Parameter path: The directory.
  /// - Throws: ``VaultError/insecurePermissions(path:mode:)``, ``VaultError/wrongOwner(path:)``,
  ///   ``VaultError/notRegularFile(path:)`` when it is not a directory, or
  ///   ``VaultError/io(path:operation:errno:)``.
  static func ensureDirectory(_ path: String) throws(VaultError) {
    guard try TrustedDirectory.open(path, creating: true) != nil else {
      throw .io(path: path, operation: "open directory", errno: Errno.noSuchFileOrDirectory.rawValue)
    }
  }

  /// Runs `body` while holding an exclusive `flock` on a private lock file, creating the file if needed.
  /// Every call opens its own descriptor, so two threads or two processes exclude each other.
  ///
  /// - Parameters:
  ///   - path: The lock file; its directory must exist.
  ///   - body: The work to do under the lock.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, or a ``VaultError`` about the lock file.
  static func withExclusiveLock<Value>(on path: String, _ body: () throws(VaultError) -> Value) throws(VaultError)
    -> Value
  {
    let directory = try existingDirectory(of: path)
    let descriptor: FileDescriptor
    do {
      descriptor = try directory.descriptor.open(
        relative: name(of: path), .readWrite, options: [.create, .noFollow, .noControllingTerminal, .closeOnExec],
        permissions: 0o600)
    } catch {
      if error == .tooManySymbolicLinks { throw .notRegularFile(path: path) }
      throw .io(path: path, operation: "open", errno: error.rawValue)
    }
    defer { descriptor.closeIgnoringErrors() }
    try check(descriptor, path: path, expectDirectory: false, rule: .secret)
    try step("lock", path) { () throws(Errno) in try descriptor.lockExclusively() }
    return try body()
  }

  /// Checks a file or directory the way reading or creating it would, without reading it: that it is the
  /// right kind and that `rule` holds (by default: it belongs to this user and grants nothing to the group
  /// or to others).
  ///
  /// - Parameters:
  ///   - path: The file or directory.
  ///   - directory: Whether a directory is expected.
  ///   - rule: What a file must keep from others; a directory is always checked as ``Rule/secret``.
  /// - Returns: `false` when it does not exist, `true` when it exists and passes.
  /// - Throws: ``VaultError/insecurePermissions(path:mode:)``, ``VaultError/wrongOwner(path:)``,
  ///   ``VaultError/notRegularFile(path:)`` or ``VaultError/io(path:operation:errno:)``.
  static func inspect(_ path: String, directory: Bool, rule: Rule = .secret) throws(VaultError) -> Bool {
    if directory {
      guard let opened = try TrustedDirectory.open(path, creating: false) else { return false }
      try check(opened.descriptor, path: path, expectDirectory: true, rule: .secret)
      return true
    }
    guard let descriptor = try openPrivateFile(path, rule: rule) else { return false }
    descriptor.closeIgnoringErrors()
    return true
  }

  /// Opens an existing file for reading, without following a link, and checks it is a regular file that
  /// passes `rule`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - rule: What it must keep from others.
  /// - Returns: The open descriptor, or `nil` when the file does not exist.
  /// - Throws: The errors of ``read(_:maximumSize:rule:)`` about opening and checking.
  private static func openPrivateFile(_ path: String, rule: Rule) throws(VaultError) -> FileDescriptor? {
    guard let directory = try TrustedDirectory.open(parentDirectory(of: path), creating: false) else { return nil }
    let descriptor: FileDescriptor
    do {
      descriptor = try directory.descriptor.open(
        relative: name(of: path), .readOnly, options: [.noFollow, .nonBlocking, .noControllingTerminal, .closeOnExec])
    } catch {
      if error == .noSuchFileOrDirectory { return nil }
      if error == .tooManySymbolicLinks { throw .notRegularFile(path: path) }
      throw .io(path: path, operation: "open", errno: error.rawValue)
    }
    do {
      try check(descriptor, path: path, expectDirectory: false, rule: rule)
    } catch {
      descriptor.closeIgnoringErrors()
      throw error
    }
    return descriptor
  }

  /// Whether the last component of a path is a symbolic link; no link is followed to find out.
  ///
  /// - Parameter path: The path.
  /// - Returns: `false` when it is something else, or when its directory cannot be opened the trusted way.
  static func isSymbolicLink(_ path: String) -> Bool {
    guard let directory = try? TrustedDirectory.open(parentDirectory(of: path), creating: false) else {
      return false
    }
    return (try? FileStatus(relative: name(of: path), in: directory.descriptor))?.isSymbolicLink ?? false
  }

  /// The directory part of a path (`.` for a bare name).
  ///
  /// - Parameter path: The path.
  /// - Returns: Everything before the last `/`.
  static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Removes the temporary files of `name` left by writers that died before they could (killed by a
  /// signal, a crash, a power cut): those whose process no longer exists. A live writer's file stays.
  private static func removeAbandonedTemporaries(of name: String, in directory: TrustedDirectory) {
    let prefix = ".\(name).tmp-"
    let entries = (try? directory.descriptor.directoryEntries()) ?? []
    for entry in entries where entry.hasPrefix(prefix) {
      let rest = entry.dropFirst(prefix.count)
      guard let dash = rest.firstIndex(of: "-"), let number = Int32(rest[..<dash]), number > 0 else { continue }
      let writer = ProcessIdentifier(rawValue: number)
      guard writer != .current, !writer.exists else { continue }
      try? directory.descriptor.removeFile(relative: entry)
    }
  }

  /// The last component of a path.
  private static func name(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The file's directory, which must exist.
  private static func existingDirectory(of path: String) throws(VaultError) -> TrustedDirectory {
    let parent = parentDirectory(of: path)
    guard let directory = try TrustedDirectory.open(parent, creating: false) else {
      throw .io(path: parent, operation: "open directory", errno: Errno.noSuchFileOrDirectory.rawValue)
    }
    return directory
  }

  private static func check(_ descriptor: FileDescriptor, path: String, expectDirectory: Bool, rule: Rule)
    throws(VaultError)
  {
    let status: FileStatus
    do {
      status = try FileStatus(descriptor: descriptor)
    } catch {
      throw .io(path: path, operation: "inspect", errno: error.rawValue)
    }
    guard expectDirectory ? status.isDirectory : status.isRegularFile else { throw .notRegularFile(path: path) }
    switch rule {
    case .secret:
      guard status.owner == ProcessCredentials.real.user else { throw .wrongOwner(path: path) }
      guard status.mode & 0o077 == 0 else { throw .insecurePermissions(path: path, mode: status.mode) }
    case .unchangeableByOthers:
      guard status.owner == ProcessCredentials.real.user || status.isOwnedByRoot else {
        throw .wrongOwner(path: path)
      }
      guard !status.isWritableByGroupOrOthers else { throw .insecurePermissions(path: path, mode: status.mode) }
    }
  }

  private static func step(_ operation: String, _ path: String, _ call: () throws(Errno) -> Void) throws(VaultError) {
    do {
      try call()
    } catch {
      throw .io(path: path, operation: operation, errno: error.rawValue)
    }
  }
}
