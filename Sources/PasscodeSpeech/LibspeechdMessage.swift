import PasscodeLocalization

/// libspeechd's own English reasons in the user's language: the library has no translations, so the
/// sentences it is known to write when a connection fails are recognised and said again through
/// ``Localization``, keeping the parts it filled in (the socket, the C library's reason, which `strerror`
/// already gave in the user's language). Any other text is kept as the library wrote it.
enum LibspeechdMessage {
  /// The text in the user's language where it is one of libspeechd's known sentences.
  ///
  /// - Parameter text: libspeechd's text, such as "Error: Can't connect to unix socket /run/…/speechd.sock:
  ///   Connection refused. Autospawn: Autospawn disabled".
  /// - Returns: The translation, or the text itself.
  static func translated(_ text: String) -> String {
    let separator = ". Autospawn: "
    guard let autospawnRange = Substring(text).lastRange(of: separator) else { return text }
    let connection = text[..<autospawnRange.lowerBound]
    let autospawn = autospawnWords(text[autospawnRange.upperBound...])
    if let rest = connection.dropPrefix("Error: Can't connect to unix socket "),
      let colon = rest.lastRange(of: ": ")
    {
      return Localization.text(
        "Error: Can't connect to unix socket {path}: {reason}. Autospawn: {autospawn}",
        [
          "path": String(rest[..<colon.lowerBound]), "reason": String(rest[colon.upperBound...]),
          "autospawn": autospawn,
        ])
    }
    if let rest = connection.dropPrefix("Error: Can't connect to "),
      let port = rest.firstRange(of: " on port "), let sockets = rest.lastRange(of: " using inet sockets: ")
    {
      return Localization.text(
        "Error: Can't connect to {host} on port {port} using inet sockets: {reason}. Autospawn: {autospawn}",
        [
          "host": String(rest[..<port.lowerBound]), "port": String(rest[port.upperBound..<sockets.lowerBound]),
          "reason": String(rest[sockets.upperBound...]), "autospawn": autospawn,
        ])
    }
    return text
  }

  /// What libspeechd says after "Autospawn: " about starting a daemon: "Autospawn disabled" (the doctor
  /// never lets it start one) in the user's language, anything else as it is.
  private static func autospawnWords(_ text: Substring) -> String {
    text == "Autospawn disabled" ? Localization.text("Autospawn disabled") : String(text)
  }
}

extension Substring {
  /// The rest after `prefix`, when the text starts with it.
  fileprivate func dropPrefix(_ prefix: String) -> Substring? {
    hasPrefix(prefix) ? dropFirst(prefix.count) : nil
  }

  /// Where `needle` first occurs (the standard library alone: no string processing module in release builds).
  fileprivate func firstRange(of needle: String) -> Range<Index>? {
    indices.lazy.compactMap { self.match(needle, at: $0) }.first
  }

  /// Where `needle` last occurs.
  fileprivate func lastRange(of needle: String) -> Range<Index>? {
    indices.reversed().lazy.compactMap { self.match(needle, at: $0) }.first
  }

  private func match(_ needle: String, at start: Index) -> Range<Index>? {
    guard self[start...].hasPrefix(needle) else { return nil }
    return start..<index(start, offsetBy: needle.count)
  }
}
