import LockedSecretStorage
import PasscodeEngine
import PasscodeTestSupport
import Pinentry
import Testing

@Suite("A CONFIRM or MESSAGE dialog as a machine: its words, its keys and its SETTIMEOUT, on a manual clock")
struct ConfirmationDialogTimelineTests {
  static let keys = Announcement.confirmationKeys(ok: "OK", notOK: "No", cancel: "Cancel", offersCancel: true)
  static let lines: [Announcement] = [.callerDescription("Delete the key?"), .callerError("It is in use")]

  static func dialog(notOK: Bool = true, limit: Duration? = nil) -> MachineTimeline<ConfirmationDialog> {
    MachineTimeline(ConfirmationDialog(lines: lines, keys: keys, offersNotOK: notOK, timeLimit: limit)) {
      $0.start()
    }
  }

  @Test("it opens with the lines, then the keys, and waits with no timer when there is no limit")
  func opensWithLinesThenKeys() {
    let timeline = Self.dialog()
    #expect(timeline.told == Self.lines + [Self.keys])
    #expect(timeline.timers.isEmpty)
    #expect(!timeline.isOver)
  }

  @Test("Enter confirms, N answers not OK when offered, Esc cancels saying so")
  func keysAnswer() {
    var enter = Self.dialog()
    enter.send(.submit)
    #expect(enter.outcome == .confirmed)

    var notOK = Self.dialog()
    notOK.send(.character("N"))
    #expect(notOK.outcome == .notConfirmed)

    var cancel = Self.dialog()
    cancel.send(.cancel)
    #expect(cancel.outcome == .cancelled)
    #expect(cancel.told.last == .cancelled)
  }

  @Test("without a not-OK answer, N is a key that means nothing: the keys are told again")
  func notOKNotOffered() {
    var timeline = Self.dialog(notOK: false)
    timeline.send(.character("n"), .unsupportedKey)
    #expect(!timeline.isOver)
    #expect(timeline.told == Self.lines + [Self.keys, Self.keys, Self.keys])
  }

  @Test("a paste answers nothing, is wiped, and hears the keys")
  func pasteIsWiped() {
    var timeline = Self.dialog()
    let pasted = WipedSecretBuffer(capacity: 8)
    Array("yes".utf8).withUnsafeBytes { _ = pasted.append(contentsOf: $0) }
    timeline.send(.paste(pasted, overflowCount: 0))
    #expect(pasted.count == 0)
    #expect(timeline.told.last == Self.keys)
    #expect(!timeline.isOver)
  }

  @Test("a 60 s limit warns 20 s ahead naming Tab, then says it timed out at 60 s")
  func warnsThenTimesOut() {
    var timeline = Self.dialog(limit: .seconds(60))
    timeline.advance(by: .milliseconds(39_999))
    #expect(timeline.told.count == 3)
    timeline.advance(by: .milliseconds(1))
    #expect(timeline.told.last == .timeLeftExtendable(seconds: 20))
    timeline.advance(by: .milliseconds(19_999))
    #expect(!timeline.isOver)
    timeline.advance(by: .milliseconds(1))
    #expect(timeline.told.last == .timedOut)
    #expect(timeline.outcome == .timedOut)
  }

  @Test("a 10 s limit warns at half time")
  func shortLimitWarnsAtHalfTime() {
    var timeline = Self.dialog(limit: .seconds(10))
    timeline.advance(by: .seconds(5))
    #expect(timeline.told.last == .timeLeftExtendable(seconds: 5))
  }

  @Test("Tab gives the whole limit again ten times; then the warning names no key and Tab gives no more")
  func tabExtendsTenTimes() {
    var timeline = Self.dialog(limit: .seconds(30))
    for _ in 1...EntryConfiguration.timeExtensionLimit {
      timeline.advance(by: .seconds(15))
      #expect(timeline.told.last == .timeLeftExtendable(seconds: 15))
      timeline.advance(by: .seconds(14))
      timeline.send(.moreTime)
      #expect(timeline.told.last == .timeExtended(seconds: 30))
    }
    timeline.advance(by: .seconds(15))
    #expect(timeline.told.last == .timeLeft(seconds: 15))
    timeline.send(.moreTime)
    #expect(timeline.told.last == .timeNotExtendable)
    timeline.advance(by: .milliseconds(14_999))
    #expect(!timeline.isOver)
    timeline.advance(by: .milliseconds(1))
    #expect(timeline.outcome == .timedOut)
  }

  @Test("a limit of one second has no warning, only its end")
  func oneSecondHasNoWarning() {
    var timeline = Self.dialog(limit: .seconds(1))
    #expect(timeline.timers == [.timeout])
    timeline.advance(by: .seconds(1))
    #expect(timeline.told.last == .timedOut)
    #expect(timeline.outcome == .timedOut)
  }

  @Test("Tab with no limit is a key that means nothing here")
  func tabWithoutLimit() {
    var timeline = Self.dialog()
    timeline.send(.moreTime)
    #expect(timeline.told.last == Self.keys)
  }
}
