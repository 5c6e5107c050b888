internal import SystemCalls

/// What the accessibility environment asks of the system, on the `SystemCalls` layer (which makes every libc call;
/// GIO and BrlAPI have their own wrappers): the environment, small files under /proc and /sys, directory listings
/// and device numbers.
///
/// These replace Foundation's `ProcessInfo` and `FileManager`, so that the `passcode` binary does not load
/// Foundation at all (about 8 MiB of resident memory and several milliseconds of start-up). The first three
/// are `@usableFromInline` for default arguments.
@usableFromInline
enum AccessibilitySystemCalls {
  /// An environment variable of this process.
  ///
  /// Read with the layer's `getenv`.
  ///
  /// - Parameter name: The variable's name.
  /// - Returns: Its value, or `nil` when it is not set.
  @usableFromInline
  static func environmentValue(_ name: String) -> String? {
    Environment.value(name)
  }

  /// This process's identifier, for default arguments. The corresponding C function is `getpid`.
  @usableFromInline
  static var processIdentifier: Int32 { ProcessIdentifier.current.rawValue }

  /// The real user's identifier, for default arguments. The corresponding C function is `getuid`.
  @usableFromInline
  static var realUserIdentifier: UInt32 { ProcessCredentials.real.user }

  /// Whether a path exists.
  ///
  /// The corresponding C function is `access`.
  ///
  /// - Parameter path: The path.
  /// - Returns: `true` when it exists.
  static func fileExists(_ path: String) -> Bool {
    FileSystem.exists(path)
  }

  /// Whether this process may change Speakup's `key_echo` under a sysfs root.
  ///
  /// The corresponding C function is `access` with `W_OK`.
  ///
  /// - Parameter sysfsRoot: Where sysfs is.
  /// - Returns: `true` when the file is writable by this process.
  static func isSpeakupKeyEchoWritable(sysfsRoot: String) -> Bool {
    SpeakupKeyEchoFile(sysfsRoot: sysfsRoot).isWritable
  }

  /// Reads a whole small file, such as `/proc/PID/status`.
  ///
  /// The corresponding C functions are `open`, `read` and `close`.
  ///
  /// - Parameter path: The file.
  /// - Returns: Its bytes, or `nil` when it cannot be opened or read.
  static func readFile(_ path: String) -> [UInt8]? {
    guard let file = try? FileDescriptor.open(path, .readOnly) else { return nil }
    defer { file.closeIgnoringErrors() }
    return try? file.readToEnd()
  }

  /// The names in a directory, without `.` and `..`.
  ///
  /// Listed by the layer (`fdopendir`, `readdir` and `closedir`).
  ///
  /// - Parameter path: The directory.
  /// - Returns: The names, or `nil` when it cannot be opened.
  static func directoryEntries(_ path: String) -> [String]? {
    try? FileSystem.directoryEntries(path)
  }

  /// The device number of a character device, such as a terminal.
  ///
  /// The corresponding C function is `stat`.
  ///
  /// - Parameter path: The device.
  /// - Returns: Its `st_rdev`, or `nil` when it is not a character device.
  static func characterDeviceNumber(_ path: String) -> UInt64? {
    guard let status = try? FileStatus(path: path), status.isCharacterDevice else { return nil }
    return status.device
  }
}
