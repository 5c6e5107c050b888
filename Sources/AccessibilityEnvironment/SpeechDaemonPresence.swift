/// Whether a speech-dispatcher was found listening for this user before passcode decided anything.
package enum SpeechDaemonPresence: Equatable, Sendable {
  /// Its socket accepted a connection.
  case answering
  /// Nothing accepted a connection at its address (no socket, or nobody listening).
  case absent
  /// Not looked at, because the decision did not depend on it.
  case notChecked
}
