internal import Glibc

/// What `stat` reports about a file: its type and permission bits, its owner and its group, when it was
/// last changed, and which device it is when it is one.
package struct FileStatus: Hashable, Sendable {
  /// The `st_mode` word: the `S_IFMT` type bits and the permission bits.
  package let mode: UInt32
  /// The owner's user identifier.
  package let owner: UInt32
  /// The group identifier.
  package let group: UInt32
  /// The last modification, in nanoseconds since the epoch.
  package let modified: Int64
  /// The `st_rdev` word: the device a character or block special file is; 0 for other files.
  package let device: UInt64

  /// Reads a file's status, following symbolic links. The corresponding C function is `stat`.
  ///
  /// - Parameter path: The file.
  /// - Throws: The call's ``Errno`` (``Errno/noSuchFileOrDirectory`` when nothing is there).
  package init(path: String) throws(Errno) {
    var status = stat()
    try nothingOrErrno { stat(path, &status) }
    self.init(status)
  }

  /// Reads the status of the file a descriptor is open on, which a path can no longer swap for another
  /// (an ``FileDescriptor/OpenOptions/pathOnly`` descriptor included). The corresponding C function is `fstat`.
  ///
  /// - Parameter descriptor: The open file.
  /// - Throws: The call's ``Errno``.
  package init(descriptor: FileDescriptor) throws(Errno) {
    var status = stat()
    try nothingOrErrno { fstat(descriptor.rawValue, &status) }
    self.init(status)
  }

  /// Reads the status of a name inside an open directory, without following it when it is a symbolic
  /// link. The corresponding C function is `fstatat` with `AT_SYMLINK_NOFOLLOW`.
  ///
  /// - Parameters:
  ///   - name: One path component.
  ///   - directory: The open directory.
  /// - Throws: The call's ``Errno``.
  package init(relative name: String, in directory: FileDescriptor) throws(Errno) {
    var status = stat()
    try nothingOrErrno { fstatat(directory.rawValue, name, &status, AT_SYMLINK_NOFOLLOW) }
    self.init(status)
  }

  private init(_ status: stat) {
    mode = status.st_mode
    owner = status.st_uid
    group = status.st_gid
    modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    device = UInt64(status.st_rdev)
  }

  /// Whether the file is a directory.
  package var isDirectory: Bool { mode & S_IFMT == S_IFDIR }
  /// Whether the file is a regular file.
  package var isRegularFile: Bool { mode & S_IFMT == S_IFREG }
  /// Whether the file is a Unix-domain socket.
  package var isSocket: Bool { mode & S_IFMT == S_IFSOCK }
  /// Whether the file is a symbolic link (only a status read without following links can say so).
  package var isSymbolicLink: Bool { mode & S_IFMT == S_IFLNK }
  /// Whether the group or others may write the file (`S_IWGRP` or `S_IWOTH`).
  package var isWritableByGroupOrOthers: Bool { mode & (S_IWGRP | S_IWOTH) != 0 }
  /// Whether the sticky bit is set (`S_ISVTX`): in a directory, only an entry's owner may rename or remove it.
  package var isSticky: Bool { mode & UInt32(S_ISVTX) != 0 }
  /// The permission bits, without the type.
  package var permissions: UInt32 { mode & 0o7777 }
  /// Whether root owns the file.
  package var isOwnedByRoot: Bool { owner == 0 }

  /// Whether the file is a character special file (a terminal, `/dev/null`).
  package var isCharacterDevice: Bool { mode & S_IFMT == S_IFCHR }

  /// The major number of the device, which names its driver, as glibc's `major()` splits `st_rdev`.
  package var deviceMajor: UInt32 { UInt32(truncatingIfNeeded: (device >> 8) & 0xFFF | (device >> 32) & ~0xFFF) }
}

/// The user and group a process acts as.
package struct ProcessCredentials: Hashable, Sendable {
  /// The user identifier.
  package let user: UInt32
  /// The group identifier.
  package let group: UInt32

  /// This process's effective user and group. The corresponding C functions are `geteuid` and `getegid`.
  package static var effective: ProcessCredentials { ProcessCredentials(user: geteuid(), group: getegid()) }

  /// This process's real user and group. The corresponding C functions are `getuid` and `getgid`.
  package static var real: ProcessCredentials { ProcessCredentials(user: getuid(), group: getgid()) }

  /// The home directory of the real user in the password database. The corresponding C functions are
  /// `getuid` and `getpwuid`.
  ///
  /// - Returns: The directory, or `nil` when the database has no entry.
  package static func realUserHomeDirectory() -> String? {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }

  /// The login name of the real user in the password database. The corresponding C functions are `getuid`
  /// and `getpwuid`.
  ///
  /// - Returns: The name, or `nil` when the database has no entry.
  package static func realUserName() -> String? {
    userName(of: getuid())
  }

  /// A user's login name in the password database. The corresponding C function is `getpwuid`.
  ///
  /// - Parameter user: The user's ID.
  /// - Returns: The name, or `nil` when the database has no entry.
  package static func userName(of user: UInt32) -> String? {
    guard let entry = getpwuid(user), let name = entry.pointee.pw_name else { return nil }
    return String(cString: name)
  }

  /// Whether the process acts as root.
  package var isRoot: Bool { user == 0 }
}
