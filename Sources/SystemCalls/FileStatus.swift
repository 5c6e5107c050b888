internal import Glibc

/// What `stat` reports about a file: its type and permission bits, its owner and its group.
package struct FileStatus: Hashable, Sendable {
  /// The `st_mode` word: the `S_IFMT` type bits and the permission bits.
  package let mode: UInt32
  /// The owner's user identifier.
  package let owner: UInt32
  /// The group identifier.
  package let group: UInt32

  /// Reads a file's status, following symbolic links. The corresponding C function is `stat`.
  ///
  /// - Parameter path: The file.
  /// - Throws: The call's ``Errno`` (``Errno/noSuchFileOrDirectory`` when nothing is there).
  package init(path: String) throws(Errno) {
    var status = stat()
    try nothingOrErrno { stat(path, &status) }
    mode = status.st_mode
    owner = status.st_uid
    group = status.st_gid
  }

  /// Whether the file is a directory.
  package var isDirectory: Bool { mode & S_IFMT == S_IFDIR }
}

/// The user and group a process acts as.
package struct ProcessCredentials: Hashable, Sendable {
  /// The user identifier.
  package let user: UInt32
  /// The group identifier.
  package let group: UInt32

  /// This process's effective user and group. The corresponding C functions are `geteuid` and `getegid`.
  package static var effective: ProcessCredentials { ProcessCredentials(user: geteuid(), group: getegid()) }

  /// Whether the process acts as root.
  package var isRoot: Bool { user == 0 }
}
