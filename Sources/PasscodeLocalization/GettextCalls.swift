import CLibintl
internal import SystemCalls

/// The one place where PasscodeLocalization calls C: glibc's gettext (`<libintl.h>`) and `setlocale`.
///
/// Every function here is a thin wrapper; the choices (which language, which directory, what to do when a
/// locale is not installed) are made by ``Localization`` and ``MessageLanguage``.
enum GettextCalls {
  /// The categories of `setlocale` the program uses: only the messages' one, which gettext reads. Numbers,
  /// character classes and the rest stay in the C locale the program was written for.
  enum Category {
    /// The language of messages (`LC_MESSAGES`).
    case messages

    fileprivate var value: Int32 {
      switch self {
      case .messages: LC_MESSAGES
      }
    }
  }

  /// Sets a locale category; an empty name takes it from the environment.
  ///
  /// The corresponding C function is `setlocale`.
  ///
  /// - Returns: The name of the locale now set, or `nil` when the one asked for is not installed (the
  ///   category is then left as it was).
  @discardableResult
  static func setLocale(_ category: Category, to name: String) -> String? {
    setlocale(category.value, name).map { String(cString: $0) }
  }

  /// The name of the locale a category is set to now.
  ///
  /// The corresponding C function is `setlocale` with a null name.
  static func currentLocale(_ category: Category) -> String {
    setlocale(category.value, nil).map { String(cString: $0) } ?? "C"
  }

  /// Says where a domain's compiled catalogues are: `DIRECTORY/LANGUAGE/LC_MESSAGES/DOMAIN.mo`.
  ///
  /// The corresponding C function is `bindtextdomain`.
  static func bindDomain(_ domain: String, directory: String) {
    _ = bindtextdomain(domain, directory)
  }

  /// Makes a domain's translations come back in UTF-8 whatever the locale's character set, so the C
  /// locale (ASCII) does not turn "dígitos" into "d?gitos". It works for another library's domain too
  /// (the C library's `libc`): the binding is the process's, looked up by name at every translation.
  ///
  /// The corresponding C function is `bind_textdomain_codeset`.
  static func useUTF8(for domain: String) {
    _ = bind_textdomain_codeset(domain, "UTF-8")
  }

  /// The translation of a message, or the message itself when there is none.
  ///
  /// The corresponding C function is `dgettext`.
  static func translation(of message: String, domain: String) -> String {
    // With no translation gettext returns the pointer it was given: read it while the argument is alive.
    message.withCString { identifier in
      guard let result = dgettext(domain, identifier) else { return message }
      return String(cString: result)
    }
  }

  /// The translation of a message with a plural form, chosen by the catalogue's plural rule for `count`;
  /// with no translation, English's rule picks `singular` or `plural`.
  ///
  /// The corresponding C function is `dngettext`.
  static func pluralTranslation(singular: String, plural: String, count: Int, domain: String) -> String {
    let number = UInt(clamping: max(count, 0))
    return singular.withCString { singularIdentifier in
      plural.withCString { pluralIdentifier in
        guard let result = dngettext(domain, singularIdentifier, pluralIdentifier, number) else { return plural }
        return String(cString: result)
      }
    }
  }

  /// Sets an environment variable of this process, which gettext reads at every lookup (`LANGUAGE`); nothing
  /// is written when it already has the value (``Environment/set(_:to:)``).
  static func setEnvironmentValue(_ name: String, _ value: String) {
    Environment.set(name, to: value)
  }

  /// Whether a path exists (``FileSystem/exists(_:)``).
  static func fileExists(_ path: String) -> Bool {
    FileSystem.exists(path)
  }

  /// The path of the running program, `/proc/self/exe` resolved (``FileSystem/resolvedPath(_:)``).
  static func executablePath() -> String? {
    FileSystem.resolvedPath("/proc/self/exe")
  }
}
