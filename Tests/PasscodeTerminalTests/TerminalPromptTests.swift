import AnnouncementWords
import LockedSecretStorage
import PasscodeEngine
import PasscodeTestSupport
import Testing

@testable import PasscodeTerminal

/// A whole prompt on a pseudo-terminal, in this process. In the signal relay's serialized suite: a prompt takes
/// the process's one relay while it is open.
extension SignalRelayTests {
  /// The lines a prompt wrote, up to and including the one holding `last`.
  private static func lines(on terminal: PseudoTerminal, through last: String) throws -> [String] {
    String(decoding: try terminal.readUntil(last, timeout: .seconds(30)), as: UTF8.self)
      .split(whereSeparator: \.isNewline).map(String.init)
  }

  /// A prompt in the plain profile on a fresh pseudo-terminal.
  private static func plainPrompt(on terminal: PseudoTerminal) throws -> TerminalPasscodePrompt {
    try TerminalPasscodePrompt(
      settings: PromptSettings(terminalPath: terminal.slavePath, environment: ["TERM": "dumb"]))
  }

  @Test("askForSecret hands back the typed code in secret storage, after telling each step")
  func askForSecretReturnsTheCode() throws {
    let terminal = try PseudoTerminal()
    let prompt = try Self.plainPrompt(on: terminal)
    defer { prompt.close() }
    try terminal.write("2580")
    let secret = try #require(try prompt.askForSecret(try EntryConfiguration(length: .fixed(4))))
    let expected = WipedSecretBuffer(capacity: 4)
    for byte in "2580".utf8 { _ = expected.append(byte) }
    #expect(secret.constantTimeEquals(expected))
    #expect(
      try Self.lines(on: terminal, through: "Passcode accepted") == [
        "Enter Passcode, 4 digits", "1 of 4 digits entered", "2 of 4 digits entered", "3 of 4 digits entered",
        "4 of 4 digits entered", "Passcode accepted",
      ])
  }

  @Test("askForSecret gives nothing back when the person cancels")
  func askForSecretCancelled() throws {
    let terminal = try PseudoTerminal()
    let prompt = try Self.plainPrompt(on: terminal)
    defer { prompt.close() }
    try terminal.write("25\u{3}")
    #expect(try prompt.askForSecret(try EntryConfiguration(length: .fixed(4))) == nil)
    #expect(
      try Self.lines(on: terminal, through: "Cancelled") == [
        "Enter Passcode, 4 digits", "1 of 4 digits entered", "2 of 4 digits entered", "Cancelled",
      ])
  }

  @Test("a preamble is told once, after the prompt's own words, by the engine")
  func preambleIsToldOnce() throws {
    let terminal = try PseudoTerminal()
    let prompt = try Self.plainPrompt(on: terminal)
    defer { prompt.close() }
    try terminal.write("\u{3}")
    let outcome = try prompt.ask(try EntryConfiguration(length: .fixed(4)), preamble: [.askedAgain(attempt: 2)]) { _ in
      .accepted
    }
    #expect(outcome == .cancelled)
    let asked = AnnouncementCatalogue.english.text(for: .askedAgain(attempt: 2))
    #expect(try Self.lines(on: terminal, through: "Cancelled") == ["Enter Passcode, 4 digits", asked, "Cancelled"])
  }
}

extension SignalRelayTests {
  @Test("the announcer is given the words the screen shows, made once for both")
  func announcerGetsTheScreensWords() throws {
    let terminal = try PseudoTerminal()
    let announcer = RecordingAnnouncer()
    let prompt = try TerminalPasscodePrompt(
      settings: PromptSettings(terminalPath: terminal.slavePath, environment: ["TERM": "dumb"], announcer: announcer))
    defer { prompt.close() }
    try terminal.write("2\u{3}")
    #expect(try prompt.ask(try EntryConfiguration(length: .fixed(4))) { _ in .accepted } == .cancelled)
    let lines = String(decoding: try terminal.readUntil("Cancelled", timeout: .seconds(30)), as: UTF8.self)
      .split(whereSeparator: \.isNewline).map(String.init)
    #expect(lines == ["Enter Passcode, 4 digits", "1 of 4 digits entered", "Cancelled"])
    #expect(announcer.phrases.map(\.words) == lines)
    #expect(announcer.phrases.map(\.words) == announcer.announcements.map(AnnouncementCatalogue.current.text(for:)))
  }
}

extension SignalRelayTests {
  @Test("close() closes the announcer only when the settings give it to the prompt", arguments: [true, false])
  func closeStopsAnOwnedAnnouncer(owned: Bool) throws {
    let terminal = try PseudoTerminal()
    let announcer = RecordingAnnouncer()
    var settings = PromptSettings(terminalPath: terminal.slavePath, environment: ["TERM": "dumb"], announcer: announcer)
    settings.closesAnnouncer = owned
    let prompt = try TerminalPasscodePrompt(settings: settings)
    #expect(!announcer.isClosed)
    prompt.close()
    #expect(announcer.isClosed == owned)
    if !owned { announcer.close() }
  }
}
