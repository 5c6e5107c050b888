import Foundation
import PasscodeEngine
import PasscodeTestSupport
import Testing

/// `passcode` in Spanish and German through gettext: the real binary, the `.po` files compiled by the real
/// `msgfmt` and found through `PASSCODE_LOCALEDIR`, and a real private speech-dispatcher.
@Suite("passcode in the user's language", .serialized)
struct LocalisationEndToEndTests {
  private static func spanish(_ extra: [String: String] = [:]) throws -> [String: String] {
    try CompiledMessageCatalogues.environment(language: "es").merging(extra) { _, new in new }
  }

  private static func french(_ extra: [String: String] = [:]) throws -> [String: String] {
    try CompiledMessageCatalogues.environment(language: "fr").merging(extra) { _, new in new }
  }

  @Test(
    "with LANGUAGE set to a translation, a wrong code, then the right one, read in it in each profile; golden output",
    arguments: DemoTranslation.all,
    [
      ("visual", [String](), ["TERM": "xterm-256color"]),
      ("screen-reader", ["--screen-reader"], ["TERM": "xterm-256color"]),
      ("plain", [], ["TERM": "dumb"]),
    ])
  func translatedTranscript(
    words: DemoTranslation, profile: (name: String, flags: [String], environment: [String: String])
  ) throws {
    let session = try DemoSession(["demo"] + profile.flags, environment: try words.environment(profile.environment))
    try session.waitFor(words["prompt"])
    try session.type("1")
    try session.waitFor(words.progress(1))
    try session.type("397")
    try session.waitFor(words["wrong"])
    try session.waitFor(words["ready"])
    try session.type("2580")
    try session.waitFor(words["unlocked"])
    try session.type("q")
    #expect(try session.finish() == .exited(0))
    #expect(try session.terminalRestored())
    for english in ["entered", "Passcode", "Wrong", "Ready", "Press"] {
      #expect(!session.text.contains(english), "English \(english) in \(session.text.debugDescription)")
    }
    Transcript.expectNoTypedDigits(session.text)
    try Transcript.expectMatchesGolden(session.text, named: "\(words["golden"])-wrong-code-\(profile.name)")
  }

  @Test(
    "French plurals follow fr.po's own rule, in which 0 is singular: 0 caractère saisi, not 0 caractères",
    arguments: [
      (
        "fr_FR.UTF-8",
        ["1 caractère saisi", "2 caractères saisis", "Effacé, 1 caractère saisi", "Effacé, 0 caractère saisi"]
      ),
      (
        "es_ES.UTF-8",
        [
          "1 carácter introducido", "2 caracteres introducidos", "Borrado, 1 carácter introducido",
          "Borrado, 0 caracteres introducidos",
        ]
      ),
    ])
  func pluralRuleFromTheCatalogue(locale: String, progress: [String]) throws {
    let terminal = try PseudoTerminal()
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let session = try PinentryEndToEndTests.runPinentryScript(
      [
        "OPTION ttyname=\(terminal.slavePath)", "OPTION ttytype=dumb", "OPTION lc-messages=\(locale)",
        "SETDESC Clef", "SETPROMPT Phrase:", "GETPIN", "BYE",
      ], in: directory, environment: ["PASSCODE_LOCALEDIR": try CompiledMessageCatalogues.directory()])
    _ = try terminal.readUntil("Clef", timeout: .seconds(20))
    for (key, words) in zip(["a", "b", "\u{7f}", "\u{7f}"], progress) {
      try terminal.write(key)
      _ = try terminal.readUntil(words + "\r", timeout: .seconds(20))
    }
    try terminal.write("\u{1b}")
    #expect(session.waitForExit(timeout: .seconds(20)) != nil)
  }

  @Test("speech is sent in French with SET SELF LANGUAGE fr before the first words")
  func frenchSpeech() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--speech", "on"], environment: try Self.french(["SPEECHD_ADDRESS": daemon.address]))
    let opening = "Saisissez le code, 4 chiffres. Le code est deux cinq huit zéro"
    try session.waitFor("Saisissez le code, 4 chiffres")
    _ = daemon.waitForLastRequest(text: opening)
    try session.type("1")
    _ = daemon.waitForLastRequest(text: "1 sur 4 chiffres saisis")
    try session.type("\u{7f}")
    _ = daemon.waitForLastRequest(text: "Effacé, 0 sur 4 chiffres saisis")
    try session.type("\u{12}")
    _ = daemon.waitForLastRequest(text: "0 sur 4 chiffres saisis, 6 essais restants")
    try session.type("2580")
    try session.waitFor("Déverrouillé")
    _ = daemon.waitForLastRequest(
      text: "Déverrouillé. Appuyez sur L pour verrouiller de nouveau ou sur Q pour quitter.")
    try session.type("q")
    #expect(try session.finish() == .exited(0))

