import PasscodeCommandLine
import PasscodeDoctor
import Testing

@Suite("doctor's report: the lines printed and the exit status")
struct DoctorReportTests {
  @Test("nothing stops a prompt: each verdict, its next step indented, the result; exit 0")
  func nothingBlocks() {
    let report = DoctorReport(findings: [.just("A: fine."), DoctorFinding(verdict: "B: so-so.", next: "Do this.")])
    #expect(
      report.text
        == "passcode doctor\nA: fine.\nB: so-so.\n  Next: Do this.\nResult: nothing found that stops a prompt from working.\n"
    )
    #expect(report.exitCode == .accepted)
  }

  @Test("a step's command is printed once, alone on a Run line under its Next line")
  func commandLine() {
    let report = DoctorReport(findings: [DoctorFinding(verdict: "B: so-so.", next: "Do this.", command: "true x")])
    #expect(
      report.text
        == "passcode doctor\nB: so-so.\n  Next: Do this.\n  Run: true x\n"
        + "Result: nothing found that stops a prompt from working.\n")
  }

  @Test(
    "a path becomes one shell word: as it is when plain, else single-quoted, a quote closed around",
    arguments: [
      ("/home/ana/.config/passcode/config", "/home/ana/.config/passcode/config"),
      ("/home/ana b/config", "'/home/ana b/config'"), ("/h/it's", "'/h/it'\"'\"'s'"), ("", "''"),
      ("/h/$(rm -rf x)", "'/h/$(rm -rf x)'"), ("/h/a\nb", "'/h/a\\nb'"),
    ])
  func shellWord(path: String, word: String) {
    #expect(DoctorText.shellWord(path) == word)
  }

  @Test(
    "problems are counted in the result, singular and plural; exit 78",
    arguments: [
      (1, "Result: 1 problem stops a prompt from working; see the Next lines above."),
      (2, "Result: 2 problems stop a prompt from working; see the Next lines above."),
    ])
  func problems(count: Int, result: String) {
    let blocking = Array(
      repeating: DoctorFinding(verdict: "X: broken.", next: "Fix it.", blocksPrompt: true), count: count)
    let report = DoctorReport(findings: [.just("A: fine.")] + blocking)
    #expect(report.problemCount == count)
    #expect(
      report.text == "passcode doctor\nA: fine.\n" + String(repeating: "X: broken.\n  Next: Fix it.\n", count: count)
        + result + "\n")
    #expect(report.exitCode == .setupProblem)
  }

  @Test("the whole report lists the sections in order: speech, readers, terminal, preferences, store, pinentry")
  func sectionsInOrder() {
    let snapshot = DoctorSnapshot.sample
    let expected =
      DoctorSections.speech(snapshot) + DoctorSections.screenReaders(snapshot) + DoctorSections.terminal(snapshot)
      + DoctorSections.preferences(snapshot) + DoctorSections.store(snapshot) + DoctorSections.pinentry(snapshot)
    #expect(DoctorSections.all(snapshot) == expected)
    #expect(DoctorSections.all(snapshot).first?.verdict.hasPrefix("Speech: ") == true)
    #expect(DoctorSections.all(snapshot).last?.verdict.hasPrefix("GPG_TTY: ") == true)
  }
}
