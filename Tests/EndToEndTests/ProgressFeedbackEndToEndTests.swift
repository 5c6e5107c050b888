import Foundation
import PasscodeTestSupport
import Testing

/// `--progress tick` and `silent` through the real binary in a pseudo-terminal, with a real private
/// speech-dispatcher recording what it is asked to say: what is spoken and what is shown.
@Suite("--progress through the real binary and speech-dispatcher", .serialized)
struct ProgressFeedbackEndToEndTests {
  /// Types keys and waits until speech-dispatcher has received exactly one more request, `text`.
  private func press(
    _ keys: String, session: DemoSession, daemon: PrivateSpeechDispatcher, expecting text: String
  ) throws {
    let before = daemon.protocolRequests().count
    try session.type(keys)
    let requests = daemon.waitForRequests(count: before + 1)
    #expect(requests.last?.text == text, "after \(keys.debugDescription): \(requests.suffix(3))")
  }

  @Test("tick: a word per change and no number is spoken, Ctrl-R says Nothing typed, the screen draws no ○")
  func tickSpeaksWords() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--speech", "on", "--progress", "tick"], environment: ["SPEECHD_ADDRESS": daemon.address])
    let opening = "Enter Passcode. The passcode is two five eight zero"
    try session.waitFor("Enter Passcode")
    _ = daemon.waitForLastRequest(text: opening)
    try press("1", session: session, daemon: daemon, expecting: "Entered")
    try press("\u{7f}", session: session, daemon: daemon, expecting: "Deleted")
    try press("\u{12}", session: session, daemon: daemon, expecting: "Nothing typed, 6 tries left")
    try press("\u{1b}[200~13x9\u{1b}[201~", session: session, daemon: daemon, expecting: "Pasted, some left out")
    try press("\u{12}", session: session, daemon: daemon, expecting: "Something typed, 6 tries left")
    // The paste lost its x: the entry it fills is held back until cleared, then typed again. The key's tick and
    // the words come as two requests (the list below checks both), so this waits for the words, not for one more.
    try session.type("7")
    _ = daemon.waitForLastRequest(text: Transcript.notSubmitted)
    try press("\u{15}", session: session, daemon: daemon, expecting: "Cleared")
    for digit in "139" { try press(String(digit), session: session, daemon: daemon, expecting: "Entered") }
    // The fourth digit's tick and the verdict come at once; the whole list below checks both.
    try session.type("7")
    _ = daemon.waitForLastRequest(text: "Ready")
    for digit in "258" { try press(String(digit), session: session, daemon: daemon, expecting: "Entered") }
    try session.type("0")
    _ = daemon.waitForLastRequest(text: "Unlocked. Press L to lock again or Q to quit.")
    try session.waitFor("Unlocked")
    try session.type("q")
    #expect(try session.finish() == .exited(0))

    let expected: [(String, String)] = [
      ("MESSAGE", opening), ("TEXT", "Entered"), ("TEXT", "Deleted"), ("MESSAGE", "Nothing typed, 6 tries left"),
      ("TEXT", "Pasted, some left out"), ("MESSAGE", "Something typed, 6 tries left"), ("TEXT", "Entered"),
      ("MESSAGE", Transcript.notSubmitted), ("TEXT", "Cleared"), ("TEXT", "Entered"), ("TEXT", "Entered"),
      ("TEXT", "Entered"), ("TEXT", "Entered"), ("IMPORTANT", "Wrong passcode"), ("MESSAGE", "Ready"),
      ("TEXT", "Entered"), ("TEXT", "Entered"),
      ("TEXT", "Entered"), ("TEXT", "Entered"), ("MESSAGE", "Passcode accepted"),
      ("MESSAGE", "Unlocked. Press L to lock again or Q to quit."),
    ]
    let requests = daemon.protocolRequests()
    #expect(requests.map(\.priority) == expected.map(\.0))
    #expect(requests.map(\.text) == expected.map(\.1))
    let spoken = daemon.waitForSpoken(count: 1)
    #expect(spoken.contains("Wrong passcode"))
    // Past the demo's own code and the tries left, no numeral is spoken; the screen draws masks, never ○.
    for line in spoken where !line.contains("tries left") { #expect(!line.contains { $0.isNumber }, "\(line)") }
    #expect(!session.text.contains("○"), "no empty cell for the length")
    #expect(!session.text.contains(" of 4"), "no count on screen")
    #expect(session.text.contains("●●●"), "one mask per digit typed")
    Transcript.expectNoTypedDigits(session.text)
  }

