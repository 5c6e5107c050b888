import Testing

/// The lab's judging, pinned down without any reader: how the protocol log becomes phrases.
@Suite("Screen-reader lab: reading the speech log")
struct HeardSpeechTests {
  static let log = """
    [Tue Dec  1 10:00:00 2026 : 1] speechd:     18:DATA:|SET self CLIENT_NAME nobody:Orca:default
    | (40)
    [Tue Dec  1 10:00:00 2026 : 2] speechd:     18:DATA:|SPEAK
    | (7)
    [Tue Dec  1 10:00:00 2026 : 3] speechd:     18:DATA:|<speak><mark name="0:5"/>Enter Passcode, 4 digits
    <mark name="25:28"/>The passcode is two five eight zero</speak>
    | (90)
    [Tue Dec  1 10:00:00 2026 : 4] speechd:     18:DATA:|.
    | (3)
    [Tue Dec  1 10:00:01 2026 : 5] speechd:     19:DATA:|SET self CLIENT_NAME nobody:passcode:main
    | (42)
    [Tue Dec  1 10:00:01 2026 : 6] speechd:     19:DATA:|SPEAK
    | (7)
    [Tue Dec  1 10:00:01 2026 : 7] speechd:     19:DATA:|Ready
    | (7)
    [Tue Dec  1 10:00:01 2026 : 8] speechd:     19:DATA:|.
    | (3)

    """

  @Test("SSML is stripped, Orca's lines are split, and passcode's own speech is caught as double speech")
  func orcaLog() {
    let heard = HeardSpeech(protocolLog: Self.log)
    #expect(
      heard.phrases(ofClient: "Orca", ignoring: [])
        == ["Enter Passcode, 4 digits", "The passcode is two five eight zero"])
    #expect(heard.fromPasscode.map(\.text) == ["Ready"])
    #expect(heard.dropping(first: 1).phrases(ofClient: "Orca", ignoring: []).isEmpty)
  }

  @Test("Fenrir's line pause splits an utterance, its own words are left out, and a comma in a phrase stays")
  func fenrirLines() {
    #expect(
      HeardSpeech.lines(of: "4 of 4 digits entered  , Passcode accepted  ,   ,  , ")
        == ["4 of 4 digits entered", "Passcode accepted"])
    #expect(HeardSpeech.lines(of: "Deleted, 1 of 4 digits entered ") == ["Deleted, 1 of 4 digits entered"])
  }

  @Test("a numeral outside a count or a glyph name is a violation; counts and durations are not")
  func violations() {
    #expect(HeardSpeech.violation(in: "Wrong passcode, 2 tries left") == nil)
    #expect(HeardSpeech.violation(in: "Too many tries. Try again in 1 minute 30 seconds") == nil)
    #expect(HeardSpeech.violation(in: "The passcode is 2580") != nil)
    #expect(HeardSpeech.violation(in: "black circle black circle 2 of 4 digits entered") != nil)
  }

  @Test("the expected phrases must match exactly, with an optional Checking only where marked")
  func matching() {
    let scenario = LabScenario(
      "test", ["check"], opening: ["Enter Passcode, 6 digits"],
      steps: [LabStep([.enter], heard: [LabScenario.checking, "Passcode accepted"])], exitStatus: 0)
    #expect(scenario.matches(["Enter Passcode, 6 digits", "Passcode accepted"]))
    #expect(scenario.matches(["Enter Passcode, 6 digits", "Checking", "Passcode accepted"]))
    #expect(!scenario.matches(["Enter Passcode, 6 digits", "Passcode accepted", "Passcode accepted"]))
    #expect(!scenario.matches(["Enter Passcode, 6 digits"]))
  }

  @Test("a step's phrases count as heard only when each required one came; a Checking stands in for none")
  func heardThroughStep() {
    let scenario = LabScenario(
      "test", ["check"], opening: ["Enter Passcode, 6 digits"],
      steps: [
        LabStep([.enter], heard: [LabScenario.checking, "Too many tries. Try again in 2 seconds"]),
        LabStep([], heard: ["Ready"]),
        LabStep([.text("1")], heard: ["1 of 6 digits entered"]),
      ], exitStatus: 0)
    let opening = "Enter Passcode, 6 digits"
    let lockedOut = "Too many tries. Try again in 2 seconds"
    #expect(!scenario.hasHeard(throughStep: nil, in: []))
    #expect(scenario.hasHeard(throughStep: nil, in: [opening]))
    #expect(!scenario.hasHeard(throughStep: 0, in: [opening, "Checking"]))
    #expect(scenario.hasHeard(throughStep: 0, in: [opening, lockedOut]))
    #expect(scenario.hasHeard(throughStep: 0, in: [opening, "Checking", lockedOut]))
    // The stall: with "Checking" heard, the lockout's "Ready" has not come yet, so its keys must wait.
    #expect(!scenario.hasHeard(throughStep: 1, in: [opening, "Checking", lockedOut]))
    #expect(scenario.hasHeard(throughStep: 1, in: [opening, "Checking", lockedOut, "Ready"]))
    #expect(!scenario.hasHeard(throughStep: 2, in: [opening, "Checking", lockedOut, "Ready"]))
  }
}
