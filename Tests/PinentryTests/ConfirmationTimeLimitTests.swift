import PasscodeEngine
import Pinentry
import Testing

@Suite("A confirmation's SETTIMEOUT: warned of, extended by Tab, then timed out")
struct ConfirmationTimeLimitTests {
  @Test("a 60 s confirmation warns 20 s ahead naming Tab, then times out at 60 s")
  func warnsThenTimesOut() {
    var limit = ConfirmationTimeLimit(limit: .seconds(60), startingAt: .zero)
    #expect(limit.nextDeadline == .seconds(40))
    #expect(limit.step(at: .milliseconds(39_999)) == .wait)
    #expect(limit.step(at: .seconds(40)) == .warn(.timeLeftExtendable(seconds: 20)))
    #expect(limit.nextDeadline == .seconds(60))
    #expect(limit.step(at: .seconds(60)) == .timedOut)
  }

  @Test("a 10 s confirmation warns at half time")
  func shortLimitWarnsAtHalfTime() {
    var limit = ConfirmationTimeLimit(limit: .seconds(10), startingAt: .seconds(100))
    #expect(limit.nextDeadline == .seconds(105))
    #expect(limit.step(at: .seconds(105)) == .warn(.timeLeftExtendable(seconds: 5)))
  }

  @Test("Tab gives the whole limit again ten times; then the warning names no key and Tab gives no more")
  func tabExtendsTenTimes() {
    var limit = ConfirmationTimeLimit(limit: .seconds(30), startingAt: .zero)
    var now = Duration.zero
    for _ in 1...EntryConfiguration.timeExtensionLimit {
      now += .seconds(15)
      #expect(limit.step(at: now) == .warn(.timeLeftExtendable(seconds: 15)))
      now += .seconds(14)
      #expect(limit.moreTime(at: now) == .timeExtended(seconds: 30))
      #expect(limit.nextDeadline == now + .seconds(15))
    }
    now += .seconds(15)
    #expect(limit.step(at: now) == .warn(.timeLeft(seconds: 15)))
    #expect(limit.moreTime(at: now) == .timeNotExtendable)
    #expect(limit.step(at: now + .seconds(15)) == .timedOut)
  }

  @Test("a limit of one second has no warning, only its end")
  func oneSecondHasNoWarning() {
    var limit = ConfirmationTimeLimit(limit: .seconds(1), startingAt: .zero)
    #expect(limit.nextDeadline == .seconds(1))
    #expect(limit.step(at: .seconds(1)) == .timedOut)
  }
}
