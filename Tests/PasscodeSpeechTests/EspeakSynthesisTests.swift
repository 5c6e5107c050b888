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
    .status(entered: 4, length: 6, kind: .digits, triesLeft: nil),
    .status(entered: 4, length: 6, kind: .digits, triesLeft: 2),
  ]

  @Test("every catalogue phrase synthesises to a non-empty WAV file")
  func everyPhraseSynthesises() throws {
    let directory = try FakeTree()
    for (index, announcement) in Self.everyPhrase.enumerated() {
      let text = AnnouncementCatalogue.english.text(for: announcement)
      let wave = directory.root + "/\(index).wav"
      let output = directory.root + "/\(index).txt"
      #expect(try SpawnedProcess.run(executable: "espeak-ng", arguments: ["-w", wave, text]) == 0, "\(text)")
      #expect(try SpawnedProcess.run(executable: "soxi", arguments: ["-D", wave], outputPath: output) == 0)
      let seconds = FileManager.default.contents(atPath: output).flatMap {
        Double(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      }
      #expect((seconds ?? 0) > 0.2, "\(text) lasted \(seconds ?? 0) s")
    }
  }
}
