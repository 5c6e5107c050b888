import PasscodeEngine

/// The persisted count of consecutive wrong passcodes and the wall-clock time of the last one.
///
/// On disk it is three or four lines of ASCII, parsed strictly so that a truncated or edited file is
/// noticed; the fourth, when present, is the boot clock at the last failure (see ``LockoutTime``):
/// ```
/// passcode-state 1
/// failures 6
/// last-failure 1733011200.25
/// boot 0e0f1c1a-6a55-4c9b-9d59-1f0c2c8c1b7e 5321.5
/// ```
package struct FailureRecord: Equatable, Hashable, Sendable {
  /// Consecutive failures since the last success.
  package var failures: Int
  /// When the last failure was counted, in seconds since the Unix epoch.
  package var lastFailure: Double
  /// The boot clock when the last failure was counted (or when the record was anchored to this boot).
  package var lastFailureBoot: LockoutTime.BootClock?

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - failures: Consecutive failures; not negative.
  ///   - lastFailure: Seconds since the Unix epoch of the last failure; 0 when there was none.
  ///   - lastFailureBoot: The boot clock at the last failure, if known.
  package init(failures: Int, lastFailure: Double, lastFailureBoot: LockoutTime.BootClock? = nil) {
    self.failures = failures
    self.lastFailure = lastFailure
    self.lastFailureBoot = lastFailureBoot
  }

  /// No failures.
  package static let clean = FailureRecord(failures: 0, lastFailure: 0)

  private static let header = "passcode-state 1"

  /// The file content.
  ///
  /// - Returns: The lines, each ending in a newline.
  package func encoded() -> [UInt8] {
    var text = "\(Self.header)\nfailures \(failures)\nlast-failure \(Self.decimal(lastFailure))\n"
    if let boot = lastFailureBoot { text += "boot \(boot.boot) \(Self.decimal(boot.seconds))\n" }
    return Array(text.utf8)
  }

  /// The largest time the file holds, in seconds (the year 33658): larger values are refused as damaged,
  /// so every value read can be written back in the same plain decimal form.
  static let timeLimit = 1e12

  /// A time as the parser reads it back: plain decimal digits, six after the point, a minus sign when
  /// negative, never an exponent (which Swift's own `description` uses for large or tiny values). A value
  /// beyond ``timeLimit`` (infinity included) is written as the limit, and NaN (clocks that read nonsense,
  /// subtracted) as zero.
  static func decimal(_ value: Double) -> String {
    let bounded = value.isNaN ? 0 : min(max(value, -timeLimit), timeLimit)
    let micro = UInt64((bounded.magnitude * 1_000_000).rounded())
    let fraction = String(micro % 1_000_000)
    let sign = bounded < 0 && micro > 0 ? "-" : ""
    return sign + String(micro / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }

  /// A time in the file's form: decimal digits with at most one point, a minus sign only where `signed`,
  /// within ``timeLimit``.
  private static func time(_ text: ArraySlice<UInt8>, signed: Bool) -> Double? {
    var digits = text
    if signed, digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.count <= 32, digits.filter({ $0 == UInt8(ascii: ".") }).count <= 1,
      digits.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }),
      let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite, value.magnitude <= timeLimit
    else { return nil }
    return value
  }

  /// Whether a byte may appear in a boot identifier: a hex digit or a dash.
  static func isBootIdentifierByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || byte == UInt8(ascii: "-")
  }

  /// Parses file content strictly.
  ///
  /// - Parameter bytes: The file content.
  /// - Returns: The record, or `nil` when the content is not exactly the expected lines (for example
  ///   truncated, with an unknown version, or with a negative or non-numeric value).
  package static func decode(_ bytes: [UInt8]) -> FailureRecord? {
    guard bytes.last == UInt8(ascii: "\n") else { return nil }
    let lines = bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.count == 3 || lines.count == 4, Array(lines[0]) == Array(header.utf8),
      let failureText = value(of: lines[1], key: "failures"),
      let timeText = value(of: lines[2], key: "last-failure"),
      failureText.count <= 9, failureText.allSatisfy({ (0x30...0x39).contains($0) }),
      let failures = Int(String(decoding: failureText, as: UTF8.self)),
      let lastFailure = time(timeText, signed: false)
    else { return nil }
    var boot: LockoutTime.BootClock?
    if lines.count == 4 {
      guard let bootText = value(of: lines[3], key: "boot") else { return nil }
      let parts = bootText.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
      guard parts.count == 2, parts[0].count == 36, parts[0].allSatisfy(isBootIdentifierByte),
        // Negative when the record was anchored to a boot younger than the time since the failure.
        let seconds = time(parts[1], signed: true)
      else { return nil }
      boot = LockoutTime.BootClock(boot: String(decoding: parts[0], as: UTF8.self), seconds: seconds)
    }
    return FailureRecord(failures: failures, lastFailure: lastFailure, lastFailureBoot: boot)
  }

  /// How long entry is still refused: never longer than the schedule's delay for the count, whatever the
  /// clocks say.
  ///
  /// Within the boot of the last failure the time since it is read from the boot clock, which setting the
  /// time does not move. Otherwise it is the wall clock's, taken as at least zero: a `last-failure` in the
  /// future gives the full delay, and ``anchored(at:)`` ties the record to the boot clock so the delay
  /// then runs out in real time.
  ///
  /// - Parameters:
  ///   - schedule: The delay after each failure count.
  ///   - now: The time now.
  /// - Returns: The time left; zero when entry is allowed.
  package func remainingLockout(schedule: LockoutSchedule, now: LockoutTime) -> Duration {
    let delay = schedule.delay(afterFailures: failures)
    guard delay > .zero else { return .zero }
    let remaining = delay - .clampedSeconds(elapsedSinceLastFailure(now: now))
    return remaining > .zero ? remaining : .zero
  }

  /// The record tied to the boot clock of `now`, keeping the time since the last failure as
  /// ``remainingLockout(schedule:now:)`` counts it; `nil` when it is tied to this boot already, or there is
  /// no boot clock or no failure.
  ///
  /// - Parameter now: The time now.
  /// - Returns: The anchored record to store, or `nil` when nothing needs storing.
  package func anchored(at now: LockoutTime) -> FailureRecord? {
    guard failures > 0, let current = now.bootClock, lastFailureBoot?.boot != current.boot else { return nil }
    let elapsed = elapsedSinceLastFailure(now: now)
    var record = self
    record.lastFailureBoot = LockoutTime.BootClock(boot: current.boot, seconds: current.seconds - elapsed)
    return record
  }

  private func elapsedSinceLastFailure(now: LockoutTime) -> Double {
    if let recorded = lastFailureBoot, let current = now.bootClock, recorded.boot == current.boot {
      return max(0, current.seconds - recorded.seconds)
    }
    return max(0, now.wallClock - lastFailure)
  }

  private static func value(of line: ArraySlice<UInt8>, key: String) -> ArraySlice<UInt8>? {
    let prefix = Array((key + " ").utf8)
    guard line.count > prefix.count, Array(line.prefix(prefix.count)) == prefix else { return nil }
    return line.dropFirst(prefix.count)
  }
}
