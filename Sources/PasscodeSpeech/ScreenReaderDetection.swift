/// What was found out about screen readers already reading this session (ACCESSIBILITY.md §1, §8).
public struct ScreenReaderDetection: Equatable, Sendable {
  /// The AT-SPI `org.a11y.Status.ScreenReaderEnabled` property, or `nil` when it could not be read in time.
  public var atspiEnabled: Bool?
  /// Whether the Speakup console screen reader is loaded (`/sys/accessibility/speakup` exists).
  public var speakupPresent: Bool
  /// Speakup's `key_echo` setting when readable; 2 means Speakup speaks every key, digits included.
  public var speakupKeyEcho: Int?
  /// Whether an `orca` process of the same user is running (Orca 43 started by hand does not set the property).
  public var orcaRunning: Bool

  /// Creates a detection result.
  ///
  /// - Parameters:
  ///   - atspiEnabled: The AT-SPI property, or `nil` when unknown.
  ///   - speakupPresent: Whether Speakup is loaded.
  ///   - speakupKeyEcho: Speakup's `key_echo`, or `nil` when unknown.
  ///   - orcaRunning: Whether an `orca` process of this user runs.
  public init(atspiEnabled: Bool?, speakupPresent: Bool, speakupKeyEcho: Int?, orcaRunning: Bool) {
    self.atspiEnabled = atspiEnabled
    self.speakupPresent = speakupPresent
    self.speakupKeyEcho = speakupKeyEcho
    self.orcaRunning = orcaRunning
  }

  /// No screen reader found.
  public static let none = ScreenReaderDetection(
    atspiEnabled: false, speakupPresent: false, speakupKeyEcho: nil, orcaRunning: false)

  /// Whether some screen reader is reading, so the program must print and not also speak.
  public var isReading: Bool {
    atspiEnabled == true || speakupPresent || orcaRunning
  }

  /// Whether Speakup speaks every key typed, so the front must warn before entry (ACCESSIBILITY.md §3).
  public var speakupEchoesKeys: Bool {
    speakupPresent && speakupKeyEcho == 2
  }

  /// The screen readers found, by name, for messages: "Orca", "Speakup", "AT-SPI screen reader".
  public var readerNames: [String] {
    var names: [String] = []
    if orcaRunning { names.append("Orca") }
    if speakupPresent { names.append("Speakup") }
    if atspiEnabled == true, !orcaRunning { names.append("AT-SPI screen reader") }
    return names
  }
}
