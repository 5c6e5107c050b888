import PasscodeEngine
import PasscodeTestSupport
import PasswordAgent
import Testing

@Suite("ssh's notice (SSH_ASKPASS_PROMPT=none): told, and kept until the caller ends it")
struct AskpassNoticeScreenTests {
  private static let words: [Announcement] = [
    .callerDescription("Confirm user presence for key k"), .noticeEndsByItself,
  ]

  private func timeline() -> MachineTimeline<AskpassNoticeScreen> {
    MachineTimeline(AskpassNoticeScreen(lines: [.callerDescription("Confirm user presence for key k")])) {
      $0.start()
    }
  }

  @Test("it tells the notice and that it ends by itself, and an hour later is still there")
  func opening() {
    var notice = timeline()
    #expect(notice.told == Self.words)
    notice.advance(by: .seconds(3600))
    #expect(!notice.isOver)
    #expect(notice.told == Self.words)
  }

  @Test("a key or Enter hears it again; Esc ends it")
  func keys() {
    var notice = timeline()
    notice.send(.character("x"))
    #expect(notice.told == Self.words + Self.words)
    notice.send(.submit)
    #expect(!notice.isOver)
    notice.send(.cancel)
    #expect(notice.isOver)
  }
}
