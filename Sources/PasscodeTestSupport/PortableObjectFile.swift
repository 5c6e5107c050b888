import Foundation

/// A gettext `.po` or `.pot` file read into its entries, for the checks that every message is translated
/// and keeps its placeholders.
package struct PortableObjectFile: Sendable {
  /// One message: its English identifier, the plural identifier when it has plural forms, and the
  /// translations (one, or one per plural form; empty strings in a template).
  package struct Entry: Equatable, Sendable {
    /// The English text, `msgid`.
    package var identifier: String
    /// The English plural, `msgid_plural`, for messages chosen with `ngettext`.
    package var pluralIdentifier: String?
    /// `msgstr`, or `msgstr[0]`, `msgstr[1]`… in order.
    package var translations: [String]

    /// Creates an entry.
    package init(identifier: String, pluralIdentifier: String?, translations: [String]) {
      self.identifier = identifier
      self.pluralIdentifier = pluralIdentifier
      self.translations = translations
    }
  }

  /// The entries in file order, the header (empty `msgid`) left out.
  package let entries: [Entry]
  /// The header's `msgstr`: `Language:`, `Plural-Forms:` and the rest.
  package let header: String

  /// Reads a file.
  ///
  /// - Parameter path: The file's path.
  /// - Throws: When it cannot be read.
  package init(path: String) throws {
    self.init(text: try String(contentsOfFile: path, encoding: .utf8))
  }

  /// Parses the text of a file: `msgid`, `msgid_plural`, `msgstr` and `msgstr[N]` keywords, each followed
  /// by one or more quoted strings; comments and `msgctxt` are skipped.
  ///
  /// - Parameter text: The file's text.
  package init(text: String) {
    var entries: [Entry] = []
    var header = ""
    var current: Entry?
    /// What a continuation line (a quoted string alone) adds to.
    var target: Target?
    func finish() {
      guard let entry = current else { return }
      if entry.identifier.isEmpty { header = entry.translations.first ?? "" } else { entries.append(entry) }
      current = nil
    }
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let keyword = line.hasPrefix("\"") ? "" : String(line.prefix { $0 != " " })
      let value = Self.unquote(String(line.dropFirst(keyword.count)).trimmingCharacters(in: .whitespaces))
      switch keyword {
      case "":
        break
      case "msgid":
        finish()
        current = Entry(identifier: "", pluralIdentifier: nil, translations: [])
        target = .identifier
      case "msgid_plural":
        current?.pluralIdentifier = ""
        target = .pluralIdentifier
      case let translation where translation.hasPrefix("msgstr"):
        current?.translations.append("")
        target = .translation((current?.translations.count ?? 1) - 1)
      default:
        target = nil
      }
      switch target {
      case .identifier: current?.identifier += value
      case .pluralIdentifier: current?.pluralIdentifier? += value
      case let .translation(index): current?.translations[index] += value
      case nil: break
      }
    }
    finish()
    self.entries = entries
    self.header = header
  }

  /// The entry with this English text, if the file has it.
  ///
  /// - Parameter identifier: The `msgid`.
  /// - Returns: The entry.
  package func entry(_ identifier: String) -> Entry? {
    entries.first { $0.identifier == identifier }
  }

  /// The `{name}` placeholders of a template, as a set.
  ///
  /// - Parameter template: A message or translation.
  /// - Returns: The names between braces.
  package static func placeholders(_ template: String) -> Set<String> {
    var names: Set<String> = []
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      names.insert(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  private enum Target {
    case identifier
    case pluralIdentifier
    case translation(Int)
  }

  private static func unquote(_ quoted: String) -> String {
    var body = quoted[...]
    if body.first == "\"" { body = body.dropFirst() }
    if body.last == "\"" { body = body.dropLast() }
    var result = ""
    var escaping = false
    for character in body {
      if escaping {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
