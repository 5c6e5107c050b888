internal import Glibc

/// An error number a failed system call left in `errno`, as a value that can be thrown and compared.
package struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
  /// The C error number.
  package let rawValue: Int32

  /// Wraps a C error number.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// The calling thread's `errno` now.
  package static var current: Errno {
    get { Errno(rawValue: errno) }
    set { errno = newValue.rawValue }
  }

  /// The system's message, such as "No such file or directory". The corresponding C function is `strerror`.
  package var description: String {
    guard let message = strerror(rawValue) else { return "error \(rawValue)" }
    return String(cString: message)
  }

  /// A signal arrived before the call finished (`EINTR`).
  package static let interrupted = Errno(rawValue: EINTR)
  /// A non-blocking descriptor has nothing to give or take now (`EAGAIN`, which is `EWOULDBLOCK` on Linux).
  package static let wouldBlock = Errno(rawValue: EAGAIN)
  /// The file or directory does not exist (`ENOENT`).
  package static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  /// The file exists already (`EEXIST`).
  package static let fileExists = Errno(rawValue: EEXIST)
  /// A component of a path is not a directory, or, opened without following links, is a symbolic link
  /// (`ENOTDIR`).
  package static let notADirectory = Errno(rawValue: ENOTDIR)
  /// A symbolic link was met where `O_NOFOLLOW` forbids one (`ELOOP`).
  package static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
  /// A low-level input/output error, also a pseudo-terminal master whose other side closed (`EIO`).
  package static let inputOutput = Errno(rawValue: EIO)
  /// The other end of a pipe or socket is gone (`EPIPE`).
  package static let brokenPipe = Errno(rawValue: EPIPE)
  /// The descriptor is not open (`EBADF`).
  package static let badFileDescriptor = Errno(rawValue: EBADF)
  /// An argument is out of range (`EINVAL`).
  package static let invalidArgument = Errno(rawValue: EINVAL)
  /// Memory ran out (`ENOMEM`).
  package static let outOfMemory = Errno(rawValue: ENOMEM)
  /// A name is longer than the system allows (`ENAMETOOLONG`).
  package static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
  /// A non-blocking connection is still being made (`EINPROGRESS`).
  package static let inProgress = Errno(rawValue: EINPROGRESS)
  /// The resource is in use (`EBUSY`).
  package static let busy = Errno(rawValue: EBUSY)
  /// No such process (`ESRCH`).
  package static let noSuchProcess = Errno(rawValue: ESRCH)
  /// The descriptor is not a terminal (`ENOTTY`).
  package static let notATerminal = Errno(rawValue: ENOTTY)
  /// The peer refused the connection (`ECONNREFUSED`).
  package static let connectionRefused = Errno(rawValue: ECONNREFUSED)
  /// The caller lacks the permission (`EACCES`).
  package static let permissionDenied = Errno(rawValue: EACCES)
  /// The operation is not permitted (`EPERM`).
  package static let notPermitted = Errno(rawValue: EPERM)
  /// A directory was met where a file was expected (`EISDIR`).
  package static let isADirectory = Errno(rawValue: EISDIR)
  /// The device has no space left (`ENOSPC`).
  package static let noSpaceLeft = Errno(rawValue: ENOSPC)
  /// The file system is mounted read-only (`EROFS`).
  package static let readOnlyFileSystem = Errno(rawValue: EROFS)
  /// The user's disk quota is used up (`EDQUOT`).
  package static let diskQuotaExceeded = Errno(rawValue: EDQUOT)
}

/// Runs a C call that reports failure as `-1` plus `errno`: the one place in the package that retries `EINTR`.
///
/// - Parameters:
///   - retryOnInterrupt: Whether to call again after `EINTR` (a poll that must notice a signal passes `false`).
///   - call: The C call.
/// - Returns: The call's result, which is not `-1`.
/// - Throws: The call's ``Errno``.
package func valueOrErrno<Value: FixedWidthInteger>(retryOnInterrupt: Bool = true, _ call: () -> Value)
  throws(Errno) -> Value
{
  while true {
    let result = call()
    if result != -1 { return result }
    let failure = Errno.current
    if retryOnInterrupt && failure == .interrupted { continue }
    throw failure
  }
}

/// Runs a C call that reports failure as `-1` plus `errno` and has no other result, retrying `EINTR`.
///
/// - Parameters:
///   - retryOnInterrupt: Whether to call again after `EINTR`.
///   - call: The C call.
/// - Throws: The call's ``Errno``.
package func nothingOrErrno<Value: FixedWidthInteger>(retryOnInterrupt: Bool = true, _ call: () -> Value)
  throws(Errno)
{
  _ = try valueOrErrno(retryOnInterrupt: retryOnInterrupt, call)
}

/// Turns the result of a C call that returns its error number (`pthread_*`, `posix_spawn*`) into a thrown error.
///
/// - Parameter result: `0`, or an error number.
/// - Throws: ``Errno`` when the result is not `0`.
package func nothingOrReturnedErrno(_ result: Int32) throws(Errno) {
  if result != 0 { throw Errno(rawValue: result) }
}
