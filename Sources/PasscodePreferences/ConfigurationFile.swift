import PasscodeEngine
import PasscodeLocalization

/// The config file, `key = value` lines with `#` comments:
/// ```
/// # seconds of lockout after the 1st, 2nd, … failure; the last repeats
/// lockout = 0,0,0,0,0,60,300,900,3600
/// length = 6
/// grace = 0
/// speech = auto
/// profile = screen-reader
/// reduce-motion = yes
/// sound = no
/// progress = tick
/// mask = asterisk
/// ```
/// The last six are the interface preferences every subcommand applies (``ConfiguredPreferences``); the
/// first three shape the stored passcode.
/// This is the pure parse of its text; the vault reads the file, which must be private (0600, owned by the
/// user) like the vault's own files. Lines may end in LF, CRLF or a lone CR, and a UTF-8 byte order mark
/// at the very start is skipped, as editors on other systems write them. An unknown key, a bad value or a
/// key given twice is an error naming the line; a bad value is shown quoted (``ConfigurationLineError``).
package struct ConfigurationFile: Equatable, Sendable {
  /// The lockout delay after each failure count.
  package var lockout: LockoutSchedule
  /// The passcode length, or `nil` to keep the command's default.
  package var length: Int?
  /// How long a right passcode is remembered on the same terminal; zero for never.
  package var grace: Duration
  /// The interface preferences: speech, profile, reduce motion, sound, progress, mask and the voice.
  package var preferences: ConfiguredPreferences

  /// Creates the content of a config file; by default that of an empty one.
  ///
  /// - Parameters:
  ///   - lockout: The lockout delay after each failure count.
  ///   - length: The passcode length, or `nil` for the default.
  ///   - grace: The grace period; zero for none.
  ///   - preferences: The interface preferences.
  package init(
    lockout: LockoutSchedule = .standard, length: Int? = nil, grace: Duration = .zero,
    preferences: ConfiguredPreferences = ConfiguredPreferences()
  ) {
    self.lockout = lockout
    self.length = length
    self.grace = grace
    self.preferences = preferences
  }

  /// The longest grace period accepted: one day.
  package static let maximumGraceSeconds = 86_400

  /// Parses the file's text.
  ///
  /// - Parameter text: The file content.
  /// - Returns: The settings, with defaults for keys not given.
  /// - Throws: The first line that cannot be used, with the reason.
  package static func parse(_ text: String) throws(ConfigurationLineError) -> ConfigurationFile {
    var settings = ConfigurationFile()
    var seen: Set<String> = []
    // Only the first scalar may be a byte order mark: one anywhere else is part of its line, and refused.
    let body = text.unicodeScalars.first == "\u{FEFF}" ? Substring(text.unicodeScalars.dropFirst()) : text[...]
    // "\r\n" is one Character in Swift, so splitting on "\n" alone would leave a CRLF file one long line.
    let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    for (index, rawLine) in lines.enumerated() {
      let lineNumber = index + 1
      func failure(_ reason: String, value: Substring? = nil) -> ConfigurationLineError {
        ConfigurationLineError(line: lineNumber, reason: reason, value: value.map(String.init))
      }
      let line = rawLine.trimmingWhitespace()
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let equals = line.firstIndex(of: "=") else { throw failure(Localization.text("expected 'key = value'")) }
      let key = String(line[..<equals].trimmingWhitespace())
      let value = line[line.index(after: equals)...].trimmingWhitespace()
      guard !seen.contains(key) else { throw failure(Localization.text("'{key}' is set twice", ["key": key])) }
      switch key {
      case "lockout":
        let parts = value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        let delays = parts.compactMap { wholeNumber(in: $0, maximum: 31_536_000) }
        guard !parts.isEmpty, delays.count == parts.count else {
          throw failure(Localization.text("lockout must be a comma-separated list of whole seconds"), value: value)
        }
        guard let schedule = try? LockoutSchedule(delays: delays.map { Duration.seconds($0) }) else {
          throw failure(Localization.text("lockout must be a comma-separated list of whole seconds"), value: value)
        }
        settings.lockout = schedule
      case "length":
        let limits = EntryConfiguration.fixedLengthLimits
        guard let length = wholeNumber(in: value, maximum: limits.upperBound), limits.contains(length) else {
          throw failure(
            Localization.text(
              "length must be a whole number from {minimum} to {maximum}",
              ["minimum": "\(limits.lowerBound)", "maximum": "\(limits.upperBound)"]),
            value: value)
        }
        settings.length = length
      case "grace":
        guard let grace = wholeNumber(in: value, maximum: maximumGraceSeconds) else {
          throw failure(
            Localization.text(
              "grace must be a whole number of seconds from 0 to {maximum}", ["maximum": "\(maximumGraceSeconds)"]),
            value: value)
        }
        settings.grace = .seconds(grace)
      default:
        if try settings.preferences.read(key: key, value: String(value), line: lineNumber) { break }
        let isShowable = key.count <= 32 && key.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        throw failure(
          isShowable
            ? Localization.text("unknown setting '{key}'", ["key": key]) : Localization.text("unknown setting"))
      }
      seen.insert(key)
    }
    return settings
  }

  private static func wholeNumber(in text: Substring, maximum: Int) -> Int? {
    guard !text.isEmpty, text.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let number = Int(text), number <= maximum
    else { return nil }
    return number
  }
}
