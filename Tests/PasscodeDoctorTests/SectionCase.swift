import AccessibilityEnvironment
import PasscodeCommandLine
import PasscodeDoctor
import PasscodePreferences
import PasscodeSpeech
import PasscodeVault
import Testing

/// One row of a section's table: a snapshot and the exact findings the section must make of it.
struct SectionCase: Sendable, CustomTestStringConvertible {
  let name: String
  let snapshot: DoctorSnapshot
  let expected: [DoctorFinding]

  /// A row whose snapshot is ``DoctorSnapshot/sample`` changed by `change`.
  init(
    _ name: String, _ change: (inout DoctorSnapshot) -> Void = { _ in }, expected: [DoctorFinding]
  ) {
    self.name = name
    var snapshot = DoctorSnapshot.sample
    change(&snapshot)
    self.snapshot = snapshot
    self.expected = expected
  }

  var testDescription: String { name }
}

/// Compares a section's findings with a row's, one finding at a time so a failure names the line.
func expectFindings(_ found: [DoctorFinding], _ row: SectionCase, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(found.count == row.expected.count, "\(row.name): \(found)", sourceLocation: sourceLocation)
  for (finding, expected) in zip(found, row.expected) {
    #expect(finding == expected, "\(row.name)", sourceLocation: sourceLocation)
  }
}

extension DoctorSnapshot {
  /// A plain system: local session, no screen reader, no daemon, no TERM, a store at /s, no
  /// pinentry set-up.
  static let sample = DoctorSnapshot(
    environment: ["HOME": "/h"], options: CommonOptions(), sources: PreferenceSources(), requestedProfile: nil,
    speechInputs: SpeechPolicyInputs(daemon: .absent),
    speechDispatcher: SpeechDiagnostics(
      reachable: false, failure: "no socket", address: "unix_socket:/run/s.sock", outputModule: nil),
    braille: .brlttyNotRunning, terminalProblem: nil,
    store: .located(configFile: "/s/config", health: StoreHealth(entries: []), settingsProblem: nil),
    pinentry: Pinentry(link: nil, agentConfigurationFile: "/h/.gnupg/gpg-agent.conf", program: nil))
}

extension DoctorFinding {
  /// A finding with nothing to do.
  static func just(_ verdict: String) -> DoctorFinding { DoctorFinding(verdict: verdict) }
}
