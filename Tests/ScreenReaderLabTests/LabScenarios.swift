/// The scenarios every reader runs (Docs/ScreenReaders.md has what was heard).
extension LabScenario {
  static let demoOpening = ["Enter Passcode, 4 digits", "The passcode is two five eight zero"]
  static let unlocked = ["Passcode accepted", "Unlocked. Press L to lock again or Q to quit."]

  /// One step per digit, from `entered` digits already in a code of `length`; the last step hears `last` too.
  static func typing(
    _ digits: String, after entered: Int = 0, length: Int = 4, then last: [String] = []
  ) -> [LabStep] {
    digits.enumerated().map { offset, digit in
      let count = entered + offset + 1
      let progress = "\(count) of \(length) digits entered"
      return LabStep([.text(String(digit))], heard: [progress] + (offset == digits.count - 1 ? last : []))
    }
  }

  static let quit = LabStep([.text("q")], heard: [])
  /// The warning of a 20 s `--timeout`, at half time.
  static let timeWarning = "10 seconds left. Press Tab for more time."

  static let all: [LabScenario] = demo + stored + pinentry + sudo

  static let demo: [LabScenario] = [
    LabScenario(
      "demo: the right code unlocks", ["demo"], opening: demoOpening,
      steps: typing("2580", then: unlocked) + [quit], exitStatus: 0),
    LabScenario(
      "demo: a wrong code, Ready, then the right one", ["demo"], opening: demoOpening,
      steps: typing("2581", then: ["Wrong passcode", "Ready"]) + typing("2580", then: unlocked) + [quit],
      exitStatus: 0),
    LabScenario(
      "demo: BackSpace deletes one digit", ["demo"], opening: demoOpening,
      steps: typing("25") + [LabStep([.backspace], heard: ["Deleted, 1 of 4 digits entered"])]
        + typing("580", after: 1, then: unlocked) + [quit],
      exitStatus: 0),
    LabScenario(
      "demo: Ctrl-U clears, Ctrl-R re-reads, Ctrl-C cancels", ["demo"], opening: demoOpening,
      steps: typing("25") + [
        LabStep([.control("u")], heard: ["Cleared, 0 of 4 digits entered"]),
        LabStep([.control("r")], heard: ["0 of 4 digits entered, 6 tries left"]),
        LabStep([.control("c")], heard: ["Cancelled"]),
      ], exitStatus: 2),
    LabScenario(
      "demo: Esc cancels", ["demo"], opening: demoOpening,
      steps: typing("2") + [LabStep([.escape], heard: ["Cancelled"])], exitStatus: 2),
    LabScenario(
      "demo: Ctrl-D cancels", ["demo"], opening: demoOpening,
      steps: typing("25") + [LabStep([.control("d")], heard: ["Cancelled"])], exitStatus: 2),
    LabScenario(
      "demo: a bracketed paste", ["demo"], opening: demoOpening,
      steps: [LabStep([.paste("2580")], heard: ["Pasted, 4 of 4 digits entered"] + unlocked), quit],
      exitStatus: 0),
    LabScenario(
      "demo: the time warning names Tab, Tab gives the time again, then Time is up", ["demo", "--timeout", "20"],
      opening: demoOpening,
      steps: typing("2") + [
        LabStep([.backspace], heard: ["Deleted, 0 of 4 digits entered"]),
        LabStep([], heard: [timeWarning], patience: .seconds(30)),
        LabStep([.tab], heard: ["More time: 20 seconds left"]),
        LabStep([], heard: [timeWarning], patience: .seconds(30)),
        LabStep([], heard: ["Time is up"], patience: .seconds(20)),
      ], exitStatus: 3),
  ]

  /// `--progress tick` (issue 25): a word per key and never a number, the length left out of the first words; every
  /// other key's line ends with a full stop (issue 35), so each differs from the last on a braille display, which
  /// neither reader speaks. Run by tests of their own (`progressScenario`), so that they can be run alone.
  static let progress: [LabScenario] = [
    LabScenario(
      "demo --progress tick: a word per key, BackSpace, Ctrl-R, a wrong code, then the right one",
      ["demo", "--progress", "tick"], opening: ["Enter Passcode", "The passcode is two five eight zero"],
      steps: [
        LabStep([.text("2")], heard: ["Entered"]),
        LabStep([.text("5")], heard: ["Entered."]),
        LabStep([.backspace], heard: ["Deleted"]),
        LabStep([.control("r")], heard: ["Something typed, 6 tries left"]),
        LabStep([.text("5")], heard: ["Entered."]),
        LabStep([.text("8")], heard: ["Entered"]),
        LabStep([.text("1")], heard: ["Entered.", "Wrong passcode", "Ready"]),
        LabStep([.text("2")], heard: ["Entered"]),
        LabStep([.text("5")], heard: ["Entered."]),
        LabStep([.text("8")], heard: ["Entered"]),
        LabStep([.text("0")], heard: ["Entered."] + unlocked),
        quit,
      ], exitStatus: 0)
  ]

