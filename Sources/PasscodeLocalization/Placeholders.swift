/// Filling `{name}` placeholders, the one template syntax of the program's messages: translators move
/// placeholders freely, so a value is never spliced in by position.
package enum Placeholders {
  /// The template with every `{name}` replaced by `values[name]`; unknown placeholders stay as they are.
  ///
  /// - Parameters:
  ///   - template: The text, in any language.
  ///   - values: The values by placeholder name.
  /// - Returns: The filled text.
  package static func fill(_ template: String, _ values: [String: String]) -> String {
    guard !values.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      let name = String(rest[rest.index(after: open)..<close])
      result += rest[..<open]
      if let value = values[name] {
        result += value
      } else {
        result += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}

extension Localization {
  /// A message in the chosen language with its placeholders filled.
  ///
  /// - Parameters:
  ///   - english: The English template, the message identifier.
  ///   - values: The values by placeholder name.
  /// - Returns: The filled translation, or the filled English text.
  package static func text(_ english: String, _ values: [String: String]) -> String {
    Placeholders.fill(text(english), values)
  }

  /// A message whose form depends on a count, translated and filled; `{count}` is the count.
  ///
  /// - Parameters:
  ///   - singular: The English template for one.
  ///   - plural: The English template for other counts.
  ///   - count: The count that chooses the form and fills `{count}`.
  ///   - values: Other values by placeholder name.
  /// - Returns: The filled form.
  package static func text(
    singular: String, plural: String, count: Int, _ values: [String: String] = [:]
  ) -> String {
    var all = values
    all["count"] = all["count"] ?? "\(count)"
    return Placeholders.fill(pluralTemplate(singular: singular, plural: plural, count: count), all)
  }
}
