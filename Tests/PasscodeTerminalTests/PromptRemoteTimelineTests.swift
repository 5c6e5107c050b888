import PasscodeEngine
import PasscodeTestSupport
import Synchronization
import Testing

@testable import PasscodeTerminal

/// The caller's remote (``PromptRemote``) on prompt-level timelines: clear and cancel from another thread, as the
/// person's Ctrl-U and Esc, and the progress a caller follows, as counts.
@Suite("The prompt's remote on timelines")
struct PromptRemoteTimelineTests {
  let fourDigits: EntryConfiguration

  init() throws {
    fourDigits = try EntryConfiguration(length: .fixed(4))
  }

  @Test("clear wipes what is typed and says so, like Ctrl-U; the entry goes on")
  func clearIsCtrlU() throws {
    let timeline = PromptTimeline()
    timeline.verdict = { $0 == "2580" ? .accepted : .rejected(failureCount: nil) }
    #expect(try timeline.ask(fourDigits, "1 3 clear! 2 5 8 0") == .accepted)
    #expect(timeline.verified == ["2580"], "the two digits before the clear are gone")
    #expect(timeline.lines.contains { $0.hasPrefix("Cleared") }, "\(timeline.lines)")
  }

  @Test("cancel ends the entry like Esc: Cancelled is said and nothing is checked")
  func cancelIsEsc() throws {
    let timeline = PromptTimeline()
    #expect(try timeline.ask(fourDigits, "1 3 cancel!") == .cancelled)
    #expect(timeline.verified.isEmpty)
    #expect(timeline.lines.last == "Cancelled")
  }

  @Test("passcode lock ignores the person's Esc but not its own program's cancel")
  func lockTakesTheCallersCancel() throws {
    let lock = PromptTimeline(ignoresInterruptions: true)
    #expect(try lock.ask(fourDigits, "1 ⎋ cancel!") == .cancelled)
  }

  @Test("a cancel made while a code is checked waits for the verdict: after a wrong one it ends the entry")
  func cancelWaitsForTheVerdict() throws {
    let wrong = PromptTimeline()
    wrong.verdict = { _ in nil }
    #expect(try wrong.ask(fourDigits, "1234 cancel! +1s ✗") == .cancelled)
    #expect(wrong.lines.contains("Wrong passcode"), "\(wrong.lines)")

    let right = PromptTimeline()
    right.verdict = { _ in nil }
    #expect(try right.ask(fourDigits, "2580 cancel! ✓") == .accepted, "the verdict came first")
    // What the accepted entry could not act on is dropped: the next entry is not cancelled by it.
    right.verdict = { _ in .accepted }
    #expect(try right.ask(fourDigits, "2 5 8 0") == .accepted)
  }

  @Test("a request made between entries reaches the next entry as it opens")
  func requestBetweenEntries() throws {
    let timeline = PromptTimeline()
    #expect(try timeline.ask(fourDigits, "2 5 8 0") == .accepted)
    timeline.remote.cancel()
    #expect(try timeline.ask(fourDigits, "") == .cancelled)
    #expect(timeline.verified.count == 1)
  }

  @Test("the caller follows the progress as counts, as the screen shows them under the progress choice")
  func progressAsCounts() throws {
    let timeline = PromptTimeline()
    let seen = Mutex<[EntryProgress]>([])
    timeline.remote.observeProgress { progress in seen.withLock { $0.append(progress) } }
    timeline.verdict = { _ in .rejected(failureCount: nil) }
    _ = try timeline.ask(fourDigits, "2 5 ^U 2 5 8 0 +2s ⎋")
    let counts = seen.withLock { $0 }
    #expect(counts.map(\.count) == [0, 1, 2, 0, 1, 2, 3, 4, 0], "\(counts)")
    #expect(counts.allSatisfy { $0.length == 4 })
    #expect(counts.filter(\.isFilled).count == 1)
    #expect(timeline.remote.progress == EntryProgress(count: 0, length: 4))

    for (progress, expected) in [(ProgressFeedback.tick, [0, 1, 2, 0]), (.silent, [0])] {
      var configuration = fourDigits
      configuration.progress = progress
      let timeline = PromptTimeline()
      let seen = Mutex<[EntryProgress]>([])
      timeline.remote.observeProgress { progress in seen.withLock { $0.append(progress) } }
      _ = try timeline.ask(configuration, "2 5 ⎋")
      let counts = seen.withLock { $0 }
      #expect(counts.map(\.count) == expected, "\(progress): \(counts)")
      #expect(counts.allSatisfy { $0.length == nil }, "\(progress) keeps the length back")
    }
  }
}
