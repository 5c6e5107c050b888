import AnnouncementWords
import PasscodeEngine
import PasswordAgent
import Testing

@Suite("What a crypttab keyscript is asked: CRYPTTAB_NAME, CRYPTTAB_SOURCE, CRYPTTAB_TRIED and its argument")
struct CrypttabQuestionTests {
  private func question(_ environment: [String: String], argument: String? = "none") -> CrypttabQuestion {
    CrypttabQuestion(environment: environment, argument: argument)
  }

  @Test("the disk is named with its device, in the words systemd-cryptsetup's questions get")
  func diskWords() {
    let asked = question(["CRYPTTAB_NAME": "cryptroot", "CRYPTTAB_SOURCE": "/dev/vda2"])
    #expect(asked.disk == .diskQuestion(name: "cryptroot", device: "/dev/vda2"))
    #expect(AnnouncementCatalogue.english.text(for: asked.disk!) == "Passphrase for disk cryptroot (/dev/vda2)")
    let byUUID = question(["CRYPTTAB_NAME": "luks-0a1b", "CRYPTTAB_SOURCE": "/dev/disk/by-uuid/0a1b"])
    #expect(byUUID.disk == .diskQuestion(name: "luks-0a1b", device: nil), "the UUID would be said twice")
    #expect(question(["CRYPTTAB_NAME": "swap"]).disk == .diskQuestion(name: "swap", device: nil))
    #expect(question([:]).disk == nil)
    #expect(question(["CRYPTTAB_NAME": "\u{1B}[2J\u{7}"]).disk == nil)
  }

  @Test("outside text is sanitised: escape sequences, controls and bidi overrides never reach the words")
  func sanitised() {
    let asked = question(
      ["CRYPTTAB_NAME": "root\u{1B}[31m\u{202E}x", "CRYPTTAB_SOURCE": "/dev/\u{7}sda2"],
      argument: "Key \u{1B}]0;t\u{7}card")
    #expect(asked.disk == .diskQuestion(name: "rootx", device: "/dev/sda2"))
    #expect(asked.argumentText == "Key card")
  }

  @Test(
    "CRYPTTAB_TRIED counts the tries before this one: from 1 on, this is try N + 1",
    arguments: [
      (nil, nil), ("0", nil), ("1", 2), ("2", 3), ("", nil), ("x", nil), ("-1", nil), ("1.5", nil),
      ("99999999999999999999999", CrypttabQuestion.triesLimit + 1),
    ] as [(String?, Int?)])
  func tries(tried: String?, attempt: Int?) {
    let environment = tried.map { ["CRYPTTAB_TRIED": $0] } ?? [:]
    #expect(question(environment).attempt == attempt)
  }

  @Test("the argument is words to say, unless it is none, empty or missing")
  func argument() {
    #expect(question([:], argument: "none").argumentText == nil)
    #expect(question([:], argument: "").argumentText == nil)
    #expect(question([:], argument: nil).argumentText == nil)
    #expect(question([:], argument: "Insert the key card").argumentText == "Insert the key card")
    let long = question([:], argument: String(repeating: "a", count: 400)).argumentText?.text ?? ""
    #expect(long.count == PasswordQuestion.maximumMessageLength)
  }

  @Test(
    "tries= from CRYPTTAB_OPTIONS (3 when not given, 0 for no limit) says whether cryptroot may ask again after this try",
    arguments: [
      (nil, "0", true), (nil, "1", true), (nil, "2", false),
      ("luks,tries=1,keyscript=/usr/bin/passcode-askpass", "0", false),
      ("tries=5", "3", true), ("tries=5", "4", false), ("luks,tries=0", "40", true),
      ("luks,tries=x", "2", false), ("luks,tries=", "1", true),
    ] as [(String?, String, Bool)])
  func mayBeAskedAgain(options: String?, tried: String, expected: Bool) {
    var environment = ["CRYPTTAB_TRIED": tried]
    if let options { environment["CRYPTTAB_OPTIONS"] = options }
    #expect(question(environment).mayBeAskedAgain == expected)
  }
}
