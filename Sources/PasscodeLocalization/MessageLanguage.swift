/// The languages messages are looked up in, chosen from the environment the way gettext chooses them.
///
/// The locale comes from the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty. A
/// locale of `C` or `POSIX` means untranslated English, and then `LANGUAGE` is ignored, as gettext does
/// (so `LC_ALL=C` always gives English). Otherwise `LANGUAGE`, a colon-separated priority list such as
/// `es:fr`, wins over the locale. Unlike gettext, a `LANGUAGE` with no locale set at all (an
/// environment with no `LANG`) is followed: gettext would ignore it because the process locale is then
/// `C`, but nobody asked for `C`.
///
/// gettext makes a file path of each name (`DIRECTORY/NAME/LC_MESSAGES/passcode.mo`), so a name holding a
/// `/` or starting with `.` (`LANGUAGE=../../../../tmp/evil`) would load a catalogue from anywhere. Such a
/// name is ignored wherever it comes from (`LANGUAGE`, the locale variables, pinentry's `lc-messages`), as
/// gettext itself does only in setuid programs; a `LANGUAGE` left with no name counts as unset.
package struct MessageLanguage: Equatable, Sendable {
  /// The environment variables read, in gettext's order after `LANGUAGE`.
  package static let localeVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]
  /// The variable holding a priority list of languages.
  package static let languageVariable = "LANGUAGE"

  /// The languages in priority order, as gettext spells them (`es`, `es_ES`, `es_ES.UTF-8`); empty for
  /// untranslated English.
  package let languages: [String]

  /// Languages given directly; `C`, `POSIX` and their `C.UTF-8` forms mean English, and a name that is a
  /// path (``isLanguageName(_:)``) is left out.
  ///
  /// - Parameter languages: The list in priority order.
  package init(languages: [String]) {
    self.languages = languages.filter { Self.isLanguageName($0) && !Self.isUntranslated($0) }
  }

  /// The choice gettext would make for an environment, as described on the type.
  ///
  /// - Parameter environment: The process environment.
  package init(environment: [String: String]) {
    let locale = Self.localeVariables.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    if let locale, locale == "C" || locale == "POSIX" {
      self.init(languages: [])
    } else if let list = environment[Self.languageVariable].map(Self.languageNames), !list.isEmpty {
      self.init(languages: list)
    } else {
      self.init(languages: locale.map { [$0] } ?? [])
    }
  }

  /// The list as `LANGUAGE` spells it.
  package var languageList: String {
    languages.joined(separator: ":")
  }

  /// Whether messages stay in English untranslated.
  package var isUntranslated: Bool {
    languages.isEmpty
  }

  /// The names of a `LANGUAGE` list that gettext may be given, in order: those that are not paths.
  ///
  /// - Parameter list: The list as `LANGUAGE` spells it (`es:fr`).
  /// - Returns: Its language names.
  package static func languageNames(_ list: String) -> [String] {
    list.split(separator: ":").map(String.init).filter(isLanguageName)
  }

  /// Whether a name may be handed to gettext, which builds a file path from it: not empty, no `/`, and not
  /// starting with `.` (which also rules out `.` and `..`).
  ///
  /// - Parameter name: A language or locale name, such as `es_ES.UTF-8`.
  /// - Returns: `false` for a name that would make gettext look outside its catalogue directory.
  package static func isLanguageName(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix(".") && !name.contains("/")
  }

  private static func isUntranslated(_ name: String) -> Bool {
    name == "C" || name == "POSIX" || name.hasPrefix("C.") || name.hasPrefix("POSIX.")
  }
}
