/// Why a test helper (a private daemon, a socket server) could not start.
package enum SpeechTestSupportError: Error, Equatable, Sendable {
  /// A system call failed; carries what was called and errno.
  case systemCall(String, errno: Int32)
  /// A daemon did not become ready in time; carries what was awaited.
  case notReady(String)
}
