#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A C `errno` value returned by a failed call in ``FileSystem``, before the caller adds the path and turns
/// it into a ``VaultError``.
struct Errno: Error, Equatable, Hashable, Sendable {
  /// The raw C value.
  let rawValue: Int32

  /// The file or directory does not exist.
  static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  /// The call was interrupted by a signal.
  static let interrupted = Errno(rawValue: EINTR)
  /// The file exists already.
  static let fileExists = Errno(rawValue: EEXIST)
  /// A symbolic link was met where `O_NOFOLLOW` forbids one.
  static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
}
