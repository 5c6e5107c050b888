/// One thing `passcode doctor` found: the verdict, the next step if there is one, the shell command that
/// takes it when one does, and whether it stops a prompt from working.
package struct DoctorFinding: Equatable, Sendable {
  /// What was found, as one line of words.
  package var verdict: String
  /// What to do about it, or `nil` when nothing needs doing.
  package var next: String?
  /// The command that carries out ``next``, printed alone on a `Run:` line so it can be copied or run as it
  /// stands (`sh -c`), or `nil` when the step is not one command.
  package var command: String?
  /// Whether it would stop a prompt from working (the report then exits 78).
  package var blocksPrompt: Bool

  /// Creates a finding.
  ///
  /// - Parameters:
  ///   - verdict: What was found.
  ///   - next: What to do about it.
  ///   - command: The command that does it.
  ///   - blocksPrompt: Whether it stops a prompt from working.
  package init(verdict: String, next: String? = nil, command: String? = nil, blocksPrompt: Bool = false) {
    self.verdict = verdict
    self.next = next
    self.command = command
    self.blocksPrompt = blocksPrompt
  }
}
