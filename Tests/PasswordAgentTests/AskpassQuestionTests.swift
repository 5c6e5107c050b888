import AnnouncementWords
import PasscodeEngine
import PasswordAgent
import Testing

@Suite("Who runs passcode askpass, and what it asks: crypttab, sudo, ssh and git, told from what each gives")
struct AskpassQuestionTests {
  private func question(
    _ argument: String?, _ environment: [String: String] = [:], parent: String? = "bash"
  ) -> AskpassQuestion {
    AskpassQuestion(argument: argument, environment: environment, parentCommand: parent)
  }

  @Test("a CRYPTTAB_ variable makes a crypttab keyscript whatever else is given; so does no question at all")
  func crypttab() {
    #expect(question("none", ["CRYPTTAB_NAME": "cryptroot"]).caller == .crypttab)
    #expect(question("[sudo] password for a: ", ["CRYPTTAB_TRIED": "0"], parent: "sudo").caller == .crypttab)
    #expect(question(nil).caller == .crypttab)
    #expect(question("none").caller == .crypttab)
    #expect(!question("none").endsWithLineFeed, "cryptsetup's --key-file=- takes every byte")
    #expect(question("none").text == nil)
  }

  @Test("sudo: the parent is sudo; its question is a password's, said without the colon, and read to a line feed")
  func sudo() {
    let asked = question("[sudo] password for alice: ", parent: "sudo")
    #expect(asked.caller == .sudo)
    #expect(asked.form == .secret)
    #expect(asked.noun == .password)
    #expect(asked.text == "[sudo] password for alice")
    #expect(asked.endsWithLineFeed)
    #expect(asked.retryKey == "[sudo] password for alice: ")
    #expect(!asked.callerSaysWrong)
    #expect(question("[sudo] password for alice: ", parent: "sudoedit").caller == .sudo)
  }

  @Test("ssh: SSH_ASKPASS_PROMPT=confirm is a yes-or-no question, none a notice; neither counts tries")
  func sshForms() {
    let confirm = question("Allow use of key k?\nKey fingerprint SHA256:x.", ["SSH_ASKPASS_PROMPT": "confirm"])
    #expect(confirm.caller == .ssh)
    #expect(confirm.form == .confirmation)
    #expect(confirm.text == "Allow use of key k? Key fingerprint SHA256:x.", "two lines are said as one")
    #expect(confirm.retryKey == nil)
    let notice = question("Confirm user presence for key ED25519-SK SHA256:x", ["SSH_ASKPASS_PROMPT": "none"])
    #expect(notice.caller == .ssh)
    #expect(notice.form == .notice)
    #expect(question("Enter passphrase for k: ", ["SSH_ASKPASS_PROMPT": "other"], parent: "ssh-add").form == .secret)
  }

  @Test("ssh-add's retry says it was wrong, and counts as the same question as the first")
  func sshRetry() {
    let first = question("Enter passphrase for /home/a/.ssh/id (will confirm each use): ", parent: "ssh-add")
    let again = question("Bad passphrase, try again for /home/a/.ssh/id (will confirm each use): ", parent: "ssh-add")
    #expect(first.caller == .ssh && again.caller == .ssh)
    #expect(!first.callerSaysWrong && again.callerSaysWrong)
    #expect(first.retryKey == again.retryKey)
    #expect(again.noun == .passphrase)
    #expect(question("alice@host's password: ", parent: "ssh").noun == .password)
    #expect(question("Enter PIN for ECDSA-SK key k: ", parent: "ssh-keygen").noun == .pin)
  }

  @Test("git: 'Username for' is shown as typed, 'Password for' is a secret; neither needs git as the parent")
  func git() {
    let user = question("Username for 'https://example.com': ", parent: "git-remote-htt")
    #expect(user.caller == .git)
    #expect(user.form == .shown)
    #expect(user.retryKey == nil, "a name is no try")
    #expect(user.text == "Username for 'https://example.com'")
    let password = question("Password for 'https://alice@example.com': ", parent: nil)
    #expect(password.caller == .git)
    #expect(password.form == .secret)
    #expect(password.noun == .password)
  }

  @Test("anyone else's question is a secret with a line feed, its words sanitised and the colon not said")
  func other() {
    let asked = question("Vault \u{1B}[31mtoken\u{202E}:  ", parent: "python3")
    #expect(asked.caller == .other)
    #expect(asked.text == "Vault token")
    #expect(asked.endsWithLineFeed)
    #expect(question(" :: ", parent: "python3").text == nil)
  }
}