    let commands = daemon.protocolCommands()
    let language = commands.firstIndex(of: "SET SELF LANGUAGE fr")
    let firstSpeak = commands.firstIndex { $0.uppercased() == "SPEAK" }
    #expect(language != nil, "commands: \(commands)")
    #expect((language ?? .max) < (firstSpeak ?? .min), "the language is set before anything is said")
    let requests = daemon.protocolRequests().map(\.text)
    #expect(requests.first == opening, "requests: \(requests)")
    #expect(requests.contains("Code accepté"), "requests: \(requests)")
    let spoken = daemon.waitForSpoken(count: 1)
    #expect(spoken.contains { $0.hasPrefix("Saisissez le code") }, "spoken: \(spoken)")
    Transcript.expectNoTypedDigits(spoken.joined(separator: "\n"))
  }

  @Test(
    "plurals follow the count by the catalogue's own rule: 1 of 1 digit entered, 1 of 2 digits entered",
    arguments: DemoTranslation.all, [1, 2])
  func pluralBoundary(words: DemoTranslation, length: Int) throws {
    let environment = try words.environment(["TERM": "dumb"])
    let session = try DemoSession(["demo", "--length", "\(length)"], environment: environment)
    try session.waitFor(words["prompt of \(length)"] + "\r")
    try session.type("2")
    try session.waitFor(words["progress of \(length)"] + "\r")
    if length == 1 {
      try session.waitFor(words["accepted"])
    } else {
      try session.type("5")
      try session.waitFor(words.progress(2, of: 2) + "\r")
    }
    try session.waitFor(words["unlocked"])
    try session.type("q")
    #expect(try session.finish() == .exited(0))
  }

  @Test(
    "the language is chosen as gettext does; a language with no catalogue, or LC_ALL=C, shows English",
    arguments: [
      (["LANGUAGE": "xx"], "Enter Passcode, 4 digits"),
      (["LANGUAGE": "it_IT.UTF-8"], "Enter Passcode, 4 digits"),
      (["LANGUAGE": "fr_FR.UTF-8"], "Saisissez le code, 4 chiffres"),
      (["LANG": "fr_CA.UTF-8"], "Saisissez le code, 4 chiffres"),
      (["LANGUAGE": "es", "LC_ALL": "C"], "Enter Passcode, 4 digits"),
      (["LANGUAGE": "xx:es"], "Introduce el código, 4 dígitos"),
      // Not generated on the test machines: the catalogue still applies, without the locale.
      (["LANG": "es_ES.UTF-8"], "Introduce el código, 4 dígitos"),
      (["LC_MESSAGES": "es_MX.UTF-8", "LANG": "en_US.UTF-8"], "Introduce el código, 4 dígitos"),
    ])
  func languageChoice(variables: [String: String], prompt: String) throws {
    var environment = ["PASSCODE_LOCALEDIR": try CompiledMessageCatalogues.directory(), "TERM": "dumb"]
    environment.merge(variables) { _, new in new }
    let session = try DemoSession(["demo"], environment: environment)
    try session.waitFor(prompt + "\r")
    #expect(try session.unlockAndQuitInAnyLanguage() == .exited(0))
  }

  @Test("a status-line translation with a bidi override or mark falls back to English; the title's is used")
  func hostileStatusTranslation() throws {
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try LocalisedTextEndToEndTests.compile(
      """
      msgid ""
      msgstr "Content-Type: text/plain; charset=UTF-8\\nLanguage: xx\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n"

      msgid "Enter Passcode"
      msgstr "XX-Title"

      msgid "{entered} of {length} digit entered"
      msgid_plural "{entered} of {length} digits entered"
      msgstr[0] "{entered} of {length}\u{202E} XX\u{200F}"
      msgstr[1] "{entered} of {length}\u{202E} XX\u{200F}"
      """, into: directory + "/xx/LC_MESSAGES")
    let session = try DemoSession(
      ["demo"], environment: ["LANGUAGE": "xx", "PASSCODE_LOCALEDIR": directory, "TERM": "xterm-256color"])
    try session.waitFor("XX-Title, 4 digits")
    try session.type("1")
    try session.waitFor("1 of 4")
    try session.type("\u{7f}")
    try session.waitFor("0 of 4")
    #expect(try session.unlockAndQuitInAnyLanguage() == .exited(0))
    #expect(session.text.contains("1 of 4 digits entered"), "\(session.text.debugDescription)")
    #expect(!session.text.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200F}" })
  }

  @Test(
    "speech is sent in the translation with SET SELF LANGUAGE from its Language: header before the first words",
    arguments: DemoTranslation.all)
  func translatedSpeech(words: DemoTranslation) throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--speech", "on"], environment: try words.environment(["SPEECHD_ADDRESS": daemon.address]))
    let opening = words["prompt"] + ". " + words["code hint"]
    try session.waitFor(words["prompt"])
    _ = daemon.waitForLastRequest(text: opening)
    try session.type("1")
    _ = daemon.waitForLastRequest(text: words.progress(1))
    try session.type("\u{7f}")
    _ = daemon.waitForLastRequest(text: words["deleted"])
    try session.type("\u{12}")
    _ = daemon.waitForLastRequest(text: words["status"])
    for (index, digit) in "258".enumerated() {
      try session.type(String(digit))
      _ = daemon.waitForLastRequest(text: words.progress(index + 1))
    }
    try session.type("0")
    try session.waitFor(words["unlocked"])
    _ = daemon.waitForLastRequest(text: words["unlocked"])
    try session.type("q")
    #expect(try session.finish() == .exited(0))

    let commands = daemon.protocolCommands()
    let language = commands.firstIndex(of: "SET SELF LANGUAGE \(words.language)")
    let firstSpeak = commands.firstIndex { $0.uppercased() == "SPEAK" }
    #expect(language != nil, "commands: \(commands)")
    #expect((language ?? .max) < (firstSpeak ?? .min), "the language is set before anything is said")
    #expect(
      daemon.protocolRequests().map(\.text) == [
        opening, words.progress(1), words["deleted"], words["status"], words.progress(1), words.progress(2),
        words.progress(3), words.progress(4), words["accepted"], words["unlocked"],
      ])
    let spoken = daemon.waitForSpoken(count: 1)
    #expect(spoken.contains { $0.hasPrefix(words["prompt"]) }, "spoken: \(spoken)")
    Transcript.expectNoTypedDigits(spoken.joined(separator: "\n"))
  }

  /// Whether the binary under test runs from SwiftPM's build tree (`PASSCODE_BINARY` may name an installed one).
  static let binaryIsInBuildTree = URL(fileURLWithPath: PasscodeBinary.path).resolvingSymlinksInPath().path
    .contains("/.build/")

  @Test(
    "from the build tree, with no PASSCODE_LOCALEDIR, LANGUAGE=es shows and speaks Spanish (the build's catalogues)",
    .enabled(if: binaryIsInBuildTree, "the binary under test is not in the build tree"))
  func buildTreeCatalogues() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--speech", "on"], environment: ["LANGUAGE": "es", "SPEECHD_ADDRESS": daemon.address])
    let opening = "Introduce el código, 4 dígitos. El código es dos cinco ocho cero"
    try session.waitFor("Introduce el código, 4 dígitos")
    #expect(daemon.waitForLastRequest(text: opening).last?.text == opening)
    #expect(try session.unlockAndQuitInAnyLanguage() == .exited(0))
    #expect(daemon.protocolCommands().contains("SET SELF LANGUAGE es"), "commands: \(daemon.protocolCommands())")
  }

  @Test("with a language that has no catalogue, speech is English and says so: SET SELF LANGUAGE en")
  func unknownLanguageSpeech() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    var environment = try CompiledMessageCatalogues.environment(language: "xx")
    environment["SPEECHD_ADDRESS"] = daemon.address
    let session = try DemoSession(["demo", "--speech", "on"], environment: environment)
    let opening = "Enter Passcode, 4 digits. The passcode is two five eight zero"
    try session.waitFor("Enter Passcode, 4 digits")
    #expect(daemon.waitForLastRequest(text: opening).last?.text == opening)
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(daemon.protocolCommands().contains("SET SELF LANGUAGE en"))
  }

  @Test("a pinentry session with OPTION lc-messages=es_ES.UTF-8 speaks Spanish, plurals included")
  func pinentryMessagesLocale() throws {
    let terminal = try PseudoTerminal()
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let session = try PinentryEndToEndTests.runPinentryScript(
      [
        "OPTION ttyname=\(terminal.slavePath)", "OPTION ttytype=dumb", "OPTION lc-messages=es_ES.UTF-8",
        "SETDESC Desbloquear la clave", "SETPROMPT Frase:", "GETPIN", "BYE",
      ], in: directory, environment: ["PASSCODE_LOCALEDIR": try CompiledMessageCatalogues.directory()])
    _ = try terminal.readUntil("Desbloquear la clave", timeout: .seconds(20))
    try terminal.write("a")
    _ = try terminal.readUntil("1 carácter introducido", timeout: .seconds(20))
    try terminal.write("b")
    _ = try terminal.readUntil("2 caracteres introducidos", timeout: .seconds(20))
    try terminal.write("\r")
    #expect(session.waitForExit(timeout: .seconds(20)) != nil)
    let replies = try String(contentsOfFile: directory + "/replies", encoding: .utf8)
    #expect(replies.split(whereSeparator: \.isNewline).contains("D ab"), "replies: \(replies)")
  }

  @Test("a pinentry CONFIRM with OPTION lc-messages=es_ES.UTF-8 shows and speaks its keys line in Spanish")
  func pinentryConfirmationKeysInSpanish() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let terminal = try PseudoTerminal()
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let session = try PinentryEndToEndTests.runPinentryScript(
      [
        "OPTION ttyname=\(terminal.slavePath)", "OPTION ttytype=dumb", "OPTION lc-messages=es_ES.UTF-8",
        "SETDESC ¿Usar la clave?", "CONFIRM", "BYE",
      ], in: directory,
      environment: [
        "PASSCODE_LOCALEDIR": try CompiledMessageCatalogues.directory(), "PASSCODE_SPEECH": "on",
        "SPEECHD_ADDRESS": daemon.address,
      ])
    _ = try terminal.readUntil("Intro: Aceptar. Esc: Cancelar.", timeout: .seconds(20))
    _ = daemon.waitForLastRequest(text: "Intro: Aceptar. Esc: Cancelar.")
    try terminal.write("x")
    // Another key shows the keys again, still in Spanish.
    _ = try terminal.readUntil("Intro: Aceptar. Esc: Cancelar.", timeout: .seconds(20))
    try terminal.write("\r")
    #expect(session.waitForExit(timeout: .seconds(20)) != nil)
    let replies = try String(contentsOfFile: directory + "/replies", encoding: .utf8)
    #expect(!replies.contains("Enter: OK"), "replies: \(replies)")
    #expect(daemon.protocolCommands().contains("SET SELF LANGUAGE es"))
  }
}

