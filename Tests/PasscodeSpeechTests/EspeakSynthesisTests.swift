import AnnouncementWords
import Foundation
import PasscodeEngine
import PasscodeTestSupport
import Testing

@Suite("Catalogue phrases through the real espeak-ng")
struct EspeakSynthesisTests {
  /// One announcement for every phrase of the catalogue.
  static let everyPhrase: [Announcement] = [
    .prompt(title: "Enter passcode", length: 6, kind: .digits),
    .prompt(title: "Enter passphrase", length: nil, kind: .characters),
    .progress(entered: 3, length: 6, kind: .digits),
    .progress(entered: 1, length: nil, kind: .characters),
    .deleted(entered: 2, length: 6, kind: .digits),
    .cleared(length: 6, kind: .digits),
    .pasted(entered: 6, length: 6, kind: .digits, ignored: 0),
    .pasted(entered: 6, length: 6, kind: .digits, ignored: 2),
    .notAllowed(.digits),
    .notAllowed(.lettersAndDigits),
    .notAllowed(.characters),
    .notAllowedOutside(Set("0123456789ABCDEF".unicodeScalars)),
    .notAllowedOutside(Set("0123456789+*#".unicodeScalars)),
    .checking,
    .wrong(triesLeft: nil),
    .wrong(triesLeft: 1),
    .wrong(triesLeft: 3),
    .lockedOut(seconds: 3_900),
    .countdown(seconds: 30),
    .ready,
    .accepted,
    .confirmNew,
    .mismatch,
    .tooWeak,
    .cancelled,
    .timeLeft(seconds: 10),
    .timedOut,
    .timeLeftExtendable(seconds: 20),
    .timeExtended(seconds: 60),
    .timeNotExtendable,
    .status(entered: 4, length: 6, kind: .digits, triesLeft: nil),
    .status(entered: 4, length: 6, kind: .digits, triesLeft: 2),
    .diskQuestion(name: "cryptroot", device: "/dev/vda"),
    .askedAgain(attempt: 2),
    .diskUnlocked,
  ]

  @Test("every catalogue phrase synthesises to a non-empty WAV file")
  func everyPhraseSynthesises() throws {
    try expectSynthesised(Self.everyPhrase.map(AnnouncementCatalogue.english.text(for:)), voice: "en")
  }

  /// Sample values for the placeholders of each translation's templates: what the program fills them with.
  static let translatedValues: [String: [String: String]] = [
    "es": [
      "title": "Introduce el código", "length": "6", "entered": "3", "minimum": "4", "ignored": "2", "count": "2",
      "progress": "3 de 6 dígitos introducidos", "tries": "quedan 2 intentos", "duration": "1 hora y 5 minutos",
      "asker": "cryptsetup", "subject": "el disco", "code": "dos cinco ocho cero", "label": "Aceptar",
      "attempt": "2", "name": "cryptroot", "device": "/dev/vda", "text": "alice",
      "allowed": "dígitos y las letras mayúsculas de la A a la F", "second": "la letra Q", "third": "la letra x",
      "first": "A", "last": "F",
    ],
    "fr": [
      "title": "Saisissez le code", "length": "6", "entered": "3", "minimum": "4", "ignored": "2", "count": "2",
      "progress": "3 sur 6 chiffres saisis", "tries": "2 essais restants", "duration": "1 heure et 5 minutes",
      "asker": "cryptsetup", "subject": "le disque", "code": "deux cinq huit zéro", "label": "OK",
      "attempt": "2", "name": "cryptroot", "device": "/dev/vda", "text": "alice",
      "allowed": "les chiffres et les majuscules de A à F", "second": "la lettre Q", "third": "la lettre x",
      "first": "A", "last": "F",
    ],
    "de": [
      "title": "Code eingeben", "length": "6", "entered": "3", "minimum": "4", "ignored": "2", "count": "2",
      "progress": "3 von 6 Ziffern eingegeben", "tries": "noch 2 Versuche", "duration": "1 Stunde und 5 Minuten",
      "asker": "cryptsetup", "subject": "den Datenträger", "code": "zwei fünf acht null", "label": "OK",
      "attempt": "2", "name": "cryptroot", "device": "/dev/vda", "text": "alice",
      "allowed": "Ziffern und die Großbuchstaben A bis F", "second": "der Buchstabe Q", "third": "der Buchstabe x",
      "first": "A", "last": "F",
    ],
  ]

  @Test("espeak-ng reads the French words as French: its French voice gives French phonemes, its English one does not")
  func frenchIsReadAsFrench() throws {
    let french = try phonemes("Saisissez le code, 4 chiffres. Le code est deux cinq huit zéro", voice: "fr")
    let english = try phonemes("Saisissez le code, 4 chiffres. Le code est deux cinq huit zéro", voice: "en")
    // "quatre chiffres" and "zéro" as French: k'atr S'ifr, zeR'o (espeak-ng's French phoneme names).
    #expect(french.contains("k'atr") && french.contains("S'ifr"), "\(french)")
    #expect(french != english)
  }

  private func phonemes(_ text: String, voice: String) throws -> String {
    let directory = NSTemporaryDirectory() + "passcode-espeak-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(
      try SpawnedProcess.run(
        executable: "espeak-ng", arguments: ["-v", voice, "-q", "-x", text], outputPath: directory + "/phonemes") == 0)
    return FileManager.default.contents(atPath: directory + "/phonemes").map { String(decoding: $0, as: UTF8.self) }
      ?? ""
  }

  @Test(
    "every phrase of a translation, every plural form, synthesises with espeak-ng's voice for its language",
    arguments: ["es", "fr", "de"])
  func everyTranslatedPhraseSynthesises(language: String) throws {
    let file = try PortableObjectFile(path: CompiledMessageCatalogues.sourceDirectory + "/\(language).po")
    let phrases = Set(AnnouncementCatalogue.english.phrases.values)
    let values = try #require(Self.translatedValues[language])
    var texts: [String] = []
    for entry in file.entries where phrases.contains(entry.identifier) {
      for template in entry.translations {
        var text = template
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        texts.append(text)
      }
    }
    #expect(texts.count >= 60, "every phrase and plural form: \(texts.count)")
    #expect(!texts.contains { $0.contains("{") }, "a placeholder was left unfilled")
    try expectSynthesised(texts, voice: language)
  }

  private func expectSynthesised(_ texts: [String], voice: String) throws {
    let directory = NSTemporaryDirectory() + "passcode-espeak-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for (index, text) in texts.enumerated() {
      let wave = directory + "/\(index).wav"
      let output = directory + "/\(index).txt"
      #expect(
        try SpawnedProcess.run(executable: "espeak-ng", arguments: ["-v", voice, "-w", wave, text]) == 0, "\(text)")
      #expect(try SpawnedProcess.run(executable: "soxi", arguments: ["-D", wave], outputPath: output) == 0)
      let seconds = FileManager.default.contents(atPath: output).flatMap {
        Double(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      }
      #expect((seconds ?? 0) > 0.2, "\(text) lasted \(seconds ?? 0) s")
    }
  }
}
