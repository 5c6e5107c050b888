/// Who runs a process, from its `/proc/PID/status` file: the one parser of its `Uid:` line, for the
/// screen-reader detector and the session-locality probe.
enum ProcessOwner {
  /// The real user ID of a process: the first number on the `Uid:` line of its status file.
  ///
  /// - Parameter statusFile: The path of `/proc/PID/status` (under a test's fake root, if any).
  /// - Returns: The user ID, or `nil` when the file cannot be read or has no such line.
  static func realUserID(statusFile: String) -> UInt32? {
    guard let data = AccessibilitySystemCalls.readFile(statusFile) else { return nil }
    let status = String(decoding: data, as: UTF8.self)
    for line in status.split(whereSeparator: \.isNewline) where line.hasPrefix("Uid:") {
      return line.dropFirst("Uid:".count).split(whereSeparator: \.isWhitespace).first.flatMap { UInt32($0) }
    }
    return nil
  }
}
