import PasscodeEngine

extension PasswordQuestion {
  /// The most characters of a message that are shown and spoken; the rest is cut with "…".
  public static let maximumMessageLength = 300

  /// The prompt's title: the message, sanitised and cut to ``maximumMessageLength``; "Passphrase" when
  /// nothing is left.
  public var title: SanitizedText {
    var cleaned = SanitizedText(message).text
    if cleaned.count > Self.maximumMessageLength {
      cleaned = String(cleaned.prefix(Self.maximumMessageLength - 1)) + "…"
    }
    return cleaned.isEmpty ? "Passphrase" : SanitizedText(cleaned)
  }

  /// Who asks, from `Id=`: `cryptsetup:/dev/sda2` is "Asked by cryptsetup for /dev/sda2"; `nil` without an
  /// `Id=`.
  public var source: Announcement? {
    guard let identifier else { return nil }
    let parts = identifier.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map {
      SanitizedText(String($0.prefix(100)))
    }
    guard let asker = parts.first, !asker.isEmpty else { return nil }
    let subject = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
    return .questionSource(asker: asker, subject: subject)
  }
}
