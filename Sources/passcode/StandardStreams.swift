import PasscodeEngine
internal import SystemCalls

/// Writes to standard output and standard error by descriptor (Glibc's `stderr` global is not safe
/// under strict concurrency).
///
/// Every text passes through ``SanitizedText`` (keeping line feeds) on its way out, so an argument, an
/// environment value or a path echoed in a message cannot send escape sequences to the terminal.
enum StandardStreams {
  /// Writes text to standard output; a failed write (a full disk, a closed pipe) is an error, since the
  /// output is what the command was asked for, and so is a standard output that was closed when the process
  /// started (it is `/dev/null` now, which would take the text and lose it).
  ///
  /// - Throws: ``CommandError/outputFailed(errno:)``.
  static func output(_ text: String) throws(CommandError) {
    try requireOutput()
    if let code = write(SanitizedText(text, allowsNewlines: true), to: 1) { throw .outputFailed(errno: code) }
  }

  /// Fails when standard output was closed when the process started: what the command makes would be lost.
  ///
  /// - Throws: ``CommandError/outputFailed(errno:)`` with `EBADF`.
  static func requireOutput() throws(CommandError) {
    if StandardDescriptors.reopenedAtStart.contains(.standardOutput) {
      throw .outputFailed(errno: Errno.badFileDescriptor.rawValue)
    }
  }

  /// Writes text to standard error; there is nowhere left to report a failure.
  static func error(_ text: String) { _ = write(SanitizedText(text, allowsNewlines: true), to: 2) }

  /// Whether standard output is a terminal.
  static var outputIsTerminal: Bool { FileDescriptor.standardOutput.isTerminal }

  /// Writes every byte through the layer (which retries after `EINTR`); returns the `errno` of a failure, or
  /// `nil`.
  private static func write(_ text: SanitizedText, to descriptor: Int32) -> Int32? {
    var bytes = Array(text.text.utf8)
    defer { bytes.removeAll() }
    do {
      try FileDescriptor(rawValue: descriptor).writeAll(bytes)
      return nil
    } catch {
      return error.rawValue
    }
  }
}
