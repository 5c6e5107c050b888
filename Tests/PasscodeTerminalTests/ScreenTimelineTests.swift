import PasscodeEngine
import PasscodeTestSupport
import Testing

@testable import PasscodeTerminal

/// The screens that are not entries (the demo's unlocked screen, words told between entries, an agent's news
/// during a question) through the real ``PromptLoop``, driver and interpreter, on a manual clock.
@Suite("Screens between entries, on the same loop, driver and interpreter as an entry")
struct ScreenTimelineTests {
  @Test("the demo's unlocked screen says so, tells the keys after any other key, and L locks again")
  func demoUnlockedLocksAgain() throws {
    let timeline = PromptTimeline()
    let choice = try timeline.run(DemoUnlockedScreen(), "x 5 l") { $0.start() }
    #expect(choice == .lockAgain)
    #expect(timeline.announcer.announcements == [.demoUnlocked, .demoKeys, .demoKeys])
    #expect(
      timeline.lines == [
        "Unlocked. Press L to lock again or Q to quit.", "Press L to lock again or Q to quit.",
        "Press L to lock again or Q to quit.",
      ])
  }

  @Test("on the unlocked screen Q, Esc, Ctrl-C, Ctrl-D and Enter quit")
  func demoUnlockedQuits() throws {
    for keys in ["q", "Q", "⎋ +100ms", "^C", "^D", "⏎"] {
      let timeline = PromptTimeline()
      #expect(try timeline.run(DemoUnlockedScreen(), keys) { $0.start() } == .quit, "\(keys)")
    }
  }

  @Test("on the unlocked screen Ctrl-Z stops like any job, and after fg the keys are told")
  func demoUnlockedSuspends() throws {
    let timeline = PromptTimeline()
    #expect(try timeline.run(DemoUnlockedScreen(), "^Z SIGCONT q") { $0.start() } == .quit)
    #expect(timeline.suspensions == [.terminalStop])
    #expect(timeline.announcer.announcements == [.demoUnlocked, .demoKeys])
  }

  @Test("words told between entries are shown once and spoken once, in order, and end the screen at once")
  func wordsAreToldOnce() throws {
    let timeline = PromptTimeline()
    let words: [Announcement] = [.storeProblem("The state file is damaged."), .passcodeSet]
    #expect(try timeline.run(WordsScreen(words), "") { $0.start() } != nil)
    #expect(timeline.lines == ["The state file is damaged.", "Passcode set."])
    #expect(timeline.announcer.announcements == words)
  }

  @Test("in the screen-reader profile words between entries keep the caret on their line for the reading time")
  func wordsKeepTheReadingTime() throws {
    let timeline = PromptTimeline(profile: .screenReader, lineDiscipline: .caretAfterWords)
    _ = try timeline.run(WordsScreen([.passcodeSet]), "") { $0.start() }
    let readingTime = try #require(LineDiscipline.caretAfterWords.readingTime)
    #expect(timeline.sleeps == [readingTime], "the line is finished only after the reader had time to read it")
  }

  @Test("an agent's news during a question is shown once and spoken once, and the entry goes on")
  func questionsWaitingToldOnce() throws {
    let timeline = PromptTimeline()
    let entry = try EntryConfiguration(length: .variable(1...64), allowed: .printable)
    #expect(try timeline.ask(entry, "ab waiting(2) c ⏎") == .accepted)
    #expect(timeline.lines.filter { $0 == "2 questions waiting" }.count == 1)
    #expect(timeline.announcer.announcements.filter { $0 == .questionsWaiting(count: 2) }.count == 1)
    #expect(timeline.verified == ["abc"])
  }
}
