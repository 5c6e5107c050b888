import PasscodeEngine
import PasscodeTestSupport
import Testing

/// `--progress count|tick|silent`: every announcement that carries a count, under each mode, and the cells.
@Suite("Progress feedback: what the entry's feedback reveals")
struct ProgressFeedbackTimelineTests {
  private func configuration(
    _ progress: ProgressFeedback, length: EntryConfiguration.Length = .fixed(4)
  ) throws -> EntryConfiguration {
    var configuration = try EntryConfiguration(length: length)
    configuration.progress = progress
    return configuration
  }

  /// Whether a phrase holds a numeral, which is how a count or a length would be spoken or shown.
  private func holdsNumber(_ words: String) -> Bool { words.contains { $0.isNumber } }

  @Test("count keeps today's words: the length at the start and the count at every key")
  func countTellsTheCount() throws {
    var timeline = EngineTimeline(try configuration(.count), verifier: EngineTimeline.accepting("2580"))
    timeline.run("2 5 ⌫ ? ⌧ paste(25x) 8 0 ⌧ paste(25) 8 0")
    #expect(
      timeline.spoken == [
        "Enter Passcode, 4 digits", "1 of 4 digits entered", "2 of 4 digits entered", "Deleted, 1 of 4 digits entered",
        "1 of 4 digits entered, 6 tries left", "Cleared, 0 of 4 digits entered",
        "Pasted, 2 of 4 digits entered, 1 ignored",
        "3 of 4 digits entered", "4 of 4 digits entered", RefusedKeyTimelineTests.notSubmitted,
        "Cleared, 0 of 4 digits entered",
        "Pasted, 2 of 4 digits entered", "3 of 4 digits entered", "4 of 4 digits entered", "Passcode accepted",
      ])
  }

  @Test("tick says a word per change and never a number, and the start does not say the length")
  func tickSaysWordsWithoutNumbers() throws {
    var timeline = EngineTimeline(try configuration(.tick), verifier: EngineTimeline.accepting("2580"))
    timeline.run("? 2 5 ⌫ ? ⌧ paste(25x) paste(x) paste(+3) 8 0 ⌧ 2 5 8 0")
    #expect(
      timeline.spoken == [
        "Enter Passcode", "Nothing typed, 6 tries left", "Entered", "Entered", "Deleted",
        "Something typed, 6 tries left",
        "Cleared", "Pasted, some left out", "Nothing pasted", "Nothing pasted", "Entered", "Entered",
        RefusedKeyTimelineTests.notSubmitted,
        "Cleared", "Entered", "Entered", "Entered", "Entered", "Passcode accepted",
      ])
    #expect(timeline.outcome == .accepted)
    // Only the tries left are a number, and only in the status asked for.
    #expect(!timeline.spoken.filter { !$0.hasSuffix("tries left") }.contains(where: holdsNumber))
  }

  @Test("silent tells nothing as keys are typed: only the prompt, the status asked for and the verdict")
  func silentTellsOnlyVerdicts() throws {
    var timeline = EngineTimeline(try configuration(.silent), verifier: EngineTimeline.accepting("2580"))
    timeline.run("2 5 ⌫ ⌧ paste(25x) ? paste(+3) 8 0 ⌧ 2 5 8 0")
    #expect(
      timeline.spoken == [
        "Enter Passcode", "Something typed, 6 tries left", "Nothing pasted", RefusedKeyTimelineTests.notSubmitted,
        "Passcode accepted",
      ])
    #expect(timeline.outcome == .accepted)
    #expect(timeline.renders.allSatisfy { $0.cells.isEmpty && $0.enteredCount == 0 && $0.fixedLength == nil })
  }

  @Test("a key that no longer fits is told as Full in every mode, without a count, and holds the entry back")
  func fullEntry() throws {
    for progress in ProgressFeedback.allCases {
      var timeline = EngineTimeline(
        try configuration(progress, length: .variable(1...2)), verifier: EngineTimeline.accepting("25"))
      timeline.run("2 5")
      let before = timeline.spoken
      timeline.run("8")
      #expect(timeline.spoken == before + ["Full, key not taken"])
      timeline.run("⏎")
      #expect(timeline.spoken.last == RefusedKeyTimelineTests.notSubmitted)
      #expect(timeline.verifications == 0)
      timeline.run("⌧ 2 5 ⏎")
      #expect(timeline.outcome == .accepted)
    }
  }

  @Test("too short says the minimum only under count")
  func tooShort() throws {
    let words: [ProgressFeedback: String] = [.count: "At least 4 digits", .tick: "Too short", .silent: "Too short"]
    for (progress, expected) in words {
      var timeline = EngineTimeline(
        try configuration(progress, length: .variable(4...8)), verifier: EngineTimeline.accepting("2580"))
      timeline.run("2 ⏎")
      #expect(timeline.spoken.last == expected)
      #expect(timeline.driver.output.announcements.last?.isError == true)
    }
  }

  @Test("verdicts keep their words in every mode: tries left, a lockout and its countdown, a time-out")
  func verdictsAreKept() throws {
    for progress in [ProgressFeedback.tick, .silent] {
      var timeline = EngineTimeline(
        try configuration(progress), failureCount: 4, verifier: EngineTimeline.accepting("2580"))
      timeline.run("1 1 1 1")
      #expect(timeline.spoken.last == "Wrong passcode, 1 try left")
      timeline.run("+500ms ?")
      #expect(timeline.spoken.suffix(2) == ["Ready", "Nothing typed, 1 try left"])
      timeline.run("1 1 1 1")
      #expect(timeline.spoken.last == "Too many tries. Try again in 1 minute")
      timeline.run("+30s")
      #expect(timeline.spoken.last == "Try again in 30 seconds")
    }
    var timed = try configuration(.silent)
    timed.timeout = .seconds(30)
    var timeline = EngineTimeline(timed, verifier: EngineTimeline.accepting("2580"))
    timeline.run("2 +30s")
    #expect(timeline.spoken.last == "Time is up")
    #expect(timeline.outcome == .timedOut)
  }

  @Test("the cells: count draws the length; tick only what is typed; silent nothing of a secure entry")
  func cellsFollowTheChoice() throws {
    for progress in ProgressFeedback.allCases {
      var timeline = EngineTimeline(try configuration(progress)) { _ in nil }
      timeline.run("2 5")
      let display = timeline.engine.display
      #expect(display.progress == progress)
      switch progress {
      case .count:
        #expect(display.cells.count == 4)
        #expect(display.fixedLength == 4)
        #expect(display.cells.filter(\.isFilled).count == 2)
      case .tick:
        #expect(display.cells.count == 2)
        #expect(display.cells.allSatisfy { $0.content == .masked })
        #expect(display.fixedLength == nil)
      case .silent:
        #expect(display.cells.isEmpty)
        #expect(display.enteredCount == 0)
        #expect(display.fixedLength == nil)
      }
    }
  }

  @Test("silent still shows the characters of an entry that may be shown (a one-time code), and tells nothing")
  func silentShowsVisibleCharacters() throws {
    var configuration = try configuration(.silent, length: .variable(1...8))
    configuration.isSecure = false
    var timeline = EngineTimeline(configuration) { _ in nil }
    timeline.run("2 5")
    #expect(timeline.engine.display.cells.map(\.content) == [.visible("2"), .visible("5")])
    #expect(timeline.spoken == ["Enter Passcode"])
  }
}
