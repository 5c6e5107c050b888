import PasscodeTerminal
internal import SystemCalls

/// The funnel for the few file calls `doctor` makes about files that are not the store's: finding a
/// program on `PATH`, following a link, and reading `gpg-agent.conf`.
enum SetupFiles {
  /// Whether a path names a file this user may run. Checked with the layer's `access`.
  static func isExecutable(_ path: String) -> Bool {
    FileSystem.isExecutable(path) && !isDirectory(path)
  }

  /// Whether a path names a directory, through the layer's `stat`.
  static func isDirectory(_ path: String) -> Bool {
    (try? FileStatus(path: path))?.isDirectory ?? false
  }

  /// Whether something is at a path, by the layer's `access`.
  static func exists(_ path: String) -> Bool {
    FileSystem.exists(path)
  }

  /// The file a path finally names, links resolved, by the layer's `realpath`.
  static func resolved(_ path: String) -> String? {
    FileSystem.resolvedPath(path)
  }

  /// The first executable named `name` in the `PATH` directories.
  ///
  /// - Parameters:
  ///   - name: The program's name.
  ///   - searchPath: The value of `PATH`.
  /// - Returns: Its path, or `nil` when none is found.
  static func findOnPath(_ name: String, searchPath: String) -> String? {
    for directory in searchPath.split(separator: ":") where directory.hasPrefix("/") {
      let candidate = String(directory) + (directory.hasSuffix("/") ? "" : "/") + name
      if isExecutable(candidate) { return candidate }
    }
    return nil
  }

  /// The text of a small file (at most 64 KiB are read).
  ///
  /// The corresponding C functions are `open`, `read` and `close`.
  ///
  /// - Parameter path: The file.
  /// - Returns: Its text, or `nil` when it cannot be read.
  static func readText(_ path: String) -> String? {
    guard
      let file = try? FileDescriptor.open(
        path, .readOnly, options: [.closeOnExec, .noControllingTerminal, .nonBlocking])
    else { return nil }
    defer { file.closeIgnoringErrors() }
    var bytes: [UInt8] = []
    while bytes.count < 65_536, let chunk = try? file.read(upTo: 4096), !chunk.isEmpty { bytes += chunk }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Why the controlling terminal, or a given one, cannot be asked on, by the very check a prompt makes
  /// (``TerminalDevice``): it must open for reading and writing and be a terminal, not a pseudo-terminal's
  /// master side; `/dev/null` opens but is no terminal, so `check --tty /dev/null` exits 69 and this says why.
  ///
  /// - Parameter path: The terminal; `/dev/tty` for the controlling one.
  /// - Returns: `nil` when a prompt could ask there, else the reason.
  static func terminalProblem(_ path: String) -> String? {
    do {
      try TerminalDevice(path: path).close()
      return nil
    } catch {
      return error.description
    }
  }
}