extension DemoSession {
  /// Types the demo's code, waits for the end of entry in any language (each names the Q key), quits, and
  /// returns the status.
  fileprivate func unlockAndQuitInAnyLanguage() throws -> PasscodeTestSupport.ExitStatus {
    try type("2580")
    try waitFor("Q")
    try type("q")
    return try finish()
  }
}

/// The texts outside the prompt in Spanish and German: `--help`, `status`, doctor.
@Suite("passcode's help and reports in the user's language")
struct LocalisedTextEndToEndTests {
  private func run(_ arguments: [String], language: String, environment more: [String: String] = [:]) throws -> (
    status: Int32?, output: String
  ) {
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var environment = try CompiledMessageCatalogues.environment(language: language)
    environment["HOME"] = directory
    environment.merge(more) { _, given in given }
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    let process = try SpawnedProcess(
      executable: "sh", arguments: ["-c", "exec '\(PasscodeBinary.path)' \(quoted) 2>&1"], environment: environment,
      outputPath: directory + "/output")
    let status = process.waitForExit(timeout: .seconds(20))
    let output = (try? String(contentsOfFile: directory + "/output", encoding: .utf8)) ?? ""
    return (status.map { ($0 >> 8) & 0xff }, output)
  }

  @Test("--help is in Spanish with LANGUAGE=es, within 80 columns; an unknown language gets the English help")
  func spanishHelp() throws {
    let spanish = try run(["--help"], language: "es")
    #expect(spanish.status == 0)
    for heading in ["RESUMEN: ", "USO: passcode", "SUBCOMANDOS:", "OPCIONES:", "TECLAS:", "ESTADO DE SALIDA:"] {
      #expect(spanish.output.contains(heading), "no \(heading) in \(spanish.output)")
    }
    #expect(spanish.output.contains("Elige un código y escríbelo dos veces."))
    // The placeholders are words too: the usage line's, and each option's value.
    #expect(spanish.output.contains("USO: passcode <subcomando> [<opciones>]"), "\(spanish.output)")
    #expect(spanish.output.contains("--title <texto>"), "\(spanish.output)")
    #expect(spanish.output.contains("lockout = <segundos>,..."), "\(spanish.output)")
    for placeholder in ["<subcommand>", "<options>", "<text>", "<seconds>"] {
      #expect(!spanish.output.contains(placeholder), "\(placeholder) is English in \(spanish.output)")
    }
    let exec = try run(["help", "exec"], language: "es")
    #expect(exec.output.contains("<orden>") && exec.output.contains("[<argumento> ...]"), "\(exec.output)")
    let wide = spanish.output.split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "lines wider than 80 columns: \(wide)")
    let english = try run(["--help"], language: "xx")
    #expect(english.output.hasPrefix("OVERVIEW: Accessible passcode and PIN entry"))
  }

  @Test(
    "a subcommand's help points to help environment and help config in the user's language, within 80 columns",
    arguments: [
      ("es", "Consulta 'passcode help environment' para las variables de entorno"),
      ("fr", "Voyez 'passcode help environment' pour les variables d'environnement"),
      ("de", "Die Umgebungsvariablen zeigt 'passcode help environment'"),
    ])
  func translatedHelpPointers(language: String, pointer: String) throws {
    let lock = try run(["help", "lock"], language: language)
    #expect(lock.status == 0)
    let joined = lock.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    #expect(joined.contains(pointer), "\(lock.output)")
    let environment = try run(["help", "environment"], language: language)
    let config = try run(["help", "config"], language: language)
    #expect(environment.status == 0 && config.status == 0)
    #expect(environment.output.contains("PASSCODE_SPEECH") && config.output.contains("lockout = "))
    let wide = (lock.output + environment.output + config.output).split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "lines wider than 80 columns: \(wide)")
  }

  @Test("--help and a usage error are in French with LANGUAGE=fr, within 80 columns, the placeholders too")
  func frenchHelp() throws {
    let french = try run(["--help"], language: "fr")
    #expect(french.status == 0)
    for heading in ["PRÉSENTATION : ", "UTILISATION : passcode", "SOUS-COMMANDES :", "OPTIONS :", "TOUCHES :"] {
      #expect(french.output.contains(heading), "no \(heading) in \(french.output)")
    }
    #expect(french.output.contains("CODE DE SORTIE :"), "\(french.output)")
    #expect(french.output.contains("UTILISATION : passcode <sous-commande> [<options>]"), "\(french.output)")
    #expect(french.output.contains("lockout = <secondes>,..."), "\(french.output)")
    for placeholder in ["<subcommand>", "<text>", "<seconds>"] {
      #expect(!french.output.contains(placeholder), "\(placeholder) is English in \(french.output)")
    }
    let exec = try run(["help", "exec"], language: "fr")
    #expect(exec.output.contains("<commande>") && exec.output.contains("[<argument> ...]"), "\(exec.output)")
    let wide = (french.output + exec.output).split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "lines wider than 80 columns: \(wide)")
    let usage = try run(["check", "--bogus"], language: "fr")
    #expect(usage.status == 64)
    let lines = usage.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "Erreur : Option inconnue '--bogus'", "\(usage.output)")
    #expect(lines.last == "  Voyez 'passcode check --help' pour en savoir plus.", "\(usage.output)")
  }

  @Test("status, doctor and a store error are in French with LANGUAGE=fr")
  func frenchReports() throws {
    let store = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: store) }
    let status = try run(["status", "--store", store], language: "fr")
    #expect(status.status == 66)
    #expect(status.output.hasPrefix("Code : non défini\nÉchecs : 0\nBlocage : non\nStockage : "), "\(status.output)")
    let check = try run(["check", "--store", store], language: "fr")
    #expect(
      check.output == "passcode: Aucun code n'est défini. Définissez-en un avec 'passcode set'.\n", "\(check.output)")
    let doctor = try run(["doctor", "--store", store, "--speech", "off"], language: "fr")
    let lines = doctor.output.split(separator: "\n").map(String.init)
    #expect(lines.contains("  Étape suivante : Choisissez-en un avec 'passcode set'."), "\(doctor.output)")
    #expect(
      doctor.output.contains("\nVoix : afficher le texte seulement, car la voix est désactivée (--speech off).\n"),
      "\(doctor.output)")
    #expect(!doctor.output.contains("{"), "a placeholder was left: \(doctor.output)")
    try "speech = loud\n".write(toFile: store + "/config", atomically: false, encoding: .utf8)
    let refused = try run(["status", "--store", store], language: "fr")
    #expect(
      refused.output.contains(store + #"/config, ligne 1 : speech doit être auto, on ou off, et non "loud"."# + "\n"),
      "\(refused.output)")
  }

  @Test("--help, a usage error and doctor are in German with LANGUAGE=de, within 80 columns, reasons after denn")
  func germanHelpAndDoctor() throws {
    let help = try run(["--help"], language: "de")
    #expect(help.status == 0)
    for heading in ["ÜBERSICHT: ", "AUFRUF: passcode <Unterbefehl> [<Optionen>]", "UNTERBEFEHLE:", "TASTEN:"] {
      #expect(help.output.contains(heading), "no \(heading) in \(help.output)")
    }
    #expect(help.output.contains("--title <Text>"), "\(help.output)")
    let wide = help.output.split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "lines wider than 80 columns: \(wide)")
    let usage = try run(["check", "--bogus"], language: "de")
    #expect(usage.status == 64)
    #expect(usage.output.hasPrefix("Fehler: Unbekannte Option '--bogus'"), "\(usage.output)")
    let store = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: store) }
    let doctor = try run(["doctor", "--store", store, "--speech", "off"], language: "de")
    let lines = doctor.output.split(separator: "\n").map(String.init)
    #expect(lines.contains("  Nächster Schritt: Legen Sie einen mit 'passcode set' fest."), "\(doctor.output)")
    #expect(
      lines.contains("Sprachausgabe: nur den Text zeigen, denn die Sprachausgabe ist aus (--speech off)."),
      "\(doctor.output)")
    #expect(lines.last?.hasPrefix("Ergebnis: 1 Problem verhindert") == true, "\(doctor.output)")
    #expect(!doctor.output.contains("{"), "a placeholder was left: \(doctor.output)")
  }

  @Test("a catalogue is outside text: a translation with an escape sequence falls back to English, others are used")
  func hostileCatalogue() throws {
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let messages = directory + "/xx/LC_MESSAGES"
    let catalogue = """
      msgid ""
      msgstr "Content-Type: text/plain; charset=UTF-8\\nLanguage: xx\\x1b]0;title\\a\\n"

      msgid "USAGE: "
      msgstr "\\x1b]0;pwned\\aUSO: "

      msgid "SUBCOMMANDS:"
      msgstr "XX-SUBCOMMANDS:"

      msgid "OPTIONS:"
      msgstr "\u{202E}XX-OPTIONS:\u{200F}"
      """
    try Self.compile(catalogue, into: messages)
    let environment = ["LANGUAGE": "xx", "PASSCODE_LOCALEDIR": directory, "HOME": directory]
    let process = try SpawnedProcess(
      executable: "sh", arguments: ["-c", "exec '\(PasscodeBinary.path)' --help 2>&1"], environment: environment,
      outputPath: directory + "/output")
    #expect(process.waitForExit(timeout: .seconds(20)) == 0)
    let output = (try? String(contentsOfFile: directory + "/output", encoding: .utf8)) ?? ""
    #expect(output.contains("\nUSAGE: passcode"), "the unsafe translation falls back to English")
    #expect(output.contains("XX-SUBCOMMANDS:"), "the catalogue's safe translation is used")
    #expect(output.contains("\nOPTIONS: "), "a translation with a bidi override or mark falls back to English")
    #expect(!output.contains("\u{1b}") && !output.contains("pwned"))
    #expect(!output.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200F}" })
  }

  /// Compiles the text of a `.po` file with the real `msgfmt` to `DIRECTORY/passcode.mo`, making the directory.
  static func compile(_ catalogue: String, into directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try catalogue.write(toFile: directory + "/passcode.po", atomically: true, encoding: .utf8)
    let compiled = try SpawnedProcess(
      executable: "msgfmt", arguments: ["-o", directory + "/passcode.mo", directory + "/passcode.po"], environment: [:]
    ).waitForExit(timeout: .seconds(20))
    #expect(compiled == 0)
  }

  /// A relative name that reaches an absolute directory from any catalogue directory: enough `../` to reach
  /// `/`, then the directory.
  static func climb(to directory: String) -> String {
    String(repeating: "../", count: 32) + directory.drop { $0 == "/" }
  }

  /// A catalogue that marks every text it translates with EVIL, to see whether it was loaded.
  static let evilCatalogue = """
    msgid ""
    msgstr "Content-Type: text/plain; charset=UTF-8\\nLanguage: xx\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n"

    msgid "USAGE: "
    msgstr "EVIL-USAGE: "

    msgid "{entered} character entered"
    msgid_plural "{entered} characters entered"
    msgstr[0] "EVIL {entered} character entered"
    msgstr[1] "EVIL {entered} characters entered"
    """

  @Test(
    "a language with a slash or a leading dot is ignored, as in setuid gettext programs: no catalogue from a path",
    arguments: [
      ("LANGUAGE", "", "\nUSAGE: passcode"), ("LANG", "", "\nUSAGE: passcode"),
      ("LC_MESSAGES", "", "\nUSAGE: passcode"), ("LANGUAGE", ":es", "\nUSO: passcode"),
      ("LANGUAGE", "absolute", "\nUSAGE: passcode"), ("LANGUAGE", "dot", "\nUSAGE: passcode"),
    ])
  func languageNamingAPath(variable: String, variant: String, expected: String) throws {
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.compile(Self.evilCatalogue, into: directory + "/evil/LC_MESSAGES")
    let climb = Self.climb(to: directory + "/evil")
    var environment = ["HOME": directory]
    switch variant {
    case ":es":
      environment = try CompiledMessageCatalogues.environment(language: climb + ":es")
      environment["HOME"] = directory
    case "absolute": environment[variable] = directory + "/evil"
    case "dot": environment[variable] = "./" + climb
    default: environment[variable] = climb
    }
    let process = try SpawnedProcess(
      executable: "sh", arguments: ["-c", "exec '\(PasscodeBinary.path)' --help 2>&1"], environment: environment,
      outputPath: directory + "/output")
    #expect(process.waitForExit(timeout: .seconds(20)) == 0)
    let output = (try? String(contentsOfFile: directory + "/output", encoding: .utf8)) ?? ""
    #expect(!output.contains("EVIL"), "the catalogue at the path was loaded: \(output.prefix(300))")
    #expect(output.contains(expected), "\(output.prefix(300))")
  }

  @Test("a pinentry's OPTION lc-messages naming a path is ignored: the dialog stays English")
  func pinentryMessagesLocaleNamingAPath() throws {
    let terminal = try PseudoTerminal()
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.compile(Self.evilCatalogue, into: directory + "/evil/LC_MESSAGES")
    let climb = Self.climb(to: directory + "/evil")
    let session = try PinentryEndToEndTests.runPinentryScript(
      [
        "OPTION ttyname=\(terminal.slavePath)", "OPTION ttytype=dumb", "OPTION lc-messages=\(climb)",
        "SETDESC Unlock the key", "SETPROMPT Passphrase:", "GETPIN", "BYE",
      ], in: directory)
    defer { session.signal(SIGKILL) }
    var received = try terminal.readUntil("Unlock the key", timeout: .seconds(20))
    try terminal.write("a")
    received += try terminal.readUntil("1 character entered", timeout: .seconds(20))
    try terminal.write("\r")
    #expect(session.waitForExit(timeout: .seconds(20)) != nil)
    #expect(!String(decoding: received, as: UTF8.self).contains("EVIL"))
  }

  @Test("status and check with no passcode set report in Spanish, the error's fix included")
  func spanishStatus() throws {
    let store = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: store) }
    let status = try run(["status", "--store", store], language: "es")
    #expect(status.status == 66)
    #expect(status.output.hasPrefix("Código: no establecido\nFallos: 0\nBloqueado: no\nAlmacén: "), "\(status.output)")
    let check = try run(["check", "--store", store], language: "es")
    #expect(check.status == 66)
    #expect(
      check.output == "passcode: No hay ningún código establecido. Establece uno con 'passcode set'.\n",
      "\(check.output)")
  }

  @Test("a usage error is in Spanish: the error, the usage line and where to read more")
  func spanishUsageError() throws {
    let result = try run(["check", "--bogus"], language: "es")
    #expect(result.status == 64)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "Error: Opción desconocida '--bogus'", "\(result.output)")
    #expect(lines.dropFirst().first?.hasPrefix("Uso: passcode check ") == true, "\(result.output)")
    #expect(lines.last == "  Consulta 'passcode check --help' para más información.", "\(result.output)")
  }

  @Test("a refused value says in Spanish what is expected: the choices, or the kind of number")
  func spanishExpectedValue() throws {
    let allowed = try run(["demo", "--allowed", "bogus"], language: "es")
    #expect(allowed.status == 64)
    let allowedLine = allowed.output.split(separator: "\n").first.map(String.init) ?? ""
    #expect(allowedLine.hasSuffix(" Indica uno de estos: 'digits' o 'alphanumeric'."), "\(allowed.output)")
    let timeout = try run(["check", "--timeout", "x"], language: "es")
    let timeoutLine = timeout.output.split(separator: "\n").first.map(String.init) ?? ""
    #expect(timeoutLine.hasSuffix(" Indica un número entero de segundos, 1 o más."), "\(timeout.output)")
    let english = try run(["check", "--timeout", "x"], language: "xx")
    #expect(
      english.output.hasPrefix(
        "Error: The value 'x' is invalid for '--timeout <seconds>'. "
          + "Please provide a whole number of seconds, 1 or more.\n"),
      "\(english.output)")
  }

  @Test("doctor's result line is a plural in Spanish: 1 problema impide")
  func spanishDoctorResult() throws {
    let store = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: store) }
    let doctor = try run(["doctor", "--store", store], language: "es")
    let result = doctor.output.split(separator: "\n").last.map(String.init) ?? ""
    #expect(result.hasPrefix("Resultado: "), "\(doctor.output)")
    #expect(!result.contains("{"), "a placeholder was left: \(result)")
  }

  @Test("a store directory others can open is reported in Spanish: what they could do and the chmod that fixes it")
  func spanishPermissionsError() throws {
    let store = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: store) }
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: store)
    let spanish = try run(["status", "--store", store], language: "es")
    #expect(
      spanish.output.contains(
        "\(store) tiene permisos 0755, así que otros usuarios podrían listarlo o abrir sus archivos por su nombre. "
          + "Arréglalo con: chmod 700 \(store)"), "\(spanish.output)")
    let english = try run(["status", "--store", store], language: "xx")
    #expect(
      english.output.contains(
        "\(store) has permissions 0755, so other users could list it or open the files in it by name. "
          + "Fix it with: chmod 700 \(store)"), "\(english.output)")
  }

  @Test("a damaged hash's recovery hint is in Spanish, the rm that removes it included")
  func spanishRecoveryHint() throws {
    let store = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: store) }
    let hash = store + "/passcode.hash"
    try "not a hash\n".write(toFile: hash, atomically: false, encoding: .utf8)
    #expect(chmod(hash, 0o600) == 0)
    let spanish = try run(["status", "--store", store], language: "es")
    #expect(spanish.status == 74)
    #expect(
      spanish.output.contains("\nPara recuperarte, elimínalo (rm \(hash)) y elige un código nuevo con 'passcode set'."),
      "\(spanish.output)")
    let english = try run(["status", "--store", store], language: "xx")
    #expect(english.output.contains("\nTo recover, remove it (rm \(hash)) and choose"), "\(english.output)")
  }

  @Test("a config file others could change is reported in Spanish by status, which goes on")
  func spanishConfigRefusal() throws {
    let store = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: store) }
    let config = store + "/config"
    try "grace = 60\n".write(toFile: config, atomically: false, encoding: .utf8)
    #expect(chmod(config, 0o666) == 0)
    let spanish = try run(["status", "--store", store], language: "es")
    #expect(spanish.status == 66)
    #expect(
      spanish.output.contains(
        "\(config) tiene permisos 0666, así que otros usuarios podrían cambiarlo; no se usan sus claves lockout, "
          + "length y grace, solo profile, speech, reduce-motion, sound, progress, mask y la voz.\nArréglalo con: chmod go-w "
          + "\(config)\n"),
      "\(spanish.output)")
  }

  @Test("doctor's speech-dispatcher and braille lines are Spanish under LANG=es_ES.UTF-8, libspeechd's reason in UTF-8")
  func spanishSpeechDispatcherLine() throws {
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // A socket nobody listens on any more: connecting is refused (ECONNREFUSED), in the C library's words.
    let socketPath = directory + "/speechd.sock"
    let listener = try UnixListeningSocket(path: socketPath)
    UnixListeningSocket.shutdown(listener.descriptor)
    close(listener.descriptor)
    let environment = ["LANG": "es_ES.UTF-8", "SPEECHD_ADDRESS": "unix_socket:" + socketPath]
    let doctor = try run(["doctor", "--store", directory, "--speech", "on"], language: "", environment: environment)
    let lines = doctor.output.split(separator: "\n").map(String.init)
    #expect(
      lines.contains {
        $0.hasPrefix("speech-dispatcher: no responde en unix_socket:\(socketPath). libspeechd dice: ")
          && $0.contains("Conexión rehusada")
      }, "\(doctor.output)")
    // libspeechd's own sentence, said again in Spanish around the parts it filled in.
    #expect(
      doctor.output.contains(
        "libspeechd dice: Error: no se puede conectar al socket unix \(socketPath): Conexión rehusada. "
          + "Arranque automático: desactivado.\n"), "\(doctor.output)")
    #expect(!doctor.output.contains("?n rehusada"), "decoded in the wrong character set: \(doctor.output)")
    #expect(
      lines.contains { $0 == "Braille: brltty no está en marcha." || $0.hasPrefix("Braille: brltty en marcha") },
      "\(doctor.output)")
  }

  @Test("doctor's findings, next steps and reasons are in Spanish with LANGUAGE=es, in English for an unknown language")
  func spanishDoctorFindings() throws {
    let store = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: store) }
    let spanish = try run(["doctor", "--store", store], language: "es")
    let lines = spanish.output.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("Código: no establecido (no existe ") }, "\(spanish.output)")
    #expect(lines.contains("  Paso siguiente: Elige uno con 'passcode set'."), "\(spanish.output)")
    #expect(lines.contains { $0.hasPrefix("Preferencias: ") }, "\(spanish.output)")
    #expect(!spanish.output.contains("{"), "a placeholder was left: \(spanish.output)")
    let speechOff = try run(["doctor", "--store", store, "--speech", "off"], language: "es")
    #expect(
      speechOff.output.contains("\nVoz: mostrar solo el texto, porque la voz está desactivada (--speech off).\n"),
      "\(speechOff.output)")
    let english = try run(["doctor", "--store", store], language: "xx")
    #expect(english.output.contains("\nPasscode: not set (no "), "\(english.output)")
    #expect(english.output.contains("\n  Next: Choose one with 'passcode set'.\n"), "\(english.output)")
  }

  @Test("a refused config line says why in Spanish: the values a setting takes, an unknown setting")
  func spanishConfigLineReason() throws {
    let store = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: store) }
    let config = store + "/config"
    for (line, reason) in [
      ("speech = loud", #"speech debe ser auto, on o off, no "loud""#),
      ("colour = blue", "ajuste desconocido 'colour'"),
      ("length = 99", #"length debe ser un número entero de 1 a 12, no "99""#),
      ("just words", "se esperaba 'clave = valor'"),
    ] {
      try (line + "\n").write(toFile: config, atomically: false, encoding: .utf8)
      let result = try run(["status", "--store", store], language: "es")
      #expect(result.output.contains("\(config), línea 1: \(reason).\n"), "\(line): \(result.output)")
    }
  }

  @Test("a terminal that cannot be opened is reported in Spanish, the C library's reason included")
  func spanishTerminalError() throws {
    let result = try run(["demo", "--tty", "/nonexistent/tty"], language: "es")
    #expect(result.status == 69)
    #expect(
      result.output.hasPrefix(
        "passcode: No hay terminal en el que preguntar: No se puede abrir el terminal /nonexistent/tty: "),
      "\(result.output)")
    #expect(!result.output.contains("Cannot"), "\(result.output)")
  }

  @Test(
    "the agent's --list says in Spanish why a question file cannot be answered",
    .enabled(if: geteuid() == 0, "needs root: the agent reads only the system's question directory"))
  func spanishAgentError() throws {
    let directory = "/run/systemd/ask-password"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let name = "ask.passcode-e2e-\(UUID().uuidString.prefix(8))"
    defer { unlink(directory + "/" + name) }
    // A question with no Socket=: nobody could be answered.
    try "[Ask]\nMessage=Sin socket\n".write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
    let result = try run(["agent", "--list"], language: "es")
    #expect(result.output.contains("\(name): no se puede responder: falta Socket=\n"), "\(result.output)")
  }
}