  /// Orca's braille (issue 35): the demo's code, the time warning (41 characters, more than a 40-cell display),
  /// Tab, a digit, BackSpace, a wrong code, Ready and the unlocked line (45 characters). Run by Orca's braille test
  /// on 40 and 20 cells, which expects the window to come to rest on each step's last words, from their first
  /// cell.
  static let orcaBraille = LabScenario(
    "demo under Orca's braille: the time warning, Tab, BackSpace, a wrong code, then the unlocked line",
    ["demo", "--timeout", "20"], opening: demoOpening,
    steps: [
      LabStep([], heard: [timeWarning], patience: .seconds(30)),
      LabStep([.tab], heard: ["More time: 20 seconds left"]),
      LabStep([.text("2")], heard: ["1 of 4 digits entered"]),
      LabStep([.backspace], heard: ["Deleted, 0 of 4 digits entered"]),
    ] + typing("2581", then: ["Wrong passcode", "Ready"]) + typing("2580", then: unlocked) + [quit],
    exitStatus: 0, readers: [.orca])

  static let stored: [LabScenario] = [
    LabScenario(
      "set: a weak code, a mismatch, then the same code twice", ["set"], preparation: .store(passcode: nil),
      opening: ["New Passcode, 6 digits"],
      steps: typing("111111", length: 6, then: ["Too easy to guess. Choose another"])
        + typing("135790", length: 6, then: ["Enter the same passcode again"])
        + typing("246802", length: 6, then: ["Passcodes did not match. Start again"])
        + typing("135790", length: 6, then: ["Enter the same passcode again"])
        + typing("135790", length: 6, then: [checking, "Passcode accepted", "Passcode set."]),
      exitStatus: 0),
    checkIntoLockout,
  ]

  /// `check` with a stored code: wrong codes into a lockout, Ready, then the right one (spoken, and felt on Orca's
  /// braille).
  static let checkIntoLockout = LabScenario(
    "check: wrong codes into a lockout, Ready, then the right code", ["check"],
    preparation: .store(passcode: "135790"), opening: ["Enter Passcode, 6 digits"],
    steps: typing("000000", length: 6, then: [checking, "Wrong passcode, 2 tries left", "Ready"])
      + typing("000000", length: 6, then: [checking, "Wrong passcode, 1 try left", "Ready"])
      + typing("000000", length: 6, then: [checking, "Too many tries. Try again in 2 seconds"])
      + [LabStep([], heard: ["Ready"], patience: .seconds(20))]
      + typing("135790", length: 6, then: [checking, "Passcode accepted"]),
    exitStatus: 0)

  /// sudo through `passcode-askpass`, under each reader: a wrong password, sudo's own words, the retry with its
  /// number, the right one. Only as root, where the lab can make the user whose password is asked.
  static let sudo: [LabScenario] = LabUser.isSeparate ? LabReader.allCases.map(sudo(readBy:)) : []

  private static func sudo(readBy reader: LabReader) -> LabScenario {
    let question = LabSudo.question(readBy: reader)
    return LabScenario(
      "sudo (\(reader.rawValue)): its question without the colon, a wrong password heard as try 2, then the right one",
      ["true"], preparation: .sudo, opening: [question],
      steps: [
        LabStep([.text("n")], heard: ["1 character entered"]),
        LabStep([.text("o")], heard: ["2 characters entered"]),
        LabStep([.enter], heard: ["Checking", "Sorry, try again.", question, "Wrong password. Try 2"]),
        LabStep([.text("o")], heard: ["1 character entered"]),
        LabStep([.text("k")], heard: ["2 characters entered"]),
        LabStep([.enter], heard: ["Checking"]),
      ], exitStatus: 0, readers: [reader])
  }

  static let pinentry: [LabScenario] = [
    LabScenario(
      "pinentry: gpg-agent's prompt, description and Bad Passphrase error, then the passphrase",
      ["GET_PASSPHRASE --data --repeat=0 labcache1 Bad+Passphrase Passphrase: Unlock+the+lab+key"],
      preparation: .gnuPGAgent, opening: ["Passphrase", "Unlock the lab key", "Bad Passphrase"],
      steps: [
        LabStep([.text("o")], heard: ["1 character entered"]),
        LabStep([.text("k")], heard: ["2 characters entered"]),
        LabStep([.enter], heard: ["Passphrase entered"]),
      ], exitStatus: 0),
    LabScenario(
      "pinentry: gpg-agent asks again to repeat a new passphrase",
      ["GET_PASSPHRASE --data --repeat=1 labcache2 X Passphrase: New+lab+key"],
      preparation: .gnuPGAgent, opening: ["Passphrase", "New lab key"],
      steps: [
        LabStep([.text("o")], heard: ["1 character entered"]),
        LabStep([.text("k")], heard: ["2 characters entered"]),
        LabStep([.enter], heard: ["Passphrase entered", "Passphrase", "Please re-enter this passphrase"]),
        LabStep([.text("o")], heard: ["1 character entered"]),
        LabStep([.text("k")], heard: ["2 characters entered"]),
        LabStep([.enter], heard: ["Passphrase entered"]),
      ], exitStatus: 0),
  ]
}
