import AnnouncementWords
import PasscodeEngine
import PasscodeSpeech
import Testing

@Suite("Configuration, schedule, shake and catalogue")
struct ConfigurationAndScheduleTests {
  @Test("fixed lengths outside 1...12 are refused with a clear message", arguments: [0, 13, -1])
  func fixedLengthBounds(length: Int) {
    #expect(throws: EntryConfigurationError.lengthOutOfRange(length)) {
      try EntryConfiguration(length: .fixed(length))
    }
    let message = EntryConfigurationError.lengthOutOfRange(length).description
    #expect(message == "The passcode length must be between 1 and 12; got \(length).")
  }

  @Test("fixed lengths 1 and 12 are accepted")
  func fixedLengthLimits() throws {
    #expect(try EntryConfiguration(length: .fixed(1)).maximumLength == 1)
    #expect(try EntryConfiguration(length: .fixed(12)).maximumLength == 12)
    #expect(try EntryConfiguration().fixedLength == 6)
    #expect(try EntryConfiguration().title == "Enter Passcode")
  }

  @Test("variable ranges must start at 1 or more and end within the limit")
  func variableBounds() {
    #expect(throws: EntryConfigurationError.self) { try EntryConfiguration(length: .variable(0...4)) }
    #expect(throws: EntryConfigurationError.self) { try EntryConfiguration(length: .variable(1...5000)) }
  }

  @Test("an empty or unprintable custom set is refused")
  func customSetValidation() {
    #expect(throws: EntryConfigurationError.self) { try EntryConfiguration(allowed: .custom([])) }
    #expect(throws: EntryConfigurationError.self) { try EntryConfiguration(allowed: .custom(["\u{7}"])) }
  }

  @Test("timings must be positive")
  func timingValidation() {
    #expect(throws: EntryConfigurationError.self) { try EntryConfiguration(timeout: .zero) }
    #expect(throws: EntryConfigurationError.self) { try EntryConfiguration(rejectionDuration: .zero) }
  }

  @Test("the standard schedule is iOS-like")
  func standardSchedule() {
    let schedule = LockoutSchedule.standard
    let delays = (0...12).map { schedule.delay(afterFailures: $0) }
    #expect(delays.prefix(6) == [.zero, .zero, .zero, .zero, .zero, .zero])
    #expect(delays[6] == .seconds(60))
    #expect(delays[7] == .seconds(300))
    #expect(delays[8] == .seconds(900))
    #expect(delays[9...].allSatisfy { $0 == .seconds(3600) })
    #expect(schedule.triesBeforeLockout(afterFailures: 0) == 6)
    #expect(schedule.triesBeforeLockout(afterFailures: 5) == 1)
    #expect(schedule.triesBeforeLockout(afterFailures: 9) == 1)
    #expect(LockoutSchedule.never.triesBeforeLockout(afterFailures: 3) == nil)
  }

  @Test("a custom schedule repeats its last delay and refuses bad input")
  func customSchedule() throws {
    let schedule = try LockoutSchedule(delays: [.zero, .seconds(2), .seconds(5)])
    #expect(schedule.delay(afterFailures: 2) == .seconds(2))
    #expect(schedule.delay(afterFailures: 40) == .seconds(5))
    #expect(throws: EntryConfigurationError.self) { try LockoutSchedule(delays: []) }
    #expect(throws: EntryConfigurationError.self) { try LockoutSchedule(delays: [.seconds(-1)]) }
  }

  @Test("the shake follows the seed curve, stays within 3 columns and ends at rest")
  func shakeCurve() {
    let curve = ShakeCurve.standard
    #expect(curve.frameCount == 15)
    #expect(curve.columnOffsets.count == 15)
    #expect(curve.columnOffsets.allSatisfy { abs($0) <= 3 })
    #expect(curve.columnOffsets.last == 0)
    #expect(curve.columnOffsets.contains { $0 < 0 } && curve.columnOffsets.contains { $0 > 0 })
    // sin(p·4·2π)·3·(1−p) at p = 1/16 is sin(π/2)·3·15/16.
    #expect(abs(curve.offset(at: 1.0 / 16) - 3 * 15 / 16) < 1e-9)
    #expect(abs(curve.offset(at: 0.5)) < 1e-9)
    #expect(curve.frameTimes.last == .milliseconds(500))
    let wide = ShakeCurve(swings: 1, amplitude: 10, duration: .milliseconds(500), framesPerSecond: 30)
    #expect(wide.columnOffsets.allSatisfy { abs($0) <= ShakeCurve.maximumColumns })
  }

  @Test("durations read as words without zero parts")
  func durationsInWords() {
    let catalogue = AnnouncementCatalogue.english
    #expect(catalogue.duration(seconds: 60) == "1 minute")
    #expect(catalogue.duration(seconds: 30) == "30 seconds")
    #expect(catalogue.duration(seconds: 3900) == "1 hour 5 minutes")
    #expect(catalogue.duration(seconds: 7201) == "2 hours 1 second")
    #expect(catalogue.duration(seconds: 0) == "1 second")
  }

  @Test("catalogue wording matches Docs/Accessibility.md §5 and its priorities")
  func catalogueWording() {
    let table: [(Announcement, String, SpeechPriority)] = [
      (.prompt(title: "Enter Passcode", length: 6, kind: .digits), "Enter Passcode, 6 digits", .message),
      (.prompt(title: "Card PIN", length: nil, kind: .digits), "Card PIN", .message),
      (.progress(entered: 3, length: 6, kind: .digits), "3 of 6 digits entered", .text),
      (.progress(entered: 3, length: nil, kind: .characters), "3 characters entered", .text),
      (.deleted(entered: 2, length: 6, kind: .digits), "Deleted, 2 of 6 digits entered", .text),
      (.cleared(length: 6, kind: .digits), "Cleared, 0 of 6 digits entered", .text),
      (.pasted(entered: 4, length: 6, kind: .digits, ignored: 0), "Pasted, 4 of 6 digits entered", .text),
      (.pasted(entered: 6, length: 6, kind: .digits, ignored: 3), "Pasted, 6 of 6 digits entered, 3 ignored", .text),
      (.notAllowed(.digits), "Digits only", .text),
      (.notAllowed(.lettersAndDigits), "Letters and digits only", .text),
      (.checking, "Checking", .message),
      (.callerDescription("Please enter the PIN for card 0005"), "Please enter the PIN for card 0005", .message),
      (.callerError("Bad PIN"), "Bad PIN", .important),
      (.wrong(triesLeft: nil), "Wrong passcode", .important),
      (.wrong(triesLeft: 2), "Wrong passcode, 2 tries left", .important),
      (.lockedOut(seconds: 300), "Too many tries. Try again in 5 minutes", .important),
      (.countdown(seconds: 30), "Try again in 30 seconds", .message),
      (.ready, "Ready", .message),
      (.accepted, "Passcode accepted", .message),
      (.confirmNew, "Enter the same passcode again", .message),
      (.mismatch, "Passcodes did not match. Start again", .important),
      (.tooWeak, "Too easy to guess. Choose another", .important),
      (.cancelled, "Cancelled", .message),
      (.timeLeft(seconds: 10), "10 seconds left", .important),
      (.timedOut, "Time is up", .important),
      (.timeLeftExtendable(seconds: 20), "20 seconds left. Press Tab for more time.", .important),
      (.timeExtended(seconds: 60), "More time: 1 minute left", .message),
      (.timeNotExtendable, "No more time can be given", .message),
      (.status(entered: 3, length: 6, kind: .digits, triesLeft: 2), "3 of 6 digits entered, 2 tries left", .message),
      (.status(entered: 3, length: 6, kind: .digits, triesLeft: nil), "3 of 6 digits entered", .message),
      (.answerSent, "Answer sent", .message),
      (.questionsWaiting(count: 2), "2 questions waiting", .message),
      (.questionsWaiting(count: 1), "1 question waiting", .message),
      (.noQuestionsPending(others: 0), "No questions are pending", .message),
      (.noQuestionsPending(others: 1), "No questions for this agent; 1 other question is pending", .message),
      (.noQuestionsPending(others: 3), "No questions for this agent; 3 other questions are pending", .message),
      (.questionWithdrawn, "Question withdrawn", .important),
      (.questionExpired, "Question timed out", .important),
      (.questionLeft, "Question left for another agent", .message),
      (.systemdAgentAsksNext, "systemd's own prompt asks next, without speech or counts", .message),
      (.keysIgnoredWhileChecking, "Keys typed while checking were ignored", .message),
      (.keysTypedBeforeIgnored, "Keys typed before this question were ignored", .message),
      (.askedAgain(attempt: 2), "Wrong passphrase. Try 2", .important),
      (.diskQuestion(name: "cryptroot", device: "/dev/vda"), "Passphrase for disk cryptroot (/dev/vda)", .message),
      (.diskQuestion(name: "luks-1234", device: nil), "Passphrase for disk luks-1234", .message),
      (.diskUnlocked, "Disk unlocked", .message),
      (.askerNotReading, "The asker is not reading: nothing was sent", .important),
      (.socketNotTrusted, "The asker's socket cannot be trusted: nothing was sent", .important),
      (.lockedAgain, "Locked again after a stop, entry cleared", .important),
      (.failuresNotRecorded, "Failures cannot be recorded; they count only while this lock runs", .important),
      (
        .settingsNotTrusted,
        "Others could change your config file, so its lockout, length and grace are not used; passcode doctor says why",
        .important
      ),
      (
        .speakupKeyEchoOn,
        "Speakup may speak the keys you type: only root can turn its key echo off; passcode doctor says how",
        .important
      ),
      (.questionSource(asker: "cryptsetup", subject: "/dev/sda2"), "Asked by cryptsetup for /dev/sda2", .message),
      (.questionSource(asker: "sshd", subject: nil), "Asked by sshd", .message),
      (.notice("speech-dispatcher is not answering"), "speech-dispatcher is not answering", .message),
      (.countless(.entered), "Entered", .text),
      (.countless(.deleted), "Deleted", .text),
      (.countless(.cleared), "Cleared", .text),
      (.countless(.pasted(someIgnored: false)), "Pasted", .text),
      (.countless(.pasted(someIgnored: true)), "Pasted, some left out", .text),
      (.countless(.nothingPasted), "Nothing pasted", .text),
      (.countless(.tooShort), "Too short", .message),
      (.countless(.status(anythingTyped: true, triesLeft: nil)), "Something typed", .message),
      (.countless(.status(anythingTyped: false, triesLeft: 2)), "Nothing typed, 2 tries left", .message),
      (.capsLockOn, "Caps Lock is on", .message),
      (.capsLockOff, "Caps Lock is off", .message),
      (.numLockOff, "Num Lock is off: the keypad sends arrows", .message),
    ]
    for (announcement, text, priority) in table {
      #expect(AnnouncementCatalogue.english.text(for: announcement) == text)
      #expect(announcement.priority == priority, "\(text)")
    }
  }

  @Test("the demo's code is spoken in digit words and shown in numerals; its unlock screen names its keys")
  func demoAnnouncements() {
    let catalogue = AnnouncementCatalogue.english
    #expect(catalogue.text(for: .demoCode(length: 4)) == "The passcode is two five eight zero")
    #expect(catalogue.text(for: .demoCode(length: 6)) == "The passcode is two five eight zero two five")
    #expect(!catalogue.text(for: .demoCode(length: 12)).contains { $0.isNumber }, "no numeral is spoken")
    #expect(catalogue.screenText(for: .demoCode(length: 4)) == "The passcode is 2580")
    #expect(catalogue.screenText(for: .ready) == catalogue.text(for: .ready))
    #expect(catalogue.text(for: .demoUnlocked) == "Unlocked. Press L to lock again or Q to quit.")
    #expect(catalogue.text(for: .demoKeys) == "Press L to lock again or Q to quit.")
    #expect(Announcement.demoCode(length: 4).priority == .message)
  }

  @Test("a replaced catalogue localises the words")
  func localisedCatalogue() {
    var phrases = AnnouncementCatalogue.english.phrases
    phrases["wrong"] = "Falscher Code"
    #expect(AnnouncementCatalogue(phrases: phrases).text(for: .wrong(triesLeft: nil)) == "Falscher Code")
  }
}
