import PasscodeTestSupport
import SystemCalls
import Testing

@testable import PasscodeSpeech

@Suite("BootTimeClock, the speech clocks and Semaphore")
struct ClockAndSemaphoreTests {
  @Test("an instant plus a duration, minus the instant, is the duration; later instants compare greater")
  func instantArithmetic() {
    let start = BootTimeClock.now
    let later = start + .milliseconds(1500)
    #expect(later - start == .milliseconds(1500))
    #expect(start - later == .milliseconds(-1500))
    #expect(start < later)
    #expect(start + .zero == start)
  }

  @Test("instant arithmetic saturates instead of trapping on overflow")
  func instantArithmeticSaturates() {
    let far = BootTimeClock.now + .seconds(Int64.max)
    #expect(far > BootTimeClock.now)
    #expect(far - (BootTimeClock.now + .seconds(Int64.min)) > .zero)
  }

  @Test("the clock does not go backwards")
  func clockIsMonotonic() {
    var previous = BootTimeClock.now
    for _ in 0..<1000 {
      let now = BootTimeClock.now
      #expect(now >= previous)
      previous = now
    }
  }

  @Test("a signal before the wait is kept: the wait returns at once, and the count is used up")
  func signalBeforeWait() {
    let semaphore = Semaphore()
    semaphore.signal()
    #expect(semaphore.wait(for: .seconds(10)))
    #expect(!semaphore.wait(for: .milliseconds(1)))
  }

  @Test("a timed wait with no signal reports that the time ran out")
  func timedWaitRunsOut() {
    #expect(!Semaphore().wait(for: .milliseconds(5)))
    #expect(!Semaphore().wait(for: .zero))
  }

  @Test("a signal from another thread wakes a waiter; the count starts at the given value")
  func signalFromAnotherThread() {
    let started = Semaphore(value: 1)
    #expect(started.wait(for: .zero))
    let semaphore = Semaphore()
    #expect(BackgroundThread.start { semaphore.signal() })
    semaphore.wait()
    #expect(!semaphore.wait(for: .milliseconds(1)))
  }

  @Test("the boot-time speech clock starts near zero, and a sleep ends at a signal or at once for a passed reading")
  func bootTimeSpeechClock() {
    let clock = BootTimeSpeechClock()
    #expect(clock.now() >= .zero && clock.now() < .seconds(1))
    let signal = Semaphore()
    signal.signal()
    clock.sleep(wakingOn: signal, until: clock.now() + .seconds(60))
    #expect(!signal.wait(for: .zero), "the signal was not taken")
    clock.sleep(wakingOn: signal, until: clock.now() - .seconds(1))
  }

  @Test("moving a manual clock wakes the sleepers whose time has come, and only those")
  func manualClockWakesSleepers() {
    let clock = ManualClock()
    let early = Semaphore()
    let late = Semaphore()
    let earlyWoke = Semaphore()
    let lateWoke = Semaphore()
    BackgroundThread.start {
      clock.sleep(wakingOn: early, until: .milliseconds(20))
      earlyWoke.signal()
    }
    BackgroundThread.start {
      clock.sleep(wakingOn: late, until: .seconds(1))
      lateWoke.signal()
    }
    #expect(clock.waitForSleeper(until: .milliseconds(20)))
    #expect(clock.waitForSleeper(until: .seconds(1)))
    clock.advance(by: .milliseconds(20))
    #expect(earlyWoke.wait(for: .seconds(10)))
    #expect(clock.waitForSleeper(until: .seconds(1)), "the later sleeper was woken too")
    late.signal()
    #expect(lateWoke.wait(for: .seconds(10)))
    clock.sleep(wakingOn: early, until: .milliseconds(20))
  }
}
