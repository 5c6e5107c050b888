internal import SystemCalls

/// A directory of the store, opened once by walking from `/` one component at a time, so that files are
/// then opened, renamed and removed relative to its descriptor (`openat`, `renameat`, `unlinkat`) and no
/// later change to the path can move them elsewhere.
///
/// The walk follows OpenSSH's `safe_path`: each component is opened with `O_NOFOLLOW` (a symbolic link is
/// refused), and each must belong to root or to the user and must not be writable by the group or others.
/// One exception: a directory that others may write but that has the sticky bit and belongs to root (like
/// `/tmp`) is accepted on the way, because there only an entry's owner can rename or remove it, so the
/// user's own directory below it cannot be swapped. A relative path is walked from the absolute working
/// directory. The directory itself must in addition be private (0700, the user's) when it is one the vault
/// creates and writes (``open(_:creating:)`` with `creating`).
final class TrustedDirectory {
  /// The open directory.
  let descriptor: FileDescriptor
  /// Its path, for messages.
  let path: String

  private init(descriptor: FileDescriptor, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit {
    descriptor.closeIgnoringErrors()
  }

  /// Opens a directory by a safe walk from `/`.
  ///
  /// - Parameters:
  ///   - path: The directory.
  ///   - creating: Whether to create missing components (mode 0700) and require the directory itself to be
  ///     private.
  /// - Returns: The directory, or `nil` when a component is missing and `creating` is `false`.
  /// - Throws: ``VaultError/unsafeDirectory(path:)`` for a symbolic link or a component another user could
  ///   change, ``VaultError/wrongOwner(path:)`` or ``VaultError/insecurePermissions(path:mode:)`` for a
  ///   store directory that is not private, ``VaultError/notRegularFile(path:)`` for a component that is
  ///   not a directory, or ``VaultError/io(path:operation:errno:)``.
  static func open(_ path: String, creating: Bool) throws(VaultError) -> TrustedDirectory? {
    let absolute: String
    if path.hasPrefix("/") {
      absolute = path
    } else {
      guard let working = FileSystem.currentDirectory() else {
        throw .io(
          path: path, operation: "find the working directory of", errno: Errno.noSuchFileOrDirectory.rawValue)
      }
      absolute = StoreLocation.joined(working, path)
    }
    let components = absolute.split(separator: "/").map(String.init).filter { $0 != "." }
    var current: TrustedDirectory
    do {
      current = TrustedDirectory(
        descriptor: try FileDescriptor.open("/", .readOnly, options: [.directory, .closeOnExec]), path: "/")
    } catch {
      throw .io(path: "/", operation: "open directory", errno: error.rawValue)
    }
    try current.checkOnTheWay()
    for (index, component) in components.enumerated() {
      let prefix = current.path == "/" ? "/" + component : current.path + "/" + component
      guard let next = try current.openChild(component, path: prefix, creating: creating) else { return nil }
      current = next
      // The store directory itself must be private, which is stricter than a component on the way.
      if index == components.count - 1, creating {
        try current.checkPrivate()
      } else {
        try current.checkOnTheWay()
      }
    }
    if components.isEmpty, creating { try current.checkPrivate() }
    return current
  }

  private func openChild(_ name: String, path: String, creating: Bool) throws(VaultError) -> TrustedDirectory? {
    let options: FileDescriptor.OpenOptions = [.directory, .noFollow, .noControllingTerminal, .closeOnExec]
    do {
      return TrustedDirectory(descriptor: try descriptor.open(relative: name, .readOnly, options: options), path: path)
    } catch {
      switch error {
      case .noSuchFileOrDirectory:
        guard creating else { return nil }
        do {
          try descriptor.makeDirectory(relative: name, permissions: 0o700)
        } catch  where error == .fileExists {
        } catch {
          throw .io(path: path, operation: "create directory", errno: error.rawValue)
        }
        do {
          return TrustedDirectory(
            descriptor: try descriptor.open(relative: name, .readOnly, options: options), path: path)
        } catch {
          throw refusal(error, name: name, path: path)
        }
      default:
        throw refusal(error, name: name, path: path)
      }
    }
  }

  /// Why a component could not be opened: a symbolic link (`ELOOP`, or `ENOTDIR` with `O_DIRECTORY`) is
  /// unsafe; anything else that is not a directory is not a regular component.
  private func refusal(_ error: Errno, name: String, path: String) -> VaultError {
    switch error {
    case .tooManySymbolicLinks: return .unsafeDirectory(path: path)
    case .notADirectory:
      let isLink = (try? FileStatus(relative: name, in: descriptor))?.isSymbolicLink ?? false
      return isLink ? .unsafeDirectory(path: path) : .notRegularFile(path: path)
    default: return .io(path: path, operation: "open directory", errno: error.rawValue)
    }
  }

  private func status() throws(VaultError) -> FileStatus {
    do {
      return try FileStatus(descriptor: descriptor)
    } catch {
      throw .io(path: path, operation: "inspect", errno: error.rawValue)
    }
  }

  /// Refuses a component that another user could change.
  private func checkOnTheWay() throws(VaultError) {
    let status = try status()
    guard status.isOwnedByRoot || status.owner == ProcessCredentials.real.user else {
      throw .unsafeDirectory(path: path)
    }
    let stickyAndRoot = status.isSticky && status.isOwnedByRoot
    guard !status.isWritableByGroupOrOthers || stickyAndRoot else { throw .unsafeDirectory(path: path) }
  }

  /// Refuses a store directory that is not the user's alone.
  private func checkPrivate() throws(VaultError) {
    let status = try status()
    guard status.owner == ProcessCredentials.real.user else { throw .wrongOwner(path: path) }
    guard status.mode & 0o077 == 0 else { throw .insecurePermissions(path: path, mode: status.mode) }
  }
}
