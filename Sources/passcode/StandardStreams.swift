import PasscodeEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes to standard output and standard error by descriptor (Glibc's `stderr` global is not safe
/// under strict concurrency).
///
/// Every text passes through ``SanitizedText`` (keeping line feeds) on its way out, so an argument, an
/// environment value or a path echoed in a message cannot send escape sequences to the terminal.
enum StandardStreams {
  /// Writes text to standard output.
  static func output(_ text: String) { write(SanitizedText(text, allowsNewlines: true), to: 1) }

  /// Writes text to standard error.
  static func error(_ text: String) { write(SanitizedText(text, allowsNewlines: true), to: 2) }

  /// Whether standard output is a terminal. The corresponding C function is `isatty`.
  static var outputIsTerminal: Bool { isatty(1) == 1 }

  private static func write(_ text: SanitizedText, to descriptor: Int32) {
    var bytes = Array(text.text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
    bytes.removeAll()
  }
}
