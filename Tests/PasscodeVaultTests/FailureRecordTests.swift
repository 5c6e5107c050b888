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
}
