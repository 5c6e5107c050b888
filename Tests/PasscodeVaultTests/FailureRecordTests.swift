import PasscodeEngine
import PasscodeVault
import Testing

@Suite("FailureRecord")
struct FailureRecordTests {
  @Test("the text format round-trips")
  func roundTrip() {
    let record = FailureRecord(failures: 6, lastFailure: 1_733_011_200.25)
    #expect(
      String(decoding: record.encoded(), as: UTF8.self) == "passcode-state 1\nfailures 6\nlast-failure 1733011200.25\n")
    #expect(FailureRecord.decode(record.encoded()) == record)
  }

  @Test(
    "malformed, truncated or foreign content is refused",
    arguments: [
      "", "passcode-state 1\n", "passcode-state 1\nfailures 6\n", "passcode-state 1\nfailures 6\nlast-failure 12",
      "passcode-state 2\nfailures 6\nlast-failure 12\n", "passcode-state 1\nfailures -1\nlast-failure 12\n",
      "passcode-state 1\nfailures 6\nlast-failure nan\n", "passcode-state 1\nfailures 6\nlast-failure 1e9\n",
      "passcode-state 1\nfailures 6\nlast-failure 12\nextra 1\n", "passcode-state 1\nfailures  6\nlast-failure 12\n",
      "passcode-state 1\nfailures 9999999999\nlast-failure 12\n",
      "passcode-state 1\nfailures 6\nlast-failure 12\nboot x 1\n",
      "passcode-state 1\nfailures 6\nlast-failure 12\nboot \(FailureRecordTests.boot)\n",
      "passcode-state 1\nfailures 6\nlast-failure 12\nboot \(FailureRecordTests.boot) -1\n",
      "passcode-state 1\nfailures 6\nlast-failure 12\nboot \(FailureRecordTests.boot) 1 2\n",
    ])
  func strictParser(_ text: String) {
    #expect(FailureRecord.decode(Array(text.utf8)) == nil)
  }

  @Test("the lockout runs from the last failure for the scheduled delay")
  func remaining() {
    let record = FailureRecord(failures: 3, lastFailure: 1000)
    #expect(record.remainingLockout(schedule: testSchedule, now: 1000) == .seconds(30))
    #expect(record.remainingLockout(schedule: testSchedule, now: 1010) == .seconds(20))
    #expect(record.remainingLockout(schedule: testSchedule, now: 1030) == .zero)
    #expect(record.remainingLockout(schedule: testSchedule, now: 500) == .seconds(30))
    #expect(FailureRecord(failures: 2, lastFailure: 1000).remainingLockout(schedule: testSchedule, now: 1000) == .zero)
  }

  static let boot = "0e0f1c1a-6a55-4c9b-9d59-1f0c2c8c1b7e"
  static func at(wall: Double, boot seconds: Double, boot identifier: String = boot) -> LockoutTime {
    LockoutTime(wallClock: wall, bootClock: LockoutTime.BootClock(boot: identifier, seconds: seconds))
  }

  @Test("the boot line round-trips")
  func bootRoundTrip() {
    let record = FailureRecord(
      failures: 6, lastFailure: 12.5, lastFailureBoot: LockoutTime.BootClock(boot: Self.boot, seconds: 5321.5))
    #expect(String(decoding: record.encoded(), as: UTF8.self).hasSuffix("\nboot \(Self.boot) 5321.5\n"))
    #expect(FailureRecord.decode(record.encoded()) == record)
  }

  @Test("a last-failure in the future gives the schedule's delay, which then runs out on the boot clock")
  func futureLastFailure() throws {
    let text = "passcode-state 1\nfailures 3\nlast-failure 90000\n"  // a day ahead of the clock below
    let record = try #require(FailureRecord.decode(Array(text.utf8)))
    let first = Self.at(wall: 1000, boot: 100)
    #expect(record.remainingLockout(schedule: testSchedule, now: first) == .seconds(30))
    let anchored = try #require(record.anchored(at: first))
    #expect(anchored.remainingLockout(schedule: testSchedule, now: Self.at(wall: 1010, boot: 110)) == .seconds(20))
    #expect(anchored.remainingLockout(schedule: testSchedule, now: Self.at(wall: 1030, boot: 130)) == .zero)
    #expect(anchored.anchored(at: Self.at(wall: 1030, boot: 130)) == nil, "anchored once per boot")
  }

  @Test("setting the wall clock back or forward neither stretches nor ends a lockout within a boot")
  func clockSteps() {
    let record = FailureRecord(
      failures: 3, lastFailure: 1000, lastFailureBoot: LockoutTime.BootClock(boot: Self.boot, seconds: 100))
    #expect(
      record.remainingLockout(schedule: testSchedule, now: Self.at(wall: 1000 - 86400, boot: 110)) == .seconds(20))
    #expect(
      record.remainingLockout(schedule: testSchedule, now: Self.at(wall: 1000 + 86400, boot: 110)) == .seconds(20))
    #expect(record.remainingLockout(schedule: testSchedule, now: Self.at(wall: 1000 - 86400, boot: 130)) == .zero)
  }

  @Test("after a reboot the wall clock counts, at least zero and at most the delay")
  func afterReboot() {
    let record = FailureRecord(
      failures: 3, lastFailure: 1000, lastFailureBoot: LockoutTime.BootClock(boot: Self.boot, seconds: 100))
    let otherBoot = "11111111-2222-3333-4444-555555555555"
    #expect(
      record.remainingLockout(schedule: testSchedule, now: Self.at(wall: 1010, boot: 5, boot: otherBoot))
        == .seconds(20))
    #expect(
      record.remainingLockout(schedule: testSchedule, now: Self.at(wall: 10, boot: 5, boot: otherBoot)) == .seconds(30))
    for wall in stride(from: -100_000.0, through: 100_000, by: 997) {
      #expect(
        record.remainingLockout(schedule: testSchedule, now: Self.at(wall: wall, boot: 5, boot: otherBoot))
          <= .seconds(30))
    }
  }
}
