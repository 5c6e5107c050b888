internal import SystemCalls

/// The terminal a ``PromptLoop`` reads key bytes from and writes to, with the job-control steps the loop takes
/// on it. ``TerminalSession`` is the real one; tests drive the loop with a scripted one.
protocol PromptTerminal: AnyObject {
  /// Writes text (never a secret); a hang-up found here is remembered, not thrown.
  func write(_ text: String) throws(PromptError)
  /// Reads what the terminal has into `buffer`; 0 when it hung up.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(PromptError) -> Int
  /// Whether input can be read now, without waiting.
  func hasInputWaiting() -> Bool
  /// Throws away input the terminal has buffered.
  func flushInput()
  /// Gives the terminal back and stops the process until it is continued, then takes the terminal again.
  func suspend(by signal: Signal) throws(PromptError)
  /// Makes sure the terminal is in raw mode after a `SIGCONT`.
  func enterRawModeAgain() throws(PromptError)
  /// The width to render for now.
  func width(environment: [String: String]) -> Int
  /// The lock keys' state, on a Linux virtual console; `nil` anywhere else, where it cannot be read.
  func keyboardLocks() -> KeyboardLocks?
}
