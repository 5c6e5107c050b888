import PasscodeEngine
import PasscodeTestSupport
import SystemCalls
import Testing

@testable import PasscodeTerminal

/// The lock keys through the real loop, decoder, screen and engine on a scripted terminal: Caps Lock read
/// when the prompt starts and as keys arrive, the keypad's Num Lock told once on a digit prompt.
@Suite("Lock keys in prompt timelines")
struct LockKeysTimelineTests {
  private static let onConsole = KeyboardLocks(capsLock: false, numLock: true)

  private func letters() throws -> EntryConfiguration {
    try EntryConfiguration(length: .fixed(3), allowed: .lettersAndDigits)
  }

  @Test("a letter prompt that starts with Caps Lock on says so after its prompt, then counts")
  func startsWithCapsLockOn() throws {
    let timeline = PromptTimeline()
    timeline.locks = KeyboardLocks(capsLock: true, numLock: true)
    _ = try timeline.ask(letters(), "A ⎋")
    let lines = timeline.lines
    let said = try #require(lines.firstIndex(of: "Caps Lock is on"), "\(lines)")
    #expect(said == 1, "right after the prompt: \(lines)")
    #expect(lines.filter { $0 == "Caps Lock is on" }.count == 1)
    #expect(timeline.announcer.announcements.contains(.capsLockOn))
  }

  @Test("each change of Caps Lock is told with the next key, before its count")
  func changesAreTold() throws {
    let timeline = PromptTimeline()
    timeline.locks = Self.onConsole
    _ = try timeline.ask(letters(), "a ⇪on B ⇪off c")
    let lines = timeline.lines
    let on = try #require(lines.firstIndex(of: "Caps Lock is on"), "\(lines)")
    let off = try #require(lines.firstIndex(of: "Caps Lock is off"), "\(lines)")
    #expect(lines[on + 1].hasPrefix("2 of 3"), "\(lines)")
    #expect(lines[off + 1].hasPrefix("3 of 3"), "\(lines)")
  }

  @Test("where the state cannot be read, nothing is said about Caps Lock and nothing is guessed")
  func notAConsole() throws {
    let timeline = PromptTimeline()
    _ = try timeline.ask(letters(), "A B ⎋")
    #expect(!timeline.text.contains("Caps Lock"))
    #expect(timeline.lockReadings >= 3, "it asked, at the start and with each key")
  }

  @Test("a digit prompt says nothing of Caps Lock")
  func digitsIgnoreCapsLock() throws {
    let timeline = PromptTimeline()
    timeline.locks = KeyboardLocks(capsLock: true, numLock: true)
    _ = try timeline.ask(EntryConfiguration(length: .fixed(4)), "1 ⎋")
    #expect(!timeline.text.contains("Caps Lock"))
  }

  @Test("the state is read only at the start and when keys arrive: an idle prompt is never woken for it")
  func noWakeUps() throws {
    let timeline = PromptTimeline()
    timeline.locks = Self.onConsole
    _ = try timeline.ask(letters(), "a +5m b ⎋")
    #expect(timeline.lockReadings == 4, "the start, a, b and Esc")
  }

  @Test("a keypad's arrow on a digit prompt says Num Lock is off once; later ones are keys not allowed")
  func numLockOff() throws {
    let timeline = PromptTimeline()
    _ = try timeline.ask(EntryConfiguration(length: .fixed(4)), "\u{1b}[D \u{1b}OH \u{1b}[G 5 ⎋")
    let lines = timeline.lines
    #expect(lines.filter { $0 == "Num Lock is off: the keypad sends arrows" }.count == 1, "\(lines)")
    #expect(lines.dropFirst(2).prefix(2) == ["Digits only", "Digits only"], "\(lines)")
    #expect(lines.contains("1 of 4 digits entered"))
  }

  @Test("a letter prompt takes a keypad arrow as a key not allowed, with no Num Lock hint")
  func numLockOnLetters() throws {
    let timeline = PromptTimeline()
    _ = try timeline.ask(letters(), "\u{1b}[A ⎋")
    #expect(!timeline.text.contains("Num Lock"))
  }

  @Test("each profile shows and speaks the lock keys' words", arguments: [OutputProfile.plain, .screenReader, .visual])
  func everyProfile(_ profile: OutputProfile) throws {
    let timeline = PromptTimeline(profile: profile)
    timeline.locks = KeyboardLocks(capsLock: true, numLock: true)
    _ = try timeline.ask(letters(), "a ⇪off b ⎋")
    #expect(timeline.text.contains("Caps Lock is on"))
    #expect(timeline.text.contains("Caps Lock is off"))
    #expect(timeline.announcer.announcements.contains(.capsLockOff))
    let digits = PromptTimeline(profile: profile)
    _ = try digits.ask(EntryConfiguration(length: .fixed(4)), "\u{1b}[B ⎋")
    #expect(digits.text.contains("Num Lock is off: the keypad sends arrows"))
  }
}
