import PasscodeEngine
import PasscodeTestSupport
import PasscodeVault
import Testing

/// The grace and lockout arithmetic at the ends of `Double` and `Duration`: clocks that read nonsense, stamps
/// and records edited by hand, and the largest `--grace`. None of it may trap, and every answer stays in range.
@Suite("Grace and lockout arithmetic at the extremes")
struct TimeExtremesPropertyTests {
  static let boot = "0e0f1c1a-6a55-4c9b-9d59-1f0c2c8c1b7e"
  static let otherBoot = "11111111-2222-3333-4444-555555555555"

  /// Values that have broken time arithmetic before, or could: the ends of `Double`, of `Int64` and of the
  /// state file, the special values, and ordinary times.
  static let extremes: [Double] = [
    0, -0.0, 1, -1, 0.5, 1.7e9, -1.7e9, 1e12, -1e12, 1e300, -1e300, .infinity, -.infinity, .nan,
    Double(Int64.max), Double(Int64.min), Double(Int64.max).nextDown, 0x1p64,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 86400,
  ]

  /// A value from ``extremes``, or any bit pattern at all (NaNs with payloads, subnormals) one time in four.
  static func extreme(using generator: inout SeededGenerator) -> Double {
    if Int.random(in: 0..<4, using: &generator) == 0 { return Double(bitPattern: generator.next()) }
    return extremes.randomElement(using: &generator) ?? 0
  }

  static let schedule = LockoutSchedule.standard
  static let longestDelay = Duration.seconds(3600)

  @Test("a lockout is never negative and never longer than the schedule's delay, whatever the clocks say")
  func lockoutAtExtremes() {
    for failures in [0, 5, 6, 9, 1000] {
      let delay = Self.schedule.delay(afterFailures: failures)
      for lastFailure in Self.extremes {
        for wall in Self.extremes {
          for seconds in Self.extremes {
            for recordedBoot in [Self.boot, Self.otherBoot] {
              let record = FailureRecord(
                failures: failures, lastFailure: lastFailure,
                lastFailureBoot: LockoutTime.BootClock(boot: recordedBoot, seconds: seconds))
              let now = LockoutTime(
                wallClock: wall, bootClock: LockoutTime.BootClock(boot: Self.boot, seconds: seconds))
              let remaining = record.remainingLockout(schedule: Self.schedule, now: now)
              #expect(remaining >= .zero && remaining <= delay, "\(record) at \(now)")
            }
          }
        }
      }
    }
  }

  @Test("a record tied to a new boot's clock at extreme times is stored in a form that reads back")
  func anchoringAtExtremes() {
    for lastFailure in Self.extremes {
      for wall in Self.extremes {
        for seconds in Self.extremes {
          let record = FailureRecord(failures: 7, lastFailure: lastFailure)
          let now = LockoutTime(wallClock: wall, bootClock: LockoutTime.BootClock(boot: Self.boot, seconds: seconds))
          guard let anchored = record.anchored(at: now) else { continue }
          let encoded = anchored.encoded()
          if !(lastFailure < 0) {
            #expect(FailureRecord.decode(encoded) != nil, "\(String(decoding: encoded, as: UTF8.self))")
          }
        }
      }
    }
  }

  @Test("a grace stamp's time left is zero or a finite number of seconds, at any expiry, grace and time")
  func graceAtExtremes() throws {
    let directory = try TemporaryDirectory()
    let stamp = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 4242)
    for expiry in Self.extremes {
      try stamp.record(until: expiry, now: 100)
      for now in Self.extremes {
        for grace in Self.extremes {
          let remaining = stamp.remainingSeconds(now: now, grace: grace)
          #expect(remaining >= 0 && remaining.isFinite, "expiry \(expiry), now \(now), grace \(grace)")
          #expect(stamp.isValid(now: now, grace: grace) == (remaining > 0))
          if grace.isNaN || grace <= 0 { #expect(remaining == 0, "no grace: expiry \(expiry), now \(now)") }
        }
      }
    }
  }

  @Test("the largest --grace leaves a stamp whose time left is about as large, and finite")
  func largestGrace() throws {
    let directory = try TemporaryDirectory()
    let stamp = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 4242)
    let now = 1.7e9
    try stamp.record(until: now + Double(Int64.max), now: now)
    let remaining = stamp.remainingSeconds(now: now + 1, grace: .infinity)
    #expect(remaining > 9e18 && remaining.isFinite)
    #expect(Duration.clampedSeconds(remaining) == .seconds(Int64.max))
    #expect(stamp.isValid(now: now + 1, grace: Double(Int64.max)))
  }

  @Test("seeded random extremes: no trap, and every lockout, grace and spoken wait in range")
  func seededExtremes() throws {
    let directory = try TemporaryDirectory()
    let stamp = GraceStamp(runtimeDirectory: directory.path, terminalName: "/dev/pts/3", sessionID: 4242)
    for seed in UInt64(1)...8 {
      var generator = SeededGenerator(seed: seed)
      try stamp.record(until: Self.extreme(using: &generator), now: Self.extreme(using: &generator))
      for _ in 0..<250 {
        let failures = Int.random(in: 0...20, using: &generator)
        let record = FailureRecord(
          failures: failures, lastFailure: Self.extreme(using: &generator),
          lastFailureBoot: Bool.random(using: &generator)
            ? LockoutTime.BootClock(boot: Self.boot, seconds: Self.extreme(using: &generator)) : nil)
        let now = LockoutTime(
          wallClock: Self.extreme(using: &generator),
          bootClock: LockoutTime.BootClock(boot: Self.boot, seconds: Self.extreme(using: &generator)))
        let remaining = record.remainingLockout(schedule: Self.schedule, now: now)
        #expect(remaining >= .zero && remaining <= Self.longestDelay, "seed \(seed): \(record) at \(now)")
        if let anchored = record.anchored(at: now) { _ = anchored.encoded() }

        let seconds = Self.extreme(using: &generator)
        let duration = Duration.clampedSeconds(seconds)
        #expect(duration >= .seconds(Int64.min) && duration <= .seconds(Int64.max), "seed \(seed): \(seconds)")
        let spoken = VaultError.lockedOut(remaining: max(duration, .zero)).description
        #expect(!spoken.isEmpty)

        let left = stamp.remainingSeconds(now: Self.extreme(using: &generator), grace: Self.extreme(using: &generator))
        #expect(left >= 0 && left.isFinite, "seed \(seed)")
      }
    }
  }
}
