internal import Glibc
internal import SystemCalls

/// What `exec` needs from the `SystemCalls` layer: the process is replaced by the command, so its exit status
/// and signals are the command's own.
enum ProcessReplacement {
  /// The `errno` that means the command does not exist (exit status 127).
  static let notFound = ENOENT

  /// Replaces this process with a command found on `PATH`, after putting back the signal dispositions
  /// and mask a fresh program expects (the prompt ignores `SIGPIPE` and blocks nothing else).
  ///
  /// - Parameter arguments: The command and its arguments; the first is looked up on `PATH`.
  /// - Returns: The `errno` when the command could not be run; on success it does not return.
  static func execute(_ arguments: [String]) -> Int32 {
    guard let name = arguments.first else { return ENOENT }
    let failure = ProcessImage.replace(
      executable: name, arguments: arguments, searchesPath: true, resetting: [.brokenPipe]
    ).rawValue
    return failure == ENOENT || failure == ENOTDIR ? ENOENT : failure
  }

  /// The signals for which Swift's runtime installs its crash backtracer at start.
  static let backtracedSignals: [Int32] = [SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP]

  /// Gives the signals back their default actions, taking them from Swift's crash backtracer. It prints
  /// registers and the memory around them to standard error, which could show typed characters, and it
  /// swallowed the first SIGQUIT. With the default actions a SIGQUIT ends the process at once (with no
  /// core: the process is not dumpable), and a prompt restores the terminal first through its own
  /// handlers.
  static func takeSignalsFromBacktracer() {
    for number in backtracedSignals { _ = try? SignalAction.defaultAction.install(for: SignalNumber(rawValue: number)) }
  }

  /// Names an `errno` in words.
  ///
  /// - Parameter code: The error code.
  /// - Returns: The system's message.
  static func describe(_ code: Int32) -> String {
    Errno(rawValue: code).description
  }
}
