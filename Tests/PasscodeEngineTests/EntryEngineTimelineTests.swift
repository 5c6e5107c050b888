import LockedSecretStorage
import PasscodeEngine
import PasscodeTestSupport
import Testing

@Suite("Entry engine timelines")
struct EntryEngineTimelineTests {
  let fourDigits: EntryConfiguration

  init() throws {
    fourDigits = try EntryConfiguration(length: .fixed(4))
  }

  @Test("the seed code 2580 is accepted with progress for every digit")
  func seedCodeAccepted() {
    var timeline = EngineTimeline(fourDigits, verifier: EngineTimeline.accepting("2580"))
    timeline.run("2 5 8 0")
    #expect(
      timeline.spoken == [
        "Enter Passcode, 4 digits", "1 of 4 digits entered", "2 of 4 digits entered", "3 of 4 digits entered",
        "4 of 4 digits entered", "Passcode accepted",
      ])
    #expect(timeline.outcome == .accepted)
    #expect(timeline.storage.count == 0)
  }

  @Test("a code that is passed on unchecked ends with its own words (an agent's Answer sent)")
  func acceptedAnnouncementIsConfigurable() throws {
    var configuration = try EntryConfiguration(length: .variable(1...64), allowed: .printable)
    configuration.acceptedAnnouncement = .answerSent
    var timeline = EngineTimeline(configuration, verifier: EngineTimeline.accepting("ab"))
    timeline.run("a b ⏎")
    #expect(timeline.spoken.last == "Answer sent")
    #expect(timeline.outcome == .accepted)
  }

  @Test("a wrong code shows the error, shakes, then empties and says Ready after 0.5 s")
  func wrongCodeRejectedThenReady() {
    var timeline = EngineTimeline(fourDigits, verifier: EngineTimeline.accepting("2580"))
    timeline.run("1 1 1 1")
    #expect(timeline.spoken.last == "Wrong passcode")
    #expect(timeline.engine.display.phase == .rejected)
    #expect(timeline.engine.display.cells.allSatisfy { $0.isError && $0.isFilled })
    #expect(timeline.storage.count == 0, "the rejected code is wiped at once")
    timeline.run("+499ms")
    #expect(timeline.spoken.last == "Wrong passcode")
    let offsets = timeline.renders.filter { $0.phase == .rejected }.map(\.shakeOffset)
    #expect(offsets.contains { $0 != 0 }, "shake frames move the cells")
    #expect(offsets.allSatisfy { abs($0) <= 3 })
    #expect(Array(offsets.dropFirst()) == Array(ShakeCurve.standard.columnOffsets.dropLast()))
    timeline.run("+1ms")
    #expect(timeline.spoken.last == "Ready")
    #expect(timeline.engine.count == 0)
    #expect(timeline.engine.display.cells.allSatisfy { !$0.isFilled && !$0.isError })
    timeline.run("2 5 8 0")
    #expect(timeline.outcome == .accepted)
  }

  @Test("reduce motion schedules no shake frame at all")
  func reduceMotionHasNoShake() throws {
    let configuration = try EntryConfiguration(length: .fixed(4), reduceMotion: true)
    var timeline = EngineTimeline(configuration, verifier: EngineTimeline.accepting("2580"))
    timeline.run("1 2 3 9")
    #expect(timeline.timers.contains(.rejectionEnded), "the rejection is showing")
    #expect(!timeline.timers.contains { if case .shakeFrame = $0 { true } else { false } })
    timeline.run("+1s")
    #expect(timeline.renders.allSatisfy { $0.shakeOffset == 0 })
    #expect(timeline.spoken.suffix(2) == ["Wrong passcode", "Ready"])
  }

  @Test("delete and clear report the new count; delete on empty says nothing")
  func deleteAndClear() {
    var timeline = EngineTimeline(fourDigits, verifier: EngineTimeline.accepting("2580"))
    timeline.run("⌫ 1 2 ⌫ 3 ⌧ ⌧")
    #expect(
      timeline.spoken == [
        "Enter Passcode, 4 digits", "1 of 4 digits entered", "2 of 4 digits entered",
        "Deleted, 1 of 4 digits entered", "2 of 4 digits entered", "Cleared, 0 of 4 digits entered",
      ])
    #expect(timeline.storage.count == 0)
  }

  @Test("a paste keeps allowed characters that fit, counts the rest as ignored, and is then not submitted")
  func pasteWithJunkAndOverflow() {
    var timeline = EngineTimeline(fourDigits, verifier: { _ in nil })
    timeline.run("paste(2a5-8) paste(0123+5)")
    #expect(timeline.spoken.dropFirst().first == "Pasted, 3 of 4 digits entered, 2 ignored")
    #expect(
      timeline.spoken.suffix(2) == ["Pasted, 4 of 4 digits entered, 8 ignored", RefusedKeyTimelineTests.notSubmitted])
    #expect(timeline.verifications == 0)
    timeline.run("⌧ paste(2580)")
    #expect(timeline.verifications == 1)
    timeline.run("✓")
    #expect(timeline.outcome == .accepted)
  }

  @Test("a clean paste reports no ignored characters")
  func cleanPaste() {
    var timeline = EngineTimeline(fourDigits, verifier: { _ in nil })
    timeline.run("paste(12)")
    #expect(timeline.spoken.last == "Pasted, 2 of 4 digits entered")
  }

  @Test("a key that is not allowed is announced without naming it")
  func disallowedKey() throws {
    var timeline = EngineTimeline(fourDigits, verifier: EngineTimeline.accepting("2580"))
    timeline.run("x é ↑")
    #expect(timeline.spoken.suffix(3) == ["Digits only", "Digits only", "Digits only"])
    #expect(timeline.engine.count == 0)
    let letters = try EntryConfiguration(length: .fixed(4), allowed: .lettersAndDigits)
    var other = EngineTimeline(letters, verifier: { _ in nil })
    other.run("a -")
    #expect(other.spoken.suffix(2) == ["1 of 4 characters entered", "Letters and digits only"])
  }

  @Test("keys during a rejection are discarded and flushed, and never count")
  func keysDuringRejection() {
    var timeline = EngineTimeline(fourDigits, verifier: EngineTimeline.accepting("2580"))
    timeline.run("1 1 1 1")
    let flushesBefore = timeline.flushes
    timeline.run("2 5 8 +200ms 0")
    #expect(timeline.flushes == flushesBefore + 4)
    #expect(timeline.verifications == 1)
    timeline.run("+300ms")
    #expect(timeline.engine.count == 0)
    #expect(timeline.spoken.last == "Ready")
  }

  @Test("keys while verifying are ignored; a slow verdict brings Checking after 150 ms")
  func slowVerdictAndKeysWhileVerifying() {
    var timeline = EngineTimeline(fourDigits, verifier: { _ in nil })
    timeline.run("2 5 8 0 +149ms 7 ⌫")
    #expect(timeline.spoken.last == "4 of 4 digits entered")
    timeline.run("+1ms")
    #expect(timeline.spoken.last == "Checking")
    timeline.run("+5s")
    #expect(timeline.spoken.filter { $0 == "Checking" }.count == 1)
    timeline.run("✓")
    #expect(timeline.spoken.last == "Passcode accepted")
  }

  @Test(
    "keys typed while a code is checked never land in the next entry: thrown away, and told before Ready"
  )
  func keysTypedWhileCheckingAreToldNotTaken() {
    var timeline = EngineTimeline(fourDigits, verifier: { _ in nil })
    timeline.run("1 1 1 1 +200ms 2 5 ✗ 8 +500ms")
    let ignored = timeline.records.firstIndex {
      if case .aside(.keysIgnoredWhileChecking) = $0 { true } else { false }
    }
    let ready = timeline.records.lastIndex { if case .announce(.ready) = $0 { true } else { false } }
    #expect(ignored != nil, "the keys typed during the check were dropped unsaid")
    if let ignored, let ready { #expect(ignored < ready, "said after Ready") }
    #expect(timeline.engine.count == 0, "the keys typed during the check landed in the next entry")
    timeline.run("2")
    #expect(timeline.spoken.last == "1 of 4 digits entered")
    #expect(timeline.asides.count { $0 == .keysIgnoredWhileChecking } == 1, "told once")
  }

  @Test("a check with no keys typed during it says nothing of ignored keys")
  func noKeysDuringCheckNoWords() {
    var timeline = EngineTimeline(fourDigits, verifier: { _ in nil })
    timeline.run("1 1 1 1 +200ms ✗ +500ms 2 5 8 0 ✓")
    #expect(!timeline.asides.contains(.keysIgnoredWhileChecking))
    #expect(timeline.outcome == .accepted)
  }

  @Test("keys a flush throws away unseen during or right after a check are told; after a relock they are not")
  func keysFlushedAfterCheckAreTold() {
    var rejected = EngineTimeline(fourDigits, verifier: { _ in nil })
    rejected.run("1 1 1 1")
    rejected.flushesDiscardKeys(true)
    rejected.run("✗")
    rejected.flushesDiscardKeys(false)
    rejected.run("+500ms")
    #expect(rejected.asides.count { $0 == .keysIgnoredWhileChecking } == 1)
    #expect(rejected.spoken.last == "Ready")

    var ended = EngineTimeline(fourDigits, verifier: { _ in nil })
    ended.run("1 1 1 1 ✗")
    ended.flushesDiscardKeys(true)
    ended.run("+500ms")
    #expect(ended.asides.count { $0 == .keysIgnoredWhileChecking } == 1, "the rejection's end flushed keys unsaid")

    var relocked = EngineTimeline(fourDigits, verifier: { _ in nil })
    relocked.run("1 2")
    relocked.flushesDiscardKeys(true)
    relocked.send(.relock)
    #expect(!relocked.asides.contains(.keysIgnoredWhileChecking), "no check ran")
  }

  @Test("cancelling while the verifier runs leaves the code to the verifier: the engine does not wipe it")
  func cancelDuringVerificationKeepsStorage() {
    var timeline = EngineTimeline(fourDigits, verifier: { _ in nil })
    timeline.run("2 5 8 0 +100ms ⎋")
    #expect(timeline.outcome == .cancelled)
    #expect(timeline.storage.count == 4, "the verifier thread may still be reading it")
    var beforeVerifying = EngineTimeline(fourDigits, verifier: { _ in nil })
    beforeVerifying.run("2 5 ⎋")
    #expect(beforeVerifying.storage.count == 0, "a code not being verified is wiped at once")
  }

  @Test("a quick verdict never says Checking")
  func quickVerdictSaysNoChecking() {
    var timeline = EngineTimeline(fourDigits, verifier: { _ in nil })
    timeline.run("2 5 8 0 +100ms ✓ +1s")
    #expect(!timeline.spoken.contains("Checking"))
  }

  @Test("lockouts escalate over 10 failures following the iOS-like schedule")
  func lockoutEscalation() {
    var timeline = EngineTimeline(fourDigits, verifier: EngineTimeline.accepting("2580"))
    timeline.run("1 1 1 1 +1s 1 1 1 1 +1s")
    #expect(timeline.spoken.contains("Wrong passcode"))
    timeline.run("1 1 1 1 +1s")
    #expect(timeline.spoken.contains("Wrong passcode, 3 tries left"))
    timeline.run("1 1 1 1 +1s")
    #expect(timeline.spoken.contains("Wrong passcode, 2 tries left"))
    timeline.run("1 1 1 1 +1s")
    #expect(timeline.spoken.contains("Wrong passcode, 1 try left"))
    #expect(timeline.engine.failureCount == 5)
    timeline.run("1 1 1 1")
    #expect(timeline.spoken.last == "Too many tries. Try again in 1 minute")
    timeline.run("+1s 2 5 8 0")
    #expect(timeline.verifications == 6, "input is refused during a lockout")
    timeline.run("+29s")
    #expect(timeline.spoken.last == "Try again in 30 seconds")
    timeline.run("+20s")
    #expect(timeline.spoken.last == "Try again in 10 seconds")
    timeline.run("+10s")
    #expect(timeline.spoken.last == "Ready")
    var expectedLockouts = ["Too many tries. Try again in 5 minutes", "Too many tries. Try again in 15 minutes"]
    expectedLockouts += ["Too many tries. Try again in 1 hour", "Too many tries. Try again in 1 hour"]
    for (index, expected) in expectedLockouts.enumerated() {
      timeline.run("1 1 1 1")
      #expect(timeline.spoken.last == expected, "failure \(index + 7)")
      #expect(timeline.engine.failureCount == index + 7)
      timeline.run("+2h")
      #expect(timeline.spoken.last == "Ready")
    }
    #expect(timeline.engine.failureCount == 10)
    timeline.run("2 5 8 0")
    #expect(timeline.outcome == .accepted)
    #expect(timeline.engine.failureCount == 0)
  }

  @Test("a five-minute lockout counts down each minute, then at 30 s and 10 s")
  func countdownPoints() {
    var timeline = EngineTimeline(fourDigits, failureCount: 7, lockoutRemaining: .seconds(300)) { _ in nil }
    timeline.run("+10m")
    #expect(
      timeline.spoken == [
        "Too many tries. Try again in 5 minutes", "Try again in 4 minutes", "Try again in 3 minutes",
        "Try again in 2 minutes", "Try again in 1 minute", "Try again in 30 seconds", "Try again in 10 seconds",
        "Ready",
      ])
  }

  @Test("a lockout restored mid-way rounds the remaining time up")
  func restoredLockoutRoundsUp() {
    var timeline = EngineTimeline(
      fourDigits, failureCount: 6, lockoutRemaining: .milliseconds(59_300)
    ) { _ in nil }
    #expect(timeline.spoken == ["Too many tries. Try again in 1 minute"])
    timeline.run("+29300ms")
    #expect(timeline.spoken.last == "Try again in 30 seconds")
  }

  @Test("a verifier that reports a lockout from elsewhere starts the countdown")
  func verdictLockedOut() {
    var timeline = EngineTimeline(fourDigits) { _ in .lockedOut(remaining: .seconds(90), failureCount: 6) }
    timeline.run("1 2 3 4")
    #expect(timeline.spoken.last == "Too many tries. Try again in 1 minute 30 seconds")
    #expect(timeline.engine.isLockedOut)
    timeline.run("+90s")
    #expect(timeline.spoken.last == "Ready")
  }

  @Test("variable length submits with Enter and refuses a code that is too short")
  func variableLengthSubmit() throws {
    let configuration = try EntryConfiguration(title: "PIN", length: .variable(6...8))
    var timeline = EngineTimeline(configuration, verifier: EngineTimeline.accepting("123456"))
    timeline.run("1 2 3 ⏎")
    #expect(
      timeline.spoken == [
        "PIN", "1 character entered", "2 characters entered", "3 characters entered",
        "At least 6 digits",
      ])
    #expect(timeline.verifications == 0)
    timeline.run("4 5 6 ⏎")
    #expect(timeline.verifications == 1)
    #expect(timeline.outcome == .accepted)
  }

  @Test("variable length stops growing at its maximum, and says the key was not taken")
  func variableLengthMaximum() throws {
    let configuration = try EntryConfiguration(length: .variable(1...2), allowed: .printable)
    var timeline = EngineTimeline(configuration, verifier: { _ in nil })
    timeline.run("a b c")
    #expect(timeline.engine.count == 2)
    #expect(timeline.spoken.last == "Full, key not taken")
  }

  @Test("re-reading the status gives the count and the tries left")
  func repeatStatus() {
    var timeline = EngineTimeline(fourDigits, failureCount: 2, verifier: EngineTimeline.accepting("2580"))
    timeline.run("1 2 ?")
    #expect(timeline.spoken.last == "2 of 4 digits entered, 4 tries left")
  }

  @Test("relock wipes the entry and says so; a lockout goes on under it; a verification keeps its code")
  func relock() {
    var timeline = EngineTimeline(fourDigits, verifier: EngineTimeline.accepting("2580"))
    timeline.run("1 2")
    timeline.send(.relock)
    #expect(timeline.spoken.last == "Locked again after a stop, entry cleared")
    #expect(timeline.engine.count == 0)
    #expect(timeline.storage.count == 0, "the entry is wiped")
    timeline.run("2 5 8 0")
    #expect(timeline.outcome == .accepted)

    var lockedOut = EngineTimeline(
      fourDigits, lockoutRemaining: .seconds(60), verifier: EngineTimeline.accepting("2580"))
    lockedOut.send(.relock)
    #expect(lockedOut.spoken.last == "Locked again after a stop, entry cleared")
    #expect(lockedOut.engine.isLockedOut)
    lockedOut.run("+1m")
    #expect(lockedOut.spoken.last == "Ready")

    var verifying = EngineTimeline(fourDigits, verifier: { _ in nil })
    verifying.run("2 5 8 0")
    let spokenBefore = verifying.spoken
    verifying.send(.relock)
    #expect(verifying.spoken == spokenBefore, "nothing is said while the code is checked")
    #expect(verifying.storage.count == 4, "the verifier's code is left alone")
    verifying.run("✓")
    #expect(verifying.outcome == .accepted)
  }

  @Test("cancel wipes the code and ends the prompt; later events do nothing")
  func cancel() {
    var timeline = EngineTimeline(fourDigits, verifier: EngineTimeline.accepting("2580"))
    timeline.run("1 2 ⎋ 3")
    #expect(timeline.spoken.suffix(1) == ["Cancelled"])
    #expect(timeline.outcome == .cancelled)
    #expect(timeline.storage.count == 0)
    #expect(timeline.timers.isEmpty)
  }

  @Test("the timeout warns 20 s ahead, names Tab, restarts on each key, and ends saying Time is up")
  func timeout() throws {
    let configuration = try EntryConfiguration(length: .fixed(4), timeout: .seconds(60))
    var timeline = EngineTimeline(configuration, verifier: EngineTimeline.accepting("2580"))
    timeline.run("+39s 1 +39s")
    #expect(!timeline.spoken.contains { $0.hasSuffix("left. Press Tab for more time.") })
    timeline.run("+1s")
    #expect(timeline.spoken.last == "20 seconds left. Press Tab for more time.")
    timeline.run("+19999ms")
    #expect(timeline.outcome == nil)
    timeline.run("+1ms")
    #expect(timeline.spoken.last == "Time is up")
    #expect(timeline.outcome == .timedOut)
    #expect(timeline.timers.isEmpty)
  }

  @Test(
    "the warning comes 20 s before a limit of 40 s or more ends, at half time (in whole seconds) before a shorter one",
    arguments: [(10, 5), (30, 15), (39, 20), (40, 20), (60, 20), (300, 20)])
  func timeoutWarningTimes(limit: Int, lead: Int) throws {
    let configuration = try EntryConfiguration(length: .fixed(4), timeout: .seconds(limit))
    var timeline = EngineTimeline(configuration, verifier: EngineTimeline.accepting("2580"))
    let warning = "\(lead) seconds left. Press Tab for more time."
    timeline.run("+\((limit - lead) * 1000 - 1)ms")
    #expect(!timeline.spoken.contains(warning))
    timeline.run("+1ms")
    #expect(timeline.spoken.last == warning)
    #expect(lead >= min(20, limit / 2), "at least 20 s ahead, or half the limit")
    timeline.run("+\(lead * 1000 - 1)ms")
    #expect(timeline.outcome == nil)
    timeline.run("+1ms")
    #expect(timeline.spoken.last == "Time is up")
    #expect(timeline.outcome == .timedOut)
  }

  @Test("a limit of a second or less is too short to warn of")
  func shortestTimeoutHasNoWarning() throws {
    #expect(EntryEngine.timeWarningLead(for: .seconds(1)) == nil)
    #expect(EntryEngine.timeWarningLead(for: .milliseconds(1500)) == .seconds(1))
    #expect(EntryEngine.timeWarningLead(for: .seconds(2)) == .seconds(1))
  }

  @Test("Tab starts the limit again in full, ten times; then the warning names no key and Tab gives no more")
  func tabExtendsTheTimeoutTenTimes() throws {
    let configuration = try EntryConfiguration(length: .fixed(4), timeout: .seconds(30))
    var timeline = EngineTimeline(configuration, verifier: EngineTimeline.accepting("2580"))
    for _ in 1...EntryConfiguration.timeExtensionLimit {
      timeline.run("+15s")
      #expect(timeline.spoken.last == "15 seconds left. Press Tab for more time.")
      timeline.run("+14s ⇥")
      #expect(timeline.spoken.last == "More time: 30 seconds left")
      #expect(timeline.engine.count == 0, "Tab types nothing")
    }
    #expect(timeline.outcome == nil)
    timeline.run("+15s")
    #expect(timeline.spoken.last == "15 seconds left")
    timeline.run("⇥")
    #expect(timeline.spoken.last == "No more time can be given")
    timeline.run("+14999ms")
    #expect(timeline.outcome == nil)
    timeline.run("+1ms")
    #expect(timeline.spoken.last == "Time is up")
    #expect(timeline.outcome == .timedOut)
  }

  @Test("Tab before the warning also starts the limit again, and the entry typed so far stays")
  func tabBeforeTheWarning() throws {
    let configuration = try EntryConfiguration(length: .fixed(4), timeout: .seconds(60))
    var timeline = EngineTimeline(configuration, verifier: EngineTimeline.accepting("2580"))
    timeline.run("2 5 +30s ⇥")
    #expect(timeline.spoken.last == "More time: 1 minute left")
    #expect(timeline.engine.count == 2)
    timeline.run("+39999ms")
    #expect(!timeline.spoken.last!.hasSuffix("for more time."))
    timeline.run("+1ms")
    #expect(timeline.spoken.last == "20 seconds left. Press Tab for more time.")
    timeline.run("8 0")
    #expect(timeline.outcome == .accepted)
  }

  @Test(
    "an asker's fixed deadline is warned of, names no key, and Tab cannot move it", arguments: [(60, 20), (30, 15)])
  func fixedDeadlineOnlyWarns(deadline: Int, lead: Int) throws {
    var configuration = try EntryConfiguration(length: .variable(1...64), allowed: .printable)
    configuration.fixedDeadline = .seconds(deadline)
    var timeline = EngineTimeline(configuration, verifier: EngineTimeline.accepting("ab"))
    timeline.run("a +\((deadline - lead) * 1000 - 1)ms")
    #expect(!timeline.spoken.contains("\(lead) seconds left"))
    timeline.run("+1ms")
    #expect(timeline.spoken.last == "\(lead) seconds left")
    timeline.run("⇥")
    #expect(timeline.spoken.last == "No more time can be given")
    timeline.run("+1h")
    #expect(timeline.outcome == nil, "the asker ends the prompt when its deadline passes, not the engine")
    #expect(!timeline.spoken.contains { $0.hasSuffix("Press Tab for more time.") })
  }

  @Test("Tab on a prompt with no time limit is a key not allowed")
  func tabWithoutTimeLimit() {
    var timeline = EngineTimeline(fourDigits, verifier: EngineTimeline.accepting("2580"))
    timeline.run("1 ⇥")
    #expect(timeline.spoken.last == "Digits only")
    #expect(timeline.engine.count == 1)
  }

  @Test("an attempt limit ends the prompt after the last wrong code's rejection")
  func attemptLimit() {
    var timeline = EngineTimeline(fourDigits, attemptLimit: 2, verifier: EngineTimeline.accepting("2580"))
    timeline.run("1 1 1 1 +1s")
    #expect(timeline.spoken.last == "Ready")
    timeline.run("1 1 1 1")
    #expect(timeline.spoken.last == "Wrong passcode, 0 tries left")
    timeline.run("+1s")
    #expect(timeline.outcome == .attemptsExhausted)
  }

  @Test("choosing a new passcode: confirm, mismatch and too weak restart entry without failures")
  func retryReasons() {
    var answers: [Verdict] = [.retry(.tooWeak), .retry(.confirmNew), .retry(.mismatch), .retry(.confirmNew), .accepted]
    var timeline = EngineTimeline(fourDigits) { _ in answers.removeFirst() }
    timeline.run("1 1 1 1 4 8 1 5 4 8 1 6 4 8 1 5 4 8 1 5")
    #expect(
      timeline.spoken.filter { !$0.contains("entered") } == [
        "Enter Passcode, 4 digits", "Too easy to guess. Choose another", "Enter the same passcode again",
        "Passcodes did not match. Start again", "Enter the same passcode again", "Passcode accepted",
      ])
    #expect(timeline.engine.failureCount == 0)
  }

  @Test("every event announces at most once")
  func atMostOneAnnouncementPerEvent() {
    var engine = EntryEngine(configuration: fourDigits, secretStorage: WipedSecretBuffer(capacity: 4))
    _ = engine.start()
    let events: [EntryEvent] = [.character("1"), .delete, .delete, .character("x"), .repeatStatus, .clear]
    for event in events {
      let count = engine.handle(event).filter {
        if case .announce = $0 { return true }
        return false
      }.count
      #expect(count <= 1)
    }
  }

  @Test("non-secure codes show characters to renderers; secure ones only masks")
  func secureAndNonSecureCells() throws {
    var secure = EngineTimeline(fourDigits, verifier: { _ in nil })
    secure.run("4 2")
    #expect(secure.engine.display.cells.map(\.content) == [.masked, .masked, .empty, .empty])
    #expect(secure.engine.display.cells.map(\.isCurrent) == [false, false, true, false])
    let oneTime = try EntryConfiguration(length: .fixed(4), isSecure: false)
    var visible = EngineTimeline(oneTime, verifier: { _ in nil })
    visible.run("4 2")
    #expect(visible.engine.display.cells.map(\.content) == [.visible("4"), .visible("2"), .empty, .empty])
  }

  @Test("multi-byte characters delete as one character")
  func multiByteDelete() throws {
    let configuration = try EntryConfiguration(length: .variable(1...8), allowed: .printable)
    var timeline = EngineTimeline(configuration, verifier: { _ in nil })
    timeline.run("a é ⌫")
    #expect(timeline.engine.count == 1)
    #expect(timeline.storage.count == 1)
  }

  @Test("a hint comes first as the heading with the title, then is told after the preamble, never as the status")
  func hintIsHeadingThenAside() {
    var timeline = EngineTimeline(
      fourDigits, preamble: [.askedAgain(attempt: 2)], hint: .demoCode(length: 4),
      verifier: EngineTimeline.accepting("2580"))
    guard case let .heading(title, lines) = timeline.records.first else {
      Issue.record("the first effect is not the heading: \(timeline.records)")
      return
    }
    #expect(title == fourDigits.title)
    #expect(lines == [.demoCode(length: 4)])
    #expect(timeline.spoken == ["Enter Passcode, 4 digits", "Wrong passphrase. Try 2"])
    guard case .aside(.demoCode(length: 4)) = timeline.records.last else {
      Issue.record("the hint is not told last: \(timeline.records)")
      return
    }
    #expect(timeline.engine.display.message == .askedAgain(attempt: 2), "the status keeps the preamble's words")
    timeline.run("?")
    #expect(timeline.asides == [.demoCode(length: 4)], "a status request does not tell the hint again")

    let lockedOut = EngineTimeline(
      fourDigits, lockoutRemaining: .seconds(30), hint: .demoCode(length: 4), verifier: EngineTimeline.accepting(""))
    guard case .heading = lockedOut.records.first else {
      Issue.record("a prompt opening locked out shows no heading first: \(lockedOut.records)")
      return
    }
    #expect(lockedOut.spoken == ["Too many tries. Try again in 30 seconds"])
    #expect(lockedOut.asides == [.demoCode(length: 4)])

    let plain = EngineTimeline(fourDigits, verifier: EngineTimeline.accepting("2580"))
    #expect(
      !plain.records.contains { if case .heading = $0 { true } else { false } }, "no hint, no heading")
    #expect(plain.asides.isEmpty)
  }

  @Test("a caller's heading comes first, without the title, and its words are told once, in the preamble")
  func callersHeading() {
    let preamble: [Announcement] = [.callerDescription("Unlock the card"), .callerError("Bad PIN"), .generateKey]
    let timeline = EngineTimeline(
      fourDigits, heading: [.callerDescription("Unlock the card")], preamble: preamble,
      verifier: EngineTimeline.accepting("2580"))
    guard case let .heading(title, lines) = timeline.records.first else {
      Issue.record("the first effect is not the heading: \(timeline.records)")
      return
    }
    #expect(title == nil, "the status line's first words say the title")
    #expect(lines == [.callerDescription("Unlock the card")])
    #expect(
      timeline.spoken == ["Enter Passcode, 4 digits", "Unlock the card", "Bad PIN", "Ctrl-G generates a passphrase."])
    #expect(timeline.asides.isEmpty)
  }

  @Test("a notice is told apart once in every state, leaving the status, the timers and the entry as they were")
  func noticeIsAnAside() {
    let notice = Announcement.notice("speech-dispatcher is not answering")
    var timeline = EngineTimeline(fourDigits, verifier: { _ in nil })
    timeline.run("1")
    let timers = timeline.timers
    timeline.send(.notice(notice))
    #expect(timeline.asides == [notice])
    #expect(timeline.engine.display.message == .progress(entered: 1, length: 4, kind: .digits))
    #expect(timeline.engine.count == 1)
    #expect(timeline.timers == timers)
    #expect(timeline.flushes == 0, "a notice is no key: nothing is flushed")

    var lockedOut = EngineTimeline(fourDigits, lockoutRemaining: .seconds(30), verifier: { _ in nil })
    lockedOut.run("+5s")
    lockedOut.send(.notice(notice))
    lockedOut.run("+30s")
    #expect(lockedOut.asides == [notice])
    #expect(lockedOut.spoken.first == "Too many tries. Try again in 30 seconds")
    #expect(lockedOut.spoken.last == "Ready", "the lockout went on under the notice")

    var verifying = EngineTimeline(fourDigits, verifier: { _ in nil })
    verifying.run("2 5 8 0")
    verifying.send(.notice(notice))
    #expect(verifying.asides == [notice])
    verifying.run("✓")
    verifying.send(.notice(notice))
    #expect(verifying.outcome == .accepted)
    #expect(verifying.asides == [notice], "after the end nothing more is told")
  }
}
