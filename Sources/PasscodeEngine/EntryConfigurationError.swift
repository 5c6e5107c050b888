/// A configuration the engine refuses, with a message a person can act on.
public enum EntryConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A fixed length outside 1...12.
  case lengthOutOfRange(Int)
  /// A variable length range that is empty, starts below 1, or ends above the limit.
  case lengthRangeInvalid(minimum: Int, maximum: Int)
  /// A custom character set with no characters, or with control characters.
  case invalidAllowedCharacters(String)
  /// A lockout schedule that cannot be used.
  case invalidLockoutSchedule(String)
  /// A timing value that is negative or zero where it must be positive.
  case invalidTiming(String)

  /// The message to show.
  public var description: String {
    switch self {
    case let .lengthOutOfRange(length):
      "The passcode length must be between \(EntryConfiguration.fixedLengthLimits.lowerBound) and "
        + "\(EntryConfiguration.fixedLengthLimits.upperBound); got \(length)."
    case let .lengthRangeInvalid(minimum, maximum):
      "The length range \(minimum)...\(maximum) is not valid: it must start at 1 or more and end at "
        + "\(EntryConfiguration.variableLengthLimit) or less."
    case let .invalidAllowedCharacters(reason): reason
    case let .invalidLockoutSchedule(reason): reason
    case let .invalidTiming(reason): reason
    }
  }
}
