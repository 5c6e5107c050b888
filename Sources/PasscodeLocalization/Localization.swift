internal import PasscodeEngine
import Synchronization

/// The program's messages in the user's language, through gettext's `passcode` domain.
///
/// Every message is written in English in the source and that English text is the gettext message
/// identifier, so a missing or partial translation falls back to English string by string, never to a key
/// name. Until ``start(environment:)`` runs, every lookup gives the English text.
package enum Localization {
  /// The gettext domain: the compiled catalogues are `DIRECTORY/LANGUAGE/LC_MESSAGES/passcode.mo`.
  package static let domain = "passcode"
  /// The one environment variable that points the program at another catalogue directory (the tests'
  /// freshly compiled catalogues, or an uninstalled build). Without it the program looks in
  /// `../share/locale` next to its own `bin` directory, then, run from SwiftPM's build tree, in the catalogues
  /// the build compiled (``buildTreeDirectory(executable:)``), then in glibc's default, `/usr/share/locale`.
  package static let directoryVariable = "PASSCODE_LOCALEDIR"

  /// Chooses the language from the environment and binds the domain; call once at start, before any message.
  ///
  /// `setlocale(LC_MESSAGES, "")` takes the messages' locale from the environment (only that category:
  /// `LC_ALL` would also load every other category's locale files, about 0.3 MiB more resident memory in a
  /// `C.UTF-8` session, for nothing the program uses). When it is not installed (`LANG` names
  /// `es_ES.UTF-8` but only `C.UTF-8` is generated), or when only `LANGUAGE` is set, the messages category
  /// is set to `C.UTF-8` and `LANGUAGE` to the chosen list, so gettext still finds the catalogue: the
  /// translations need no generated locale, only the `.mo` file. Translations come back in UTF-8 in every
  /// locale, the C library's own too (``cLibraryDomain``).
  ///
  /// gettext reads `LANGUAGE` itself at every lookup, so a name in it that is a path
  /// (``MessageLanguage/isLanguageName(_:)``) is taken out of the variable as well as out of the choice; a
  /// command run by `passcode exec` inherits the cleaned list.
  ///
  /// - Parameter environment: The process environment.
  package static func start(environment: [String: String]) {
    isStarted.withLock { $0 = true }
    GettextCalls.setLocale(.messages, to: "")
    GettextCalls.bindDomain(domain, directory: catalogueDirectory(environment: environment))
    GettextCalls.useUTF8(for: domain)
    GettextCalls.useUTF8(for: cLibraryDomain)
    let list = environment[MessageLanguage.languageVariable] ?? ""
    let names = MessageLanguage.languageNames(list)
    if names.count != list.split(separator: ":").count {
      GettextCalls.setEnvironmentValue(MessageLanguage.languageVariable, names.joined(separator: ":"))
    }
    use(MessageLanguage(environment: environment), languageListIsEmpty: names.isEmpty)
  }

  /// Chooses the language as ``start(environment:)`` does, unless this process has chosen it already: an
  /// accessible session binds the person's language for another tool's prompt, while `passcode` itself binds it
  /// before it parses its arguments, so that even a usage error is in that language.
  ///
  /// - Parameter environment: The process environment.
  package static func startOnce(environment: [String: String]) {
    let isFirst = isStarted.withLock { started in
      defer { started = true }
      return !started
    }
    if isFirst { start(environment: environment) }
  }

  /// Whether ``start(environment:)`` has run.
  private static let isStarted = Mutex(false)

  /// Switches messages to the language of a locale name, such as pinentry's `OPTION lc-messages`
  /// (`es_ES.UTF-8`); `C` or `POSIX` switches to English.
  ///
  /// - Parameter localeName: The locale name.
  package static func useMessagesLocale(_ localeName: String) {
    let language = MessageLanguage(languages: [localeName])
    if language.isUntranslated {
      GettextCalls.setEnvironmentValue(MessageLanguage.languageVariable, "")
      GettextCalls.setLocale(.messages, to: "C")
      return
    }
    let current = GettextCalls.currentLocale(.messages)
    if current != localeName, current != fallbackLocale, GettextCalls.setLocale(.messages, to: localeName) == nil {
      GettextCalls.setLocale(.messages, to: fallbackLocale)
    }
    GettextCalls.setEnvironmentValue(MessageLanguage.languageVariable, language.languageList)
  }

  /// A message in the chosen language.
  ///
  /// - Parameter english: The English text, which is the message identifier.
  /// - Returns: Its translation, or the English text when there is none or it holds a character the
  ///   sanitiser would not keep (``isPrintable(_:)``).
  package static func text(_ english: String) -> String {
    let translated = GettextCalls.translation(of: english, domain: domain)
    return isPrintable(translated) ? translated : english
  }

  /// A message whose form depends on a count, in the chosen language and by its plural rule, with its
  /// placeholders left for the caller to fill (``text(singular:plural:count:_:)`` fills them).
  ///
  /// - Parameters:
  ///   - singular: The English text for one, the message identifier.
  ///   - plural: The English text for other counts.
  ///   - count: The count that chooses the form.
  /// - Returns: The translated form, or the English one when there is no translation or it holds a character
  ///   the sanitiser would not keep.
  package static func pluralTemplate(singular: String, plural: String, count: Int) -> String {
    let translated = GettextCalls.pluralTranslation(singular: singular, plural: plural, count: count, domain: domain)
    return isPrintable(translated) ? translated : untranslated(singular: singular, plural: plural, count: count)
  }

  /// Whether a translation holds only what the sanitiser keeps as it is (``OutsideScalar/kept``): no control
  /// character (C0, DEL, C1, a line feed included), no format character (a bidi mark or override, a
  /// zero-width character, a tag), no separator or private-use character, and no replaced invalid byte.
  ///
  /// A catalogue is outside text: `PASSCODE_LOCALEDIR` or a crafted language name can point anywhere, and a
  /// translation reaches the terminal and speech in many places (the status line, notices, help, errors,
  /// doctor), some of which print it as it is. Refusing it here, once, covers them all: a translation that
  /// fails this falls back to English, like a missing one.
  static func isPrintable(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in scalar != "\u{FFFD}" && OutsideScalar(scalar) == .kept }
  }

  /// The English form of a message with a plural form, whatever the chosen language: gettext's own rule
  /// for a message with no translation, taken from a domain that never has a catalogue.
  ///
  /// - Parameters:
  ///   - singular: The English text for one.
  ///   - plural: The English text for other counts.
  ///   - count: The count that chooses the form.
  /// - Returns: The English form.
  package static func untranslated(singular: String, plural: String, count: Int) -> String {
    GettextCalls.pluralTranslation(singular: singular, plural: plural, count: count, domain: untranslatedDomain)
  }

  /// The C library's own gettext domain, whose translations (`strerror`'s "Conexión rehusada", which
  /// libspeechd puts in its messages) would otherwise be converted to the character set of `LC_CTYPE`, left
  /// in the C locale and so ASCII: every letter outside it became `?` ("Conexi?n rehusada").
  static let cLibraryDomain = "libc"

  /// A domain with no catalogue in any language.
  static let untranslatedDomain = "passcode-untranslated"

  /// The language of the catalogue in use, from its `Language:` header (`es`); `en` when messages are
  /// untranslated. Speech is sent with this language so that a voice for it speaks.
  package static var language: String {
    let header = GettextCalls.translation(of: "", domain: domain)
    for line in header.split(separator: "\n") where line.hasPrefix("Language:") {
      let value = line.dropFirst("Language:".count).trimmingWhitespace()
      // A language tag (es, pt_BR, sr@latin) and nothing else: it is sent to speech-dispatcher.
      let isTag = value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-@.".contains($0)) }
      if !value.isEmpty, isTag { return String(value) }
    }
    return "en"
  }

  /// The locale used for messages when the one asked for is not installed: one glibc always has, and not
  /// `C`, in which gettext would ignore `LANGUAGE`.
  static let fallbackLocale = "C.UTF-8"

  private static func use(_ language: MessageLanguage, languageListIsEmpty: Bool) {
    guard !language.isUntranslated else { return }
    let messagesLocale = GettextCalls.currentLocale(.messages)
    guard messagesLocale == "C" || messagesLocale == "POSIX" else { return }
    GettextCalls.setLocale(.messages, to: fallbackLocale)
    if languageListIsEmpty {
      GettextCalls.setEnvironmentValue(MessageLanguage.languageVariable, language.languageList)
    }
  }

  /// glibc's own default for `bindtextdomain`.
  private static let defaultDirectory = "/usr/share/locale"

  private static func catalogueDirectory(environment: [String: String]) -> String {
    if let directory = environment[directoryVariable], !directory.isEmpty { return directory }
    // PREFIX/bin/passcode -> PREFIX/share/locale. Bytes, not Characters: this runs at every start, and
    // splitting the path into substrings measurably grew the pinentry's resident memory.
    if let executable = GettextCalls.executablePath() {
      var bytes = Array(executable.utf8)
      for _ in 0..<2 {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return defaultDirectory }
        bytes.removeSubrange(slash...)
      }
      let installed = String(decoding: bytes, as: UTF8.self) + "/share/locale"
      if GettextCalls.fileExists(installed) { return installed }
      if let built = buildTreeDirectory(executable: executable), GettextCalls.fileExists(built) { return built }
    }
    return defaultDirectory
  }

  /// Where the build compiled the catalogues, for a program that runs from SwiftPM's build tree
  /// (`swift run passcode`); `nil` for a program anywhere else.
  ///
  /// `ROOT/.build/TRIPLE/debug/passcode` (or `release`; `TRIPLE` such as `x86_64-unknown-linux-gnu`) finds the `CompileMessageCatalogues` plugin's
  /// `ROOT/.build/plugins/outputs/NAME/PasscodeLocalization/destination/CompileMessageCatalogues/locale`, where
  /// `NAME` is SwiftPM's identity of the package: `ROOT`'s last component in lower case. Only that shape
  /// counts, and only inside the `.build` directory that holds the program itself: whoever could put a
  /// catalogue there could replace the program too, and an installed program (`PREFIX/bin/passcode`) never
  /// has it, so it looks where it always did.
  ///
  /// - Parameter executable: The program's own path, with symbolic links resolved (`/proc/self/exe`).
  /// - Returns: The build's locale directory, whether or not it exists yet, or `nil` outside a build tree.
  package static func buildTreeDirectory(executable: String) -> String? {
    let slash = UInt8(ascii: "/")
    let components = executable.utf8.split(separator: slash, omittingEmptySubsequences: false)
    guard components.count >= 6, executable.utf8.first == slash else { return nil }
    let configuration = components[components.count - 2]
    let triple = components[components.count - 3]
    let scratch = components[components.count - 4]
    guard scratch.elementsEqual(".build".utf8), triple.contains(UInt8(ascii: "-")),
      configuration.elementsEqual("debug".utf8) || configuration.elementsEqual("release".utf8)
    else { return nil }
    let root = components[components.count - 5]
    guard !root.isEmpty else { return nil }
    let scratchPath = components[...(components.count - 4)].joined(separator: [slash])
    return String(decoding: Array(scratchPath), as: UTF8.self) + "/plugins/outputs/"
      + String(decoding: root, as: UTF8.self).lowercased() + "/PasscodeLocalization/destination/"
      + "CompileMessageCatalogues/locale"
  }
}
