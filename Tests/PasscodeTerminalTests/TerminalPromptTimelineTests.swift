import AnnouncementWords
import PasscodeEngine
import PasscodeTestSupport
import Testing

@testable import PasscodeTerminal

/// Prompt-level timelines: the real ``PromptLoop``, key decoder, screen and engine, on a manual clock with a
/// scripted terminal (``PromptTimeline``), so nothing waits on real time and no pseudo-terminal is needed.
@Suite("Terminal prompt timelines")
struct TerminalPromptTests {
  let fourDigits: EntryConfiguration

  init() throws {
    fourDigits = try EntryConfiguration(length: .fixed(4))
  }

  @Test("keys typed one by one are told one by one, and the right code is accepted")
  func typedCodeAccepted() throws {
    let timeline = PromptTimeline()
    timeline.verdict = { $0 == "2580" ? .accepted : .rejected(failureCount: nil) }
    #expect(try timeline.ask(fourDigits, "2 +300ms 5 8 +1s 0") == .accepted)
    #expect(
      timeline.lines == [
        "Enter Passcode, 4 digits", "1 of 4 digits entered", "2 of 4 digits entered", "3 of 4 digits entered",
        "4 of 4 digits entered", "Passcode accepted",
      ])
    #expect(timeline.verified == ["2580"])
  }

  @Test("a bracketed paste is one key: the digits are entered at once and told once")
  func pasteIsOneKey() throws {
    let timeline = PromptTimeline()
    timeline.verdict = { $0 == "2580" ? .accepted : .rejected(failureCount: nil) }
    #expect(try timeline.ask(fourDigits, "paste(2580)") == .accepted)
    #expect(timeline.verified == ["2580"])
    #expect(!timeline.lines.contains("1 of 4 digits entered"), "a paste is not told digit by digit")
    #expect(timeline.lines.last == "Passcode accepted")
  }

  @Test("a paste whose end never comes fails after a second of silence, and Ctrl-C works again")
  func openPasteEndsAfterSilence() throws {
    let timeline = PromptTimeline()
    let opening = "\u{1b}[200~25"
    #expect(try timeline.ask(fourDigits, "\(opening) +500ms ^C +1s ^C") == .cancelled)
    #expect(timeline.verified.isEmpty)
    let cancelled = try #require(timeline.time(of: "Cancelled"))
    #expect(cancelled == .milliseconds(1500), "the first Ctrl-C went into the paste; the second came after it failed")
  }

  @Test("the engine flushes before it asks again: a code typed as soon as the words appear is kept")
  func flushComesBeforeTheWords() throws {
    let timeline = PromptTimeline()
    var asked = 0
    timeline.verdict = { _ in
      asked += 1
      return asked == 1 ? .retry(.confirmNew) : .accepted
    }
    let again = AnnouncementCatalogue.english.text(for: .confirmNew)
    timeline.type("2580", asSoonAs: again)
    #expect(try timeline.ask(fourDigits, "1111") == .accepted)
    #expect(timeline.verified == ["1111", "2580"])
  }

  @Test("a lone Esc waits 50 ms for the rest of a sequence, then cancels")
  func loneEscapeCancelsAfterTheWait() throws {
    let timeline = PromptTimeline()
    #expect(try timeline.ask(fourDigits, "1 +1s ⎋ +2s") == .cancelled)
    #expect(timeline.time(of: "Cancelled") == .milliseconds(1050))
  }

  @Test("during a lockout a digit flushes what was typed with it, but a Ctrl-C in the same read is kept")
  func lockoutFlushKeepsTheRequestToLeave() throws {
    let timeline = PromptTimeline()
    #expect(try timeline.ask(fourDigits, "+1s 5^C", lockoutRemaining: .seconds(30), failureCount: 6) == .cancelled)
    #expect(timeline.lines.first == "Too many tries. Try again in 30 seconds")
    #expect(timeline.lines.last == "Cancelled")
    #expect(timeline.time(of: "Cancelled") == .seconds(1))
    #expect(timeline.verified.isEmpty)
  }

  @Test("digits typed during a lockout are thrown away: after Ready the code starts from nothing")
  func lockoutFlushThrowsDigitsAway() throws {
    let timeline = PromptTimeline()
    timeline.verdict = { $0 == "2580" ? .accepted : .rejected(failureCount: nil) }
    let outcome = try timeline.ask(fourDigits, "+1s 11 +2s 9 +30s 2580", lockoutRemaining: .seconds(5), failureCount: 6)
    #expect(outcome == .accepted)
    #expect(timeline.verified == ["2580"], "nothing typed during the lockout reached the code")
    let ready = try #require(timeline.time(of: "Ready"))
    #expect(ready == .seconds(5))
  }

  @Test("Esc during a lockout cancels at once; lock (ignoring interruptions) only re-reads the status")
  func cancelDuringLockout() throws {
    let timeline = PromptTimeline()
    #expect(try timeline.ask(fourDigits, "+2s ⎋ +50ms", lockoutRemaining: .seconds(30), failureCount: 6) == .cancelled)
    #expect(timeline.time(of: "Cancelled") == .milliseconds(2050))

    let lock = PromptTimeline(ignoresInterruptions: true)
    lock.verdict = { $0 == "2580" ? .accepted : .rejected(failureCount: nil) }
    let outcome = try lock.ask(fourDigits, "+2s ^C +40s 2580", lockoutRemaining: .seconds(30), failureCount: 6)
    #expect(outcome == .accepted)
    #expect(!lock.lines.contains("Cancelled"))
  }

  @Test("a prompt with a timeout warns, then ends timed out on the clock")
  func timeoutEndsThePrompt() throws {
    var configuration = fourDigits
    configuration.timeout = .seconds(60)
    let timeline = PromptTimeline()
    #expect(try timeline.ask(configuration, "1 +10m") == .timedOut)
    let warning = try #require(timeline.writes.first { $0.text.contains("second") && $0.time > .zero })
    #expect(warning.time < .seconds(60))
    #expect(timeline.writes.last.map(\.time) == .seconds(60))
  }

  @Test("Tab on the terminal starts the time limit again and types nothing; Time is up ends the prompt")
  func tabGivesMoreTime() throws {
    var configuration = fourDigits
    configuration.timeout = .seconds(30)
    let timeline = PromptTimeline()
    #expect(try timeline.ask(configuration, "1 +20s ⇥ +29s 2 +10m") == .timedOut)
    #expect(timeline.time(of: "15 seconds left. Press Tab for more time.") == .seconds(15))
    #expect(timeline.time(of: "More time: 30 seconds left") == .seconds(20))
    #expect(timeline.time(of: "2 of 4 digits entered") == .seconds(49))
    #expect(timeline.time(of: "Time is up") == .seconds(79))
  }

  @Test("a verifier that is slow makes the prompt say Checking, and its answer ends it")
  func slowVerifierSaysChecking() throws {
    let timeline = PromptTimeline()
    timeline.verdict = { _ in nil }
    #expect(try timeline.ask(fourDigits, "2580 +5s ✓") == .accepted)
    #expect(timeline.lines.suffix(2) == ["Checking", "Passcode accepted"])
  }

  @Test("for a reader that speaks a line only while the caret is at its end, the line ends after the reading time")
  func readingTimeIsATimerOnTheClock() throws {
    let timeline = PromptTimeline(profile: .screenReader, lineDiscipline: .caretAfterWords)
    #expect(try timeline.ask(fourDigits, "1 +1s ^C") == .cancelled)
    let cancelled = try #require(timeline.time(of: "Cancelled"))
    #expect(timeline.sleeps == [cancelled + .milliseconds(200)])
    #expect(timeline.writes.last?.text == "\n")
    #expect(timeline.writes.last?.time == cancelled + .milliseconds(200))
  }

  @Test("after the reading time the caret goes back to the line's start, for Orca's braille, and nothing else moves")
  func caretReturnsAfterTheReadingTime() throws {
    let timeline = PromptTimeline(profile: .screenReader, lineDiscipline: .caretAfterWords)
    #expect(try timeline.ask(fourDigits, "1 +1s 2 +50ms 5 +1s ^C") == .cancelled)
    let first = try #require(timeline.time(of: "1 of 4 digits entered"))
    let third = try #require(timeline.time(of: "3 of 4 digits entered"))
    let returns = timeline.writes.filter { $0.text == "\r" }.map(\.time)
    // The second line was followed by the third within its reading time: its caret stayed for the third's words.
    #expect(returns == [first + .milliseconds(200), third + .milliseconds(200)])
    #expect(!timeline.writes.contains { $0.text.hasPrefix("\r") && $0.text.count > 1 })
  }

  @Test("no reading time where the line discipline does not need it: a text-screen reader, visual and plain")
  func noReadingTimeElsewhere() throws {
    for timeline in [
      PromptTimeline(profile: .screenReader, lineDiscipline: .caretAtLineStart), PromptTimeline(profile: .visual),
      PromptTimeline(profile: .plain),
    ] {
      #expect(try timeline.ask(fourDigits, "1 +1s ^C") == .cancelled)
      #expect(timeline.sleeps.isEmpty)
      #expect(timeline.clock.now() == .seconds(1))
    }
  }

  @Test("a terminating signal ends the prompt; a stop signal stops it, and SIGCONT says where the entry stands")
  func signals() throws {
    let terminated = PromptTimeline()
    #expect(throws: PromptError.self) { try terminated.ask(fourDigits, "1 SIGTERM") }

    let stopped = PromptTimeline()
    #expect(try stopped.ask(fourDigits, "1 SIGTTIN SIGCONT ^Z ^C") == .cancelled)
    #expect(stopped.suspensions == [.backgroundRead, .terminalStop])
    #expect(stopped.rawModeEntries == 1)
    #expect(stopped.lines.filter { $0.hasPrefix("1 of 4 digits entered") }.count == 2, "SIGCONT re-reads the status")

    let lock = PromptTimeline(ignoresInterruptions: true)
    #expect(try lock.ask(fourDigits, "1 SIGTTIN SIGINT ^Z SIGCONT interrupt") == .cancelled)
    #expect(lock.suspensions.isEmpty, "lock keeps the terminal")
    #expect(lock.lines.contains(AnnouncementCatalogue.english.text(for: .lockedAgain)))
  }

  @Test("the visual profile shows the engine's heading above its status; speech tells the hint after the prompt")
  func visualHeadingComesFromTheEngine() throws {
    let timeline = PromptTimeline(profile: .visual)
    #expect(try timeline.ask(fourDigits, "^C", hint: .demoCode(length: 4)) == .cancelled)
    #expect(
      timeline.text.hasPrefix("Enter Passcode\nThe passcode is 2580\n\r\u{1b}[2K"), "\(timeline.text.debugDescription)")
    #expect(timeline.text.components(separatedBy: "The passcode is").count == 2, "the hint is shown once")
    #expect(
      timeline.announcer.announcements == [
        .prompt(title: fourDigits.title, length: 4, kind: .digits), .demoCode(length: 4), .cancelled,
      ])
    #expect(timeline.announcer.phrases[1].words == "The passcode is two five eight zero")
  }

  @Test("a caller's heading stands above the visual status line, once, and its words are spoken once, in the preamble")
  func callersHeadingAboveTheStatus() throws {
    let question: Announcement = .callerDescription("Unlock the disk")
    let timeline = PromptTimeline(profile: .visual)
    #expect(try timeline.ask(fourDigits, "^C", heading: [question], preamble: [question]) == .cancelled)
    #expect(timeline.text.hasPrefix("Unlock the disk\n\r\u{1b}[2K"), "\(timeline.text.debugDescription)")
    #expect(timeline.announcer.announcements.filter { $0 == question }.count == 1)

    let reader = PromptTimeline(profile: .screenReader, lineDiscipline: .caretAtLineStart)
    #expect(try reader.ask(fourDigits, "^C", heading: [question], preamble: [question]) == .cancelled)
    #expect(
      reader.lines == ["Enter Passcode, 4 digits", "Unlock the disk", "Cancelled"], "a reader gets each line once")
  }

  @Test("the line profiles tell the hint after the prompt's words and the preamble, once, as speech does")
  func hintIsToldAfterThePreamble() throws {
    for profile in [OutputProfile.screenReader, .plain] {
      let timeline = PromptTimeline(profile: profile, lineDiscipline: .caretAtLineStart)
      #expect(
        try timeline.ask(fourDigits, "^C", hint: .demoCode(length: 4), preamble: [.askedAgain(attempt: 2)])
          == .cancelled)
      let told = [
        "Enter Passcode, 4 digits", "Wrong passphrase. Try 2",
        "The passcode is two five eight zero", "Cancelled",
      ]
      #expect(timeline.lines == told, "\(profile)")
      #expect(timeline.announcer.phrases.map(\.words) == told, "\(profile)")
    }
  }

  @Test("a notice arriving during a lockout is told once, in order, and not spoken; the lockout goes on")
  func noticeDuringLockout() throws {
    let timeline = PromptTimeline()
    let outcome = try timeline.ask(
      fourDigits, "+5s notice(speech-offline) +30s ^C", lockoutRemaining: .seconds(30), failureCount: 6)
    #expect(outcome == .cancelled)
    #expect(timeline.lines.filter { $0 == "speech-offline" }.count == 1)
    #expect(timeline.lines.first == "Too many tries. Try again in 30 seconds")
    #expect(timeline.lines[1] == "speech-offline", "told when it came, before the countdown's next words")
    #expect(timeline.time(of: "speech-offline") == .seconds(5))
    #expect(timeline.lines.suffix(2) == ["Ready", "Cancelled"])
    #expect(timeline.time(of: "Ready") == .seconds(30))
    #expect(!timeline.announcer.phrases.contains { $0.words == "speech-offline" }, "a notice is shown, not spoken")
  }

  @Test("in the visual profile a notice is a line above the status, which is drawn again below it")
  func visualNoticeAboveTheStatus() throws {
    let timeline = PromptTimeline(profile: .visual)
    #expect(try timeline.ask(fourDigits, "1 notice(speech-offline) ^C") == .cancelled)
    let after = try #require(timeline.text.components(separatedBy: "\r\u{1b}[2Kspeech-offline\n").last)
    #expect(after.hasPrefix("\r\u{1b}[2K"), "the status comes back below the notice")
    #expect(after.contains("1 of 4 digits entered"))
  }

  @Test("the input ending is a hang-up")
  func hangUp() throws {
    let timeline = PromptTimeline()
    #expect {
      try timeline.ask(fourDigits, "1 2")
    } throws: { error in
      if case .hungUp = error as? PromptError { true } else { false }
    }
  }
}

/// The signal policy, as a table.
@Suite("Signal policy")
struct SignalPolicyTests {
  @Test("every prompt but lock ends on interrupts, stops on stop signals and re-reads on SIGCONT")
  func ordinaryPrompt() {
    let policy = SignalPolicy(ignoresInterruptions: false)
    for signal in SignalRelay.relayed {
      let expected: SignalPolicy.Response =
        switch signal {
        case .terminalStop, .backgroundRead, .backgroundWrite: .stop(signal)
        case .continued: .resume(relocks: false)
        case .windowSizeChanged: .resize
        default: .terminate
        }
      #expect(policy.response(to: signal) == expected, "\(signal)")
    }
  }

  @Test("lock ignores interrupts and stop signals, relocks on SIGCONT and still ends on the rest")
  func lock() {
    let policy = SignalPolicy(ignoresInterruptions: true)
    for signal in SignalRelay.relayed {
      let expected: SignalPolicy.Response =
        switch signal {
        case .interrupt, .quit, .terminalStop, .backgroundRead, .backgroundWrite: .ignore
        case .continued: .resume(relocks: true)
        case .windowSizeChanged: .resize
        default: .terminate
        }
      #expect(policy.response(to: signal) == expected, "\(signal)")
    }
  }
}
