import PasscodeCommandLine
import PasscodeLocalization

/// `passcode doctor`'s report made from its findings: the text printed and the exit status.
package struct DoctorReport: Equatable, Sendable {
  /// The findings, in the order they are printed.
  package var findings: [DoctorFinding]

  /// Creates a report.
  ///
  /// - Parameter findings: The findings of every section, in order.
  package init(findings: [DoctorFinding]) {
    self.findings = findings
  }

  /// How many findings stop a prompt from working.
  package var problemCount: Int { findings.filter(\.blocksPrompt).count }

  /// 0 when nothing stops a prompt, else 78 (``ExitCode/setupProblem``).
  package var exitCode: ExitCode { problemCount == 0 ? .accepted : .setupProblem }

  /// The report as printed: a heading, each verdict on its line with its next step indented under it and
  /// the command that takes it on a `Run:` line of its own, and a result line; every line ends in a line feed.
  package var text: String {
    var lines = ["passcode doctor"]
    for finding in findings {
      lines.append(finding.verdict)
      if let next = finding.next { lines.append("  " + Localization.text("Next: {step}", ["step": next])) }
      if let command = finding.command {
        lines.append("  " + Localization.text("Run: {command}", ["command": command]))
      }
    }
    lines.append(
      problemCount == 0
        ? Localization.text("Result: nothing found that stops a prompt from working.")
        : Localization.text(
          singular: "Result: {count} problem stops a prompt from working; see the Next lines above.",
          plural: "Result: {count} problems stop a prompt from working; see the Next lines above.",
          count: problemCount))
    return lines.joined(separator: "\n") + "\n"
  }
}