  @Test("silent: keys are neither spoken nor drawn; the prompt, Ctrl-R's status and the verdicts are")
  func silentSpeaksOnlyVerdicts() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--speech", "on"],
      environment: ["SPEECHD_ADDRESS": daemon.address, "PASSCODE_PROGRESS": "silent"])
    let opening = "Enter Passcode. The passcode is two five eight zero"
    try session.waitFor("Enter Passcode")
    _ = daemon.waitForLastRequest(text: opening)
    // Nothing is asked for between the opening and the status: the keys before it said nothing.
    try session.type("1")
    try session.type("\u{7f}")
    try session.type("1")
    try press("\u{12}", session: session, daemon: daemon, expecting: "Something typed, 6 tries left")
    try session.type("\u{1b}[200~x\u{1b}[201~")
    _ = daemon.waitForLastRequest(text: "Nothing pasted")
    // The x was not taken: the entry is held back, and cleared (silently, under silent) to type it again.
    try session.type("397")
    _ = daemon.waitForLastRequest(text: Transcript.notSubmitted)
    try session.type("\u{15}1397")
    _ = daemon.waitForLastRequest(text: "Ready")
    try session.type("2580")
    _ = daemon.waitForLastRequest(text: "Unlocked. Press L to lock again or Q to quit.")
    try session.waitFor("Unlocked")
    try session.type("q")
    #expect(try session.finish() == .exited(0))

    let expected = [
      opening, "Something typed, 6 tries left", "Nothing pasted", Transcript.notSubmitted, "Wrong passcode", "Ready",
      "Passcode accepted",
      "Unlocked. Press L to lock again or Q to quit.",
    ]
    #expect(daemon.protocolRequests().map(\.text) == expected)
    #expect(!session.text.contains("○") && !session.text.contains("●"), "no cell is drawn")
    #expect(!session.text.contains("entered"), "no count on screen")
    Transcript.expectNoTypedDigits(session.text)
  }

  @Test("silent in the screen-reader profile writes one line per verdict and none per key")
  func silentScreenReaderLines() throws {
    let session = try DemoSession(["demo", "--screen-reader", "--progress", "silent"])
    try session.waitFor("The passcode is two five eight zero")
    try session.type("1")
    try session.type("3")
    try session.type("\u{12}")
    try session.waitFor("Something typed, 6 tries left")
    try session.type("97")
    try session.waitFor("Ready")
    #expect(try session.unlockAndQuit() == .exited(0))
    let text = ["\u{1b}[?2004h", "\u{1b}[?2004l", "\u{1b}[?25h"].reduce(session.text) {
      $0.replacingOccurrences(of: $1, with: "")
    }
    let lines = text.split(whereSeparator: \.isNewline).map(String.init)
    #expect(
      lines == [
        "Enter Passcode", "The passcode is two five eight zero", "Something typed, 6 tries left", "Wrong passcode",
        "Ready",
        "Passcode accepted", "Unlocked. Press L to lock again or Q to quit.",
      ])
  }

  @Test("an unended paste under tick and silent says Nothing pasted, never how many bytes it dropped")
  func unendedPaste() throws {
    for progress in ["tick", "silent"] {
      let session = try DemoSession(["demo", "--screen-reader", "--progress", progress])
      try session.waitFor("The passcode is two five eight zero")
      // One write: the Esc is inside the paste, whose end never comes; after its second of silence it ends.
      try session.type("\u{1b}[200~12\u{1b}")
      try session.waitFor("Nothing pasted")
      try session.type("\u{1b}")
      try session.waitFor("Cancelled")
      #expect(try session.finish() == .exited(2))
      #expect(try session.terminalRestored())
      #expect(!session.text.contains("ignored") && !session.text.contains("entered"), "\(session.text)")
    }
  }

  @Test("doctor shows the progress in force and its source; a config file others could change keeps it")
  func doctorShowsProgress() throws {
    let fromFile = try DemoSession(["doctor"], configFile: "progress = tick\n")
    #expect(try fromFile.finish() != .exited(64))
    #expect(fromFile.text.contains("progress tick (config file line 1)"), "\(fromFile.text)")
    let refused = try DemoSession(["doctor"], configFile: "progress = silent\n", configFileMode: 0o666)
    _ = try refused.finish()
    #expect(refused.text.contains("progress silent (config file line 1)"), "\(refused.text)")
    let fromEnvironment = try DemoSession(
      ["doctor"], environment: ["PASSCODE_PROGRESS": "silent"], configFile: "progress = tick\n")
    _ = try fromEnvironment.finish()
    #expect(fromEnvironment.text.contains("progress silent (PASSCODE_PROGRESS)"))
    let fromOption = try DemoSession(["doctor", "--progress", "count"], environment: ["PASSCODE_PROGRESS": "silent"])
    _ = try fromOption.finish()
    #expect(fromOption.text.contains("progress count (--progress)"))
  }

  @Test("a bad PASSCODE_PROGRESS is a usage error naming the accepted values")
  func badEnvironment() throws {
    let session = try DemoSession(["demo"], environment: ["PASSCODE_PROGRESS": "quiet"])
    #expect(try session.finish() == .exited(64))
    #expect(session.text.contains("Please provide one of 'count', 'tick' or 'silent'."))
  }
}
