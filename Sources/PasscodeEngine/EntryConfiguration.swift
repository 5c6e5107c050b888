/// Everything that shapes one passcode prompt; validated when it is made, never silently clamped.
public struct EntryConfiguration: Equatable, Sendable {
  /// The fixed lengths the engine accepts.
  public static let fixedLengthLimits = 1...12
  /// The longest variable-length entry (for passphrases).
  public static let variableLengthLimit = 1024
  /// How many times a prompt's ``timeout`` can be started again with `EntryEvent.moreTime` (WCAG 2.2.1
  /// asks for at least ten).
  public static let timeExtensionLimit = 10

  /// How long a code is.
  public enum Length: Equatable, Hashable, Sendable {
    /// Exactly this many characters; the code completes by itself at the last one.
    case fixed(Int)
    /// Between these many characters, submitted with Enter.
    case variable(ClosedRange<Int>)
  }

  /// Which characters may be typed.
  public enum AllowedCharacters: Equatable, Hashable, Sendable {
    /// The digits 0 to 9.
    case digits
    /// ASCII letters and digits.
    case lettersAndDigits
    /// Any printable character, ASCII or not (passphrases).
    case printable
    /// A caller-given set of printable characters.
    case custom(Set<Unicode.Scalar>)

    /// Whether `scalar` may be typed.
    ///
    /// - Parameter scalar: The character.
    /// - Returns: `true` when it is allowed.
    public func allows(_ scalar: Unicode.Scalar) -> Bool {
      switch self {
      case .digits: return ("0"..."9").contains(scalar)
      case .lettersAndDigits:
        return ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
      case .printable: return Self.isPrintable(scalar)
      case let .custom(set): return set.contains(scalar)
      }
    }

    /// The kind of characters, for the words of announcements.
    package var kind: Announcement.CharacterKind {
      switch self {
      case .digits: .digits
      case .lettersAndDigits: .lettersAndDigits
      case .printable, .custom: .characters
      }
    }

