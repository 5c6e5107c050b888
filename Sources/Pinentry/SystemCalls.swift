#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The one place the `Pinentry` target calls the C library (apart from libassuan, see ``AssuanCalls``).
/// None of these calls can fail with `EINTR`.
enum SystemCalls {
  /// The id of this process. The corresponding C function is `getpid`.
  ///
  /// - Returns: The process id.
  static func processID() -> Int32 { getpid() }

  /// The effective user and group ids. The corresponding C functions are `geteuid` and `getegid`.
  ///
  /// - Returns: The effective uid and gid.
  static func effectiveUserAndGroup() -> (user: UInt32, group: UInt32) { (geteuid(), getegid()) }

  /// The mode, owner and group of a file. The corresponding C function is `stat`.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The mode, uid and gid, or `nil` when `stat` fails.
  static func modeOwnerGroup(path: String) -> (mode: UInt32, user: UInt32, group: UInt32)? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return (status.st_mode, status.st_uid, status.st_gid)
  }
}
