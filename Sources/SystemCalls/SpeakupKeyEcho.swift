internal import Glibc

/// Speakup's `key_echo` setting, the file `SYSFS/accessibility/speakup/key_echo` that the kernel screen
/// reader Speakup makes when it is loaded: 0 speaks no typed key, 1 (the kernel's default) speaks a key when
/// the screen shows it, 2 speaks every key as it is pressed, digits included, whatever the screen shows.
///
/// The sysfs root is injectable so that tests use a fake directory; the shipped program always uses `/sys`.
package struct SpeakupKeyEchoFile: Hashable, Sendable {
  /// Where the kernel mounts sysfs.
  package static let kernelSysfsRoot = "/sys"

  /// Speakup's directory, which exists exactly when Speakup is loaded.
  package let directory: String

  /// The setting's file.
  package var path: String { directory + "/key_echo" }

  /// The setting under a sysfs root.
  ///
  /// - Parameter sysfsRoot: Where sysfs is; `/sys` by default, a fake directory in tests.
  package init(sysfsRoot: String = SpeakupKeyEchoFile.kernelSysfsRoot) {
    directory = sysfsRoot + "/accessibility/speakup"
  }

  /// Whether Speakup is loaded (its directory exists). The corresponding C function is `access` with `F_OK`.
  package var isSpeakupLoaded: Bool { FileSystem.exists(directory) }

  /// Whether this process may change the setting. The corresponding C function is `access` with `W_OK`.
  package var isWritable: Bool { Glibc.access(path, W_OK) == 0 }

  /// Reads the setting. The corresponding C functions are `open`, `read` and `close`.
  ///
  /// - Returns: The number in the file, or `nil` when it holds something else.
  /// - Throws: The ``Errno`` of `open` or `read`.
  package func read() throws(Errno) -> Int? {
    let file = try FileDescriptor.open(path, .readOnly)
    defer { file.closeIgnoringErrors() }
    let bytes = try file.readToEnd()
    let digits = bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: " ") }
    return Int(String(decoding: digits, as: UTF8.self))
  }

  /// Changes the setting. The corresponding C functions are `open`, `write` and `close`.
  ///
  /// - Parameter value: The new setting, 0 to 2.
  /// - Throws: The ``Errno`` of `open` or `write` (`EACCES` for a user other than root).
  package func write(_ value: Int) throws(Errno) {
    let file = try FileDescriptor.open(path, .writeOnly)
    defer { file.closeIgnoringErrors() }
    try file.writeAll(Array("\(value)\n".utf8))
  }
}

/// The file and the value that ``EmergencyKeyEchoRestore/restoreFromSignalHandler()`` writes back.
///
/// Written only on the normal thread of control, before any handler that restores can run; read only from
/// signal context. The path and value live in memory allocated once and never freed, so the handler touches
/// no Swift runtime machinery.
private struct EmergencyKeyEchoState {
  /// Whether a value is armed.
  var isArmed: Bool
  /// The path, NUL-terminated.
  let path: UnsafeMutablePointer<CChar>
  /// The value's bytes ("2\n"), and how many.
  let value: UnsafeMutablePointer<UInt8>
  var valueCount: Int
}

/// The longest path the emergency restore can hold, NUL included.
private let emergencyPathCapacity = 4096

/// See ``EmergencyKeyEchoState``. `nonisolated(unsafe)`: it is shared with signal handlers, not threads.
nonisolated(unsafe) private var emergencyKeyEchoState = EmergencyKeyEchoState(
  isArmed: false, path: UnsafeMutablePointer<CChar>.allocate(capacity: emergencyPathCapacity),
  value: UnsafeMutablePointer<UInt8>.allocate(capacity: 8), valueCount: 0)

/// Speakup's key echo as it was before a prompt turned it off, put back from a handler for a signal that
/// cannot wait for the prompt (a fault or an abort), as ``EmergencyTerminalRestore`` puts the terminal back.
package enum EmergencyKeyEchoRestore {
  /// Remembers the value to write back. Call it before turning key echo off.
  ///
  /// - Parameters:
  ///   - value: The setting before the prompt.
  ///   - file: The setting's file.
  package static func arm(_ value: Int, for file: SpeakupKeyEchoFile) {
    let path = Array(file.path.utf8CString)
    let bytes = Array("\(value)\n".utf8)
    guard path.count <= emergencyPathCapacity, bytes.count <= 8 else { return }
    emergencyKeyEchoState.isArmed = false
    for (index, character) in path.enumerated() { emergencyKeyEchoState.path[index] = character }
    for (index, byte) in bytes.enumerated() { emergencyKeyEchoState.value[index] = byte }
    emergencyKeyEchoState.valueCount = bytes.count
    emergencyKeyEchoState.isArmed = true
  }

  /// Forgets the value: a later ``restoreFromSignalHandler()`` does nothing.
  package static func disarm() {
    emergencyKeyEchoState.isArmed = false
  }

  /// Writes the armed value back with `open`, `write` and `close`, from a signal handler: async-signal-safe
  /// (all three are on the POSIX list, nothing here allocates), ignoring failure, keeping `errno`; nothing when
  /// disarmed.
  package static func restoreFromSignalHandler() {
    let state = emergencyKeyEchoState
    guard state.isArmed else { return }
    let saved = errno
    let descriptor = Glibc.open(state.path, O_WRONLY | O_CLOEXEC)
    if descriptor >= 0 {
      _ = Glibc.write(descriptor, state.value, state.valueCount)
      _ = Glibc.close(descriptor)
    }
    errno = saved
  }
}
