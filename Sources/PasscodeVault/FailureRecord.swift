import PasscodeEngine

/// The persisted count of consecutive wrong passcodes and the wall-clock time of the last one.
///
/// On disk it is three lines of ASCII, parsed strictly so that a truncated or edited file is noticed:
/// ```
/// passcode-state 1
/// failures 6
/// last-failure 1733011200.25
/// ```
public struct FailureRecord: Equatable, Hashable, Sendable {
  /// Consecutive failures since the last success.
  public var failures: Int
  /// When the last failure was counted, in seconds since the Unix epoch.
  public var lastFailure: Double

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - failures: Consecutive failures; not negative.
  ///   - lastFailure: Seconds since the Unix epoch of the last failure; 0 when there was none.
  public init(failures: Int, lastFailure: Double) {
    self.failures = failures
    self.lastFailure = lastFailure
  }

  /// No failures.
  public static let clean = FailureRecord(failures: 0, lastFailure: 0)

  private static let header = "passcode-state 1"

  /// The file content.
  ///
  /// - Returns: The three lines, each ending in a newline.
  public func encoded() -> [UInt8] {
    Array("\(Self.header)\nfailures \(failures)\nlast-failure \(lastFailure)\n".utf8)
  }

  /// Parses file content strictly.
  ///
  /// - Parameter bytes: The file content.
  /// - Returns: The record, or `nil` when the content is not exactly the expected three lines (for example
  ///   truncated, with an unknown version, or with a negative or non-numeric value).
  public static func decode(_ bytes: [UInt8]) -> FailureRecord? {
    guard bytes.last == UInt8(ascii: "\n") else { return nil }
    let lines = bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.count == 3, Array(lines[0]) == Array(header.utf8),
      let failureText = value(of: lines[1], key: "failures"),
      let timeText = value(of: lines[2], key: "last-failure"),
      failureText.count <= 9, failureText.allSatisfy({ (0x30...0x39).contains($0) }),
      let failures = Int(String(decoding: failureText, as: UTF8.self)),
      timeText.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }),
      let lastFailure = Double(String(decoding: timeText, as: UTF8.self)), lastFailure.isFinite
    else { return nil }
    return FailureRecord(failures: failures, lastFailure: lastFailure)
  }

  /// How long entry is still refused.
  ///
  /// If the wall clock has moved back since the last failure, the full delay applies again rather than a
  /// longer one.
  ///
  /// - Parameters:
  ///   - schedule: The delay after each failure count.
  ///   - now: The wall-clock time, in seconds since the Unix epoch.
  /// - Returns: The time left; zero when entry is allowed.
  public func remainingLockout(schedule: LockoutSchedule, now: Double) -> Duration {
    let delay = schedule.delay(afterFailures: failures)
    guard delay > .zero else { return .zero }
    let elapsed = max(0, now - lastFailure)
    let remaining = delay - .seconds(elapsed)
    return remaining > .zero ? remaining : .zero
  }

  private static func value(of line: ArraySlice<UInt8>, key: String) -> ArraySlice<UInt8>? {
    let prefix = Array((key + " ").utf8)
    guard line.count > prefix.count, Array(line.prefix(prefix.count)) == prefix else { return nil }
    return line.dropFirst(prefix.count)
  }
}
