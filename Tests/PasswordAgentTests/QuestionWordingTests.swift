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

  @Test(
    "systemd-cryptsetup's question names the disk and its device, through the sanitiser",
    arguments: [
      (
        "Please enter passphrase for disk cryptroot:", "cryptsetup:/dev/vda", "Passphrase for disk cryptroot (/dev/vda)"
      ),
      // The device's last part is in the name already: the UUID is said once.
      (
        "Please enter passphrase for disk luks-5f1e:", "cryptsetup:/dev/disk/by-uuid/5f1e",
        "Passphrase for disk luks-5f1e"
      ),
      (
        "Please enter passphrase for disk Samsung SSD (cryptroot) on /home:", "cryptsetup:/dev/sda2",
        "Passphrase for disk Samsung SSD (cryptroot) on /home (/dev/sda2)"
      ),
      (
        "Please enter passphrase for disk \u{1B}[31mroot\u{1B}[0m\u{202E}:", "cryptsetup:/dev/v\u{7}da",
        "Passphrase for disk root (/dev/vda)"
      ),
    ])
  func diskWording(message: String, identifier: String, words: String) throws {
    let announcement = try #require(question(message: message, identifier: identifier).disk)
    #expect(AnnouncementCatalogue.english.text(for: announcement) == words)
  }

  @Test("a question that is not systemd-cryptsetup's passphrase question keeps its own message")
  func notADisk() {
    #expect(question(message: "Please enter passphrase for disk root:", identifier: "sshd:x").disk == nil)
    #expect(question(message: "Please enter LUKS2 token PIN:", identifier: "cryptsetup:/dev/vda").disk == nil)
    #expect(question(message: "Please enter passphrase for disk :", identifier: "cryptsetup:/dev/vda").disk == nil)
    #expect(question(message: "Please enter passphrase for disk root:").disk == nil)
  }

  @Test(
    "the volume name, which the disk's mapping gets, is taken from each form of the friendly name",
    arguments: [
      ("cryptroot", "cryptroot"), ("Samsung SSD (cryptroot)", "cryptroot"), ("cryptroot on /", "cryptroot"),
      ("Samsung SSD (cryptroot) on /home", "cryptroot"), ("luks-5f1e", "luks-5f1e"),
    ])
  func volumeName(friendlyName: String, volume: String) {
    let asked = question(message: "Please enter passphrase for disk \(friendlyName):", identifier: "cryptsetup:/dev/x")
    #expect(asked.diskVolumeName == volume)
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
