import PasscodeEngine

/// Makes outside text (environment values, paths, file contents) safe to print in `doctor`'s report: one
/// line, cleaned by the one sanitiser (``SanitizedText``: no escape sequence, control or format character),
/// at most 200 characters. Paths are quoted rather than cleaned, so the report names the file that is there.
package enum DoctorText {
  /// The text cleaned and cut to 200 characters.
  ///
  /// - Parameter text: Outside text.
  /// - Returns: Text safe to print on one line.
  package static func printable(_ text: String) -> String {
    String(SanitizedText(text).text.prefix(200))
  }

  /// A path quoted (``SanitizedText/init(quoting:)``: a line feed or an escape in it is shown, not sent), cut
  /// to 200 characters.
  ///
  /// - Parameter path: A path from the environment, the options or a file.
  /// - Returns: Text safe to print on one line that names the path's real characters.
  package static func path(_ path: String) -> String {
    String(SanitizedText(quoting: path).text.prefix(200))
  }

  /// A path as one shell word for a `Run:` command: as it is when it holds only characters the shell leaves
  /// alone, else in single quotes (a quote in it as `'"'"'`); quoted like ``path(_:)`` too, so a control character
  /// is shown, never sent (a backslash, shown doubled, is the one character the word then gets wrong).
  ///
  /// - Parameter path: A path from the environment, the options or a file.
  /// - Returns: The word.
  package static func shellWord(_ path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || "/._-+@%:,=".unicodeScalars.contains(scalar)
    }
    if plain, !path.isEmpty { return Self.path(path) }
    var quoted = "'"
    for character in path { quoted += character == "'" ? "'\"'\"'" : String(character) }
    return Self.path(quoted + "'")
  }
}