    /// Whether a character can be typed and shown: not a control, format, private-use, unassigned or
    /// separator code.
    ///
    /// - Parameter scalar: The character.
    /// - Returns: `true` when it is printable.
    package static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.properties.generalCategory {
      case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: false
      default: true
      }
    }
  }

  /// The prompt's title, spoken and shown once cleaned.
  public var title: SanitizedText
  /// How long a code is.
  public var length: Length
  /// Which characters may be typed.
  public var allowed: AllowedCharacters
  /// Whether renderers get only masks (`true`) or may show the characters (one-time codes).
  public var isSecure: Bool
  /// Whether shaking and other motion are left out.
  public var reduceMotion: Bool
  /// How failures turn into lockouts.
  public var lockoutSchedule: LockoutSchedule
  /// How long a rejection shows before the cells empty.
  public var rejectionDuration: Duration
  /// How long the verifier may take before "Checking" is announced.
  public var checkingDelay: Duration
  /// How the cells shake on a rejection.
  public var shake: ShakeCurve
  /// How long the prompt waits for a key before timing out; `nil` waits forever. It is warned of
  /// (`EntryEngine.timeWarningLead(for:)`), and more time can be asked for
  /// (`EntryEvent.moreTime`) up to ``timeExtensionLimit`` times.
  public var timeout: Duration?
  /// The asker's own deadline, counted from the prompt's start, which no key moves (a password agent's
  /// `NotAfter=`): the engine warns of it and nothing more; the asker ends the prompt when it passes.
  package var fixedDeadline: Duration? = nil
  /// How much the feedback reveals of the code's length as it is typed: counts (the default), ticks or only
  /// verdicts. Announcements and the display's cells both follow it.
  public var progress: ProgressFeedback = .count
  /// How the visual profile draws the cells of a masked code: ● and ○ by default, `*`, •, or no cells. The
  /// person's own choice (`PromptSettings.mask`) goes over it.
  public var mask: CellMask = .circle
  /// What is said when the verifier accepts: "Passcode accepted", or for a code that is passed on rather
  /// than checked (a password agent's answer) "Answer sent".
  package var acceptedAnnouncement: Announcement = .accepted
  /// What is said for each retry reason in place of the standard words (a pinentry's "Enter the same
  /// passphrase again", or its caller's `SETREPEATERROR` text); a reason not listed keeps its own.
  package var retryAnnouncements: [RetryReason: Announcement] = [:]
  /// Cues played as the prompt opens, before its words, in order: a password agent's question plays
  /// ``SoundCue/asking``, after ``SoundCue/error`` when it is asked again. None by default.
  package var openingCues: [SoundCue] = []

  /// The title of a prompt whose caller gave none, in English; a terminal prompt tells it in the person's
  /// language (the engine knows no language).
  public static let standardTitle: SanitizedText = "Enter Passcode"

  /// Creates a configuration and checks it.
  ///
  /// - Parameters:
  ///   - title: The prompt's title.
  ///   - length: A fixed length in 1...12, or a variable range within 1...1024.
  ///   - allowed: Which characters may be typed.
  ///   - isSecure: `false` only for one-time codes that may be shown.
  ///   - reduceMotion: Leave out the shake.
  ///   - lockoutSchedule: How failures turn into lockouts.
  ///   - rejectionDuration: How long a rejection shows; positive.
  ///   - checkingDelay: When to announce "Checking"; positive.
  ///   - shake: The shake curve.
  ///   - timeout: How long to wait for a key; positive, or `nil`.
  /// - Throws: ``EntryConfigurationError`` when a value is out of bounds.
  public init(
    title: SanitizedText = EntryConfiguration.standardTitle,
    length: Length = .fixed(6),
    allowed: AllowedCharacters = .digits,
    isSecure: Bool = true,
    reduceMotion: Bool = false,
    lockoutSchedule: LockoutSchedule = .standard,
    rejectionDuration: Duration = .milliseconds(500),
    checkingDelay: Duration = .milliseconds(150),
    shake: ShakeCurve = .standard,
    timeout: Duration? = nil
  ) throws(EntryConfigurationError) {
    switch length {
    case let .fixed(count):
      guard Self.fixedLengthLimits.contains(count) else { throw .lengthOutOfRange(count) }
    case let .variable(range):
      guard range.lowerBound >= 1, range.upperBound <= Self.variableLengthLimit else {
        throw .lengthRangeInvalid(minimum: range.lowerBound, maximum: range.upperBound)
      }
    }
    if case let .custom(set) = allowed {
      guard !set.isEmpty else { throw .invalidAllowedCharacters("The set of allowed characters is empty.") }
      guard set.allSatisfy(AllowedCharacters.isPrintable) else {
        throw .invalidAllowedCharacters("The allowed characters must all be printable.")
      }
    }
    guard rejectionDuration > .zero else { throw .invalidTiming("The rejection must last longer than zero.") }
    guard checkingDelay > .zero else { throw .invalidTiming("The checking delay must be longer than zero.") }
    if let timeout, timeout <= .zero { throw .invalidTiming("The timeout must be longer than zero.") }
    self.title = title
    self.length = length
    self.allowed = allowed
    self.isSecure = isSecure
    self.reduceMotion = reduceMotion
    self.lockoutSchedule = lockoutSchedule
    self.rejectionDuration = rejectionDuration
    self.checkingDelay = checkingDelay
    self.shake = shake
    self.timeout = timeout
  }

  /// The most characters a code can have.
  public var maximumLength: Int {
    switch length {
    case let .fixed(count): count
    case let .variable(range): range.upperBound
    }
  }

  /// The fewest characters a code can have.
  public var minimumLength: Int {
    switch length {
    case let .fixed(count): count
    case let .variable(range): range.lowerBound
    }
  }

  /// The fixed length, or `nil` for a variable one.
  public var fixedLength: Int? {
    if case let .fixed(count) = length { return count }
    return nil
  }

  /// The most bytes a code can take in UTF-8, for sizing its secret storage.
  public var maximumByteCount: Int {
    switch allowed {
    case .digits, .lettersAndDigits: maximumLength
    case .printable: maximumLength * 4
    case let .custom(set): maximumLength * (set.map { String($0).utf8.count }.max() ?? 4)
    }
  }
}
