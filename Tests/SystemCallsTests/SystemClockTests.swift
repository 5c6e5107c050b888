import Testing

@testable import SystemCalls

@Suite("System clock")
struct SystemClockTests {
  @Test("each clock reads the kernel's clock of its kind: wall time is past 2020, boot and monotonic never go back")
  func clocksReadTheirKinds() {
    #expect(SystemClock.wall.secondsNow > 1_577_836_800)
    let boot = SystemClock.sinceBoot.nanosecondsNow
    let monotonic = SystemClock.monotonic.nanosecondsNow
    #expect(SystemClock.sinceBoot.nanosecondsNow >= boot)
    #expect(SystemClock.monotonic.nanosecondsNow >= monotonic)
    #expect(boot >= monotonic - 1_000_000_000)
    #expect((0..<1_000_000_000).contains(SystemClock.wall.now.nanoseconds))
  }
}
