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

  @Test("held words are spoken at once and stay under the cursor until the hold ends")
  func heldWordsEndWithTheHold() throws {
    let timeline = PromptTimeline(profile: .screenReader, lineDiscipline: .caretAtLineStart)
    let screen = WordsScreen([.diskUnlocked], holdingFor: .seconds(3))
    #expect(try timeline.run(screen, "") { $0.start() } != nil)
    #expect(timeline.announcer.announcements == [.diskUnlocked])
    #expect(timeline.time(of: "Disk unlocked") == .zero)
    let lineEnd = try #require(timeline.writes.last)
    #expect(lineEnd.text.hasSuffix("\n") && !lineEnd.text.contains("Disk unlocked"), "written last: \(lineEnd.text)")
    #expect(lineEnd.time == .seconds(3), "the words' line was ended at \(lineEnd.time), not when the hold ended")
  }

  @Test("a key typed while words are held ends the hold at once, and the keys are said to be ignored, not dropped")
  func keyDuringTheHoldIsToldIgnored() throws {
    for key in ["7", "⏎", "⎋ +100ms", "paste(1234)"] {
      let timeline = PromptTimeline(profile: .screenReader, lineDiscipline: .caretAtLineStart)
      let screen = WordsScreen([.diskUnlocked], holdingFor: .seconds(3))
      #expect(try timeline.run(screen, "+1s \(key)") { $0.start() } != nil, "\(key)")
      #expect(timeline.announcer.announcements == [.diskUnlocked, .keysTypedBeforeIgnored], "\(key)")
      #expect(timeline.lines == ["Disk unlocked", "Keys typed before this question were ignored"], "\(key)")
      #expect(timeline.clock.now() < .seconds(3), "\(key): the hold went on after the key")
    }
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

  @Test("words that must be heard are told, then wait for a key: time alone never ends them, any key does")
  func wordsUntilKeyWaitForAKey() throws {
    for key in ["x", "⏎", "⎋ +100ms", "^C", "^D", "paste(1234)"] {
      let timeline = PromptTimeline()
      #expect(try timeline.run(WordsUntilKey([.nothingToLock]), "+60m \(key)") { $0.start() } != nil, "\(key)")
      #expect(timeline.announcer.announcements == [.nothingToLock, .pressAnyKey], "\(key)")
      #expect(
        timeline.lines == [
          "No passcode is set, so nothing is locked. Set one with 'passcode set'.", "Press any key to go on.",
        ], "\(key)")
      #expect(timeline.clock.now() >= .seconds(3600), "an hour passed and they were still waiting")
    }
  }

  @Test("with no key the words wait until the terminal goes away")
  func wordsUntilKeyOutlastTime() throws {
    let timeline = PromptTimeline()
    do throws(PromptError) {
      _ = try timeline.run(WordsUntilKey([.nothingToLock]), "+1440m") { $0.start() }
      Issue.record("the words ended with no key")
    } catch .hungUp {
    } catch {
      Issue.record("\(error)")
    }
    #expect(timeline.clock.now() >= .seconds(1440 * 60))
    #expect(timeline.announcer.announcements == [.nothingToLock, .pressAnyKey])
  }

  @Test("a key typed before the words were told is thrown away, so it cannot end them unheard")
  func wordsUntilKeyFlushFirst() {
    let effects = WordsUntilKey([.nothingToLock]).start()
    guard case .flushInput = effects.first else {
      Issue.record("the first effect is \(String(describing: effects.first))")
      return
    }
    #expect(effects.count == 3)
  }

  @Test("in the screen-reader profile the words that wait for a key are a line each, spoken once")
  func wordsUntilKeyScreenReader() throws {
    let timeline = PromptTimeline(profile: .screenReader, lineDiscipline: .caretAfterWords)
    #expect(try timeline.run(WordsUntilKey([.nothingToLock]), "q") { $0.start() } != nil)
    #expect(timeline.announcer.announcements == [.nothingToLock, .pressAnyKey])
    #expect(timeline.lines.filter { $0.contains("Press any key to go on.") }.count == 1)
  }
}
