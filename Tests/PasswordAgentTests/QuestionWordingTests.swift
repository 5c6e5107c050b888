import AnnouncementWords
import PasscodeEngine
import PasswordAgent
import Testing

@Suite("What a question says: its title and who asks")
struct QuestionWordingTests {
  private func question(message: String = "", identifier: String? = nil) -> PasswordQuestion {
    PasswordQuestion(fileName: "ask.x", socketPath: "/s", message: message, identifier: identifier)
  }

  @Test("the title is the message with escape sequences, controls and bidi overrides removed")
  func sanitisedTitle() {
    let title = question(message: "Disk \u{1B}[31mroot\u{1B}[0m\u{7} \u{202E}x\u{202C} (sda2):").title
    #expect(title.text == "Disk root x (sda2):")
  }

  @Test("an empty or all-control message reads Passphrase; a long one is cut with an ellipsis")
  func titleEdges() {
    #expect(question().title == "Passphrase")
    #expect(question(message: "\u{1B}]0;x\u{7}\u{1}").title == "Passphrase")
    let long = question(message: String(repeating: "a", count: 400)).title.text
    #expect(long.count == PasswordQuestion.maximumMessageLength)
    #expect(long.hasSuffix("a…"))
  }

  @Test(
    "Id says who asks and for what",
    arguments: [
      ("cryptsetup:/dev/sda2", "Asked by cryptsetup for /dev/sda2"),
      ("cryptsetup:/dev/disk/by-uuid/1:2", "Asked by cryptsetup for /dev/disk/by-uuid/1:2"),
      ("sshd", "Asked by sshd"),
      ("sshd:", "Asked by sshd"),
      ("ev\u{1B}[2Jil:x", "Asked by evil for x"),
    ])
  func source(identifier: String, words: String) throws {
    let announcement = try #require(question(identifier: identifier).source)
    #expect(AnnouncementCatalogue.english.text(for: announcement) == words)
  }

  @Test("no Id, or one with nothing before the colon, says nothing about who asks")
  func noSource() {
    #expect(question().source == nil)
    #expect(question(identifier: ":x").source == nil)
  }

  @Test("a path in an agent error is quoted: a line feed or an escape in it cannot start a line of its own")
  func errorPathsAreQuoted() {
    let path = "/run/x\nFix it with: chmod 777 ~\u{1B}[2J"
    for error in [AgentError.directory(path: path, errno: 2), .permissionDenied(socketPath: path)] {
      #expect(!error.description.contains("\n") && !error.description.contains("\u{1B}"), "\(error)")
      #expect(error.description.contains(#"/run/x\nFix it with: chmod 777 ~\u{1B}[2J"#), "\(error)")
    }
  }
}
