// libFuzzer entry for the state file parser (built by .ci/fuzz, not by SwiftPM).
//
// Properties: parsing never traps; an accepted record encodes back to a file that parses to the same
// record; its lockout is never longer than the schedule's delay, whatever the clock.

private let schedule: LockoutSchedule = {
  do {
    return try LockoutSchedule(delays: [.zero, .zero, .seconds(30), .seconds(3600)])
  } catch {
    preconditionFailure("the schedule is valid")
  }
}()

/// libFuzzer calls this once per input; it returns 0, and traps when a property fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateFile(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: count))
  guard let record = FailureRecord.decode(bytes) else { return 0 }
  let written = record.encoded()
  let reread = FailureRecord.decode(written)
  precondition(reread?.failures == record.failures, "a written record does not read back")
  precondition(reread?.encoded() == written, "writing a record read back changes it")
  for wall in [-1e12, 0, record.lastFailure - 1, record.lastFailure, record.lastFailure + 1e9, 1e12] {
    let boot = LockoutTime.BootClock(boot: "00000000-0000-0000-0000-000000000000", seconds: 5)
    for now in [LockoutTime(wallClock: wall), LockoutTime(wallClock: wall, bootClock: boot)] {
      let remaining = record.remainingLockout(schedule: schedule, now: now)
      precondition(remaining >= .zero && remaining <= schedule.delay(afterFailures: record.failures))
    }
  }
  return 0
}
