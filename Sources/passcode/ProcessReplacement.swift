internal import SystemCalls

/// What `exec` needs from the `SystemCalls` layer: the process is replaced by the command, so its exit status
/// and signals are the command's own.
enum ProcessReplacement {
  /// The `errno` that means the command does not exist (exit status 127).
  static let notFound = Errno.noSuchFileOrDirectory.rawValue

  /// The signal dispositions and mask `passcode` was started with, taken by ``takeSignalsFromBacktracer()``
  /// before anything changes them; `exec` hands them to its command.
  nonisolated(unsafe) private static var inheritedSignals = InheritedSignals.current()

  /// Replaces this process with a command found on `PATH`, after putting back the signal dispositions and
  /// mask `passcode` was started with: the `SIGPIPE` the prompt ignores goes back to its default, and what
  /// the caller ignored (`trap '' QUIT PIPE`) stays ignored.
  ///
  /// - Parameter arguments: The command and its arguments; the first is looked up on `PATH`.
  /// - Returns: The `errno` when the command could not be run; on success it does not return.
  static func execute(_ arguments: [String]) -> Int32 {
    guard let name = arguments.first else { return notFound }
    let failure = ProcessImage.replace(
      executable: name, arguments: arguments, searchesPath: true, restoring: inheritedSignals
    )
    return failure == .noSuchFileOrDirectory || failure == .notADirectory ? notFound : failure.rawValue
  }

  /// Why `execvp` would fail to run a command, found before anything is asked: a name with a slash is that
  /// file; a bare name is looked up in the `PATH` directories as `execvp` does (an empty entry is the working
  /// directory; with no `PATH`, glibc's `/bin:/usr/bin`).
  ///
  /// - Parameters:
  ///   - name: The command's first word.
  ///   - searchPath: The value of `PATH`, or `nil` when it is unset.
  /// - Returns: ``notFound``, or `EACCES` for a file found that cannot be run; `nil` when it would run.
  static func cannotRun(_ name: String, searchPath: String?) -> Int32? {
    let permissionDenied = Errno.permissionDenied.rawValue
    if name.isEmpty { return notFound }
    if name.contains("/") {
      guard FileSystem.exists(name) else { return notFound }
      return SetupFiles.isExecutable(name) ? nil : permissionDenied
    }
    var foundUnrunnable = false
    for directory in (searchPath ?? "/bin:/usr/bin").split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
      if SetupFiles.isExecutable(candidate) { return nil }
      if FileSystem.exists(candidate) { foundUnrunnable = true }
    }
    return foundUnrunnable ? permissionDenied : notFound
  }

  /// The signals for which Swift's runtime installs its crash backtracer at start.
  static let backtracedSignals: [Signal] = [
    .quit, .abort, .segmentationFault, .busError, .illegalInstruction, .arithmeticError, .trap,
  ]

  /// Remembers the signal state `passcode` was started with, then gives the signals back their default
  /// actions, taking them from Swift's crash backtracer. It prints registers and the memory around them to
  /// standard error, which could show typed characters, and it swallowed the first SIGQUIT. With the default
  /// actions a SIGQUIT ends the process at once (with no core: the process is not dumpable), and a prompt
  /// restores the terminal first through its own handlers. A signal the caller ignored stays ignored (the
  /// runtime installs its backtracer only where it finds the default action). Call it first thing in `main`.
  static func takeSignalsFromBacktracer() {
    inheritedSignals = InheritedSignals.current()
    for signal in backtracedSignals where !inheritedSignals.ignored.contains(signal) {
      _ = try? SignalAction.defaultAction.install(for: signal)
    }
  }

  /// Names an `errno` in words.
  ///
  /// - Parameter code: The error code.
  /// - Returns: The system's message.
  static func describe(_ code: Int32) -> String {
    Errno(rawValue: code).description
  }
}
