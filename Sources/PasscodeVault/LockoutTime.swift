internal import SystemCalls

/// A moment as the lockout measures it: the wall clock, and the boot clock (`CLOCK_BOOTTIME`, which only
/// moves forward, through suspend too) with the boot it belongs to, when the system gives them.
///
/// Within one boot the lockout counts on the boot clock, so setting the wall clock back or forward neither
/// stretches nor shortens it. Across a reboot only the wall clock is left; the time since the last failure is
/// then taken as at least zero, so a `last-failure` in the future gives the schedule's delay and no more,
/// and the record is anchored to the new boot at once (see ``FailureRecord/anchored(at:)``).
package struct LockoutTime: Equatable, Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  /// A reading of the boot clock.
  package struct BootClock: Equatable, Hashable, Sendable {
    /// The boot's identifier (`/proc/sys/kernel/random/boot_id`).
    package var boot: String
    /// Seconds since that boot.
    package var seconds: Double

    /// Creates a reading.
    ///
    /// - Parameters:
    ///   - boot: The boot's identifier: letters, digits and dashes.
    ///   - seconds: Seconds since the boot.
    package init(boot: String, seconds: Double) {
      self.boot = boot
      self.seconds = seconds
    }
  }

  /// Seconds since the Unix epoch.
  package var wallClock: Double
  /// The boot clock, or `nil` when unknown (tests, or a system without `/proc`).
  package var bootClock: BootClock?

  /// Creates a moment.
  ///
  /// - Parameters:
  ///   - wallClock: Seconds since the Unix epoch.
  ///   - bootClock: The boot clock, if known.
  package init(wallClock: Double, bootClock: BootClock? = nil) {
    self.wallClock = wallClock
    self.bootClock = bootClock
  }

  /// A wall-clock time with no boot clock (for tests).
  package init(integerLiteral value: Int) {
    self.init(wallClock: Double(value))
  }

  /// A wall-clock time with no boot clock (for tests).
  package init(floatLiteral value: Double) {
    self.init(wallClock: value)
  }

  /// The system's clocks now.
  ///
  /// - Returns: The wall clock and, where the system gives it, the boot clock.
  package static func current() -> LockoutTime {
    let boot = bootIdentifier().map { BootClock(boot: $0, seconds: SystemClock.sinceBoot.secondsNow) }
    return LockoutTime(wallClock: SystemClock.wall.secondsNow, bootClock: boot)
  }

  /// The identifier of this boot, from `/proc/sys/kernel/random/boot_id`.
  ///
  /// - Returns: The identifier (36 characters of hex digits and dashes), or `nil` when it cannot be read.
  private static func bootIdentifier() -> String? {
    guard let file = try? FileDescriptor.open("/proc/sys/kernel/random/boot_id", .readOnly) else { return nil }
    defer { file.closeIgnoringErrors() }
    let bytes = (try? file.read(upTo: 64)) ?? []
    let text = bytes.prefix { $0 != UInt8(ascii: "\n") }
    guard text.count == 36, text.allSatisfy(FailureRecord.isBootIdentifierByte) else { return nil }
    return String(decoding: text, as: UTF8.self)
  }
}
