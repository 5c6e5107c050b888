import PasscodeDoctor
import Testing

@Suite("doctor's secret-memory line: said only when secrets could be swapped out, and never a stop")
struct SecretMemorySectionTests {
  static let next =
    "Raise the locked-memory limit (ulimit -l, or LimitMEMLOCK= for a systemd service), or run passcode as a user "
    + "with CAP_IPC_LOCK."

  static let rows: [SectionCase] = [
    SectionCase("memory that locks: nothing to say", { $0.secretMemory = .locked }, expected: []),
    SectionCase(
      "a locked-memory limit of 0: the limit, what still holds, and how to allow locking",
      { $0.secretMemory = .unlocked(limitKilobytes: 0, reason: "Operation not permitted") },
      expected: [
        DoctorFinding(
          verdict: "Secret memory: cannot be locked against swap (the locked-memory limit, ulimit -l, is 0 kB); "
            + "secrets are still wiped and kept out of core dumps.",
          next: next)
      ]),
    SectionCase(
      "no limit, yet the lock failed: the system's reason, cleaned of controls",
      { $0.secretMemory = .unlocked(limitKilobytes: nil, reason: "Cannot allocate memory\u{1B}[2J") },
      expected: [
        DoctorFinding(
          verdict: "Secret memory: cannot be locked against swap (Cannot allocate memory); "
            + "secrets are still wiped and kept out of core dumps.",
          next: next)
      ]),
  ]

  @Test("each row's findings", arguments: rows)
  func findings(row: SectionCase) {
    expectFindings(DoctorSections.secretMemory(row.snapshot), row)
  }

  @Test("memory that cannot be locked does not make doctor exit 78, and sits between the store and pinentry")
  func notAStop() throws {
    var snapshot = DoctorSnapshot.sample
    snapshot.secretMemory = .unlocked(limitKilobytes: 0, reason: "Operation not permitted")
    let report = DoctorReport(findings: DoctorSections.all(snapshot))
    #expect(report.exitCode == DoctorReport(findings: DoctorSections.all(.sample)).exitCode)
    let verdicts = report.findings.map(\.verdict)
    let memory = try #require(verdicts.firstIndex { $0.hasPrefix("Secret memory:") })
    let pinentry = try #require(verdicts.firstIndex { $0.hasPrefix("Pinentry link:") })
    #expect(memory < pinentry)
  }
}
