import Foundation
import PasscodeTestSupport
import Testing

/// `passcode demo` as a person uses it: the real binary in a real pseudo-terminal, exact bytes compared.
@Suite("passcode demo in a pseudo-terminal", .serialized)
struct DemoEndToEndTests {
  @Test(
    "the right code unlocks, with golden output per profile",
    arguments: [
      ("visual", [String](), ["TERM": "xterm-256color"]),
      ("screen-reader", ["--screen-reader"], ["TERM": "xterm-256color"]),
      ("plain", [], ["TERM": "dumb"]),
    ])
  func rightCode(profile: String, flags: [String], environment: [String: String]) throws {
    let session = try DemoSession(["demo"] + flags, environment: environment)
    try session.waitFor("Enter Passcode, 4 digits")
    #expect(try session.unlockAndQuit(keyByKey: true) == .exited(0))
    #expect(try session.terminalRestored())
    Transcript.expectNoTypedDigits(session.text)
    try Transcript.expectMatchesGolden(session.text, named: "right-code-\(profile)")
  }

  @Test(
    "a wrong code shows the error, then empties; golden output per profile",
    arguments: [
      ("visual", [String](), ["TERM": "xterm-256color"]),
      ("screen-reader", ["--screen-reader"], ["TERM": "xterm-256color"]),
      ("plain", [], ["TERM": "dumb"]),
    ])
  func wrongCode(profile: String, flags: [String], environment: [String: String]) throws {
    let session = try DemoSession(["demo"] + flags, environment: environment)
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("1397")
    try session.waitFor("Wrong passcode")
    try session.waitFor("Ready")
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(try session.terminalRestored())
    Transcript.expectNoTypedDigits(session.text)
    if profile != "visual" {
      let lines = Transcript.strippingEscapes(session.text).split(whereSeparator: \.isNewline)
      #expect(lines.filter { $0.contains("Wrong passcode") }.count == 1, "a rejection prints exactly one line")
    }
    try Transcript.expectMatchesGolden(session.text, named: "wrong-code-\(profile)")
  }

  @Test("the shake redraws the cells in the visual profile; reduce motion draws no shake frame")
  func reduceMotion() throws {
    func wrongCodeRedraws(_ flags: [String], environment: [String: String] = [:]) throws -> Int {
      let session = try DemoSession(["demo"] + flags, environment: environment)
      try session.waitFor("Enter Passcode, 4 digits")
      try session.type("1397")
      try session.waitFor("Ready")
      try session.type("\u{1b}")
      #expect(try session.finish() == .exited(2))
      return session.text.components(separatedBy: "Wrong passcode").count - 1
    }
    #expect(try wrongCodeRedraws([]) > 5)
    #expect(try wrongCodeRedraws(["--reduce-motion"]) == 1)
    #expect(try wrongCodeRedraws([], environment: ["PASSCODE_REDUCE_MOTION": "1"]) == 1)
  }

  @Test("over SSH: a line per announcement and no shake, unless the person chose a profile and motion")
  func remoteSessionDefaults() throws {
    let ssh = ["SSH_CONNECTION": "192.0.2.1 50000 192.0.2.2 22"]
    let remote = try DemoSession(["demo"], environment: ssh)
    try remote.waitFor("Enter Passcode, 4 digits")
    try remote.type("1397")
    try remote.waitFor("Ready")
    try remote.type("\u{1b}")
    #expect(try remote.finish() == .exited(2))
    #expect(remote.text.components(separatedBy: "Wrong passcode").count - 1 == 1, "no shake frame redrawn")
    #expect(!remote.text.contains("\r\u{1b}[2K"), "nothing redrawn in place: \(remote.text)")
    let lines = Transcript.strippingEscapes(remote.text).split(whereSeparator: \.isNewline)
    #expect(lines.contains { $0.contains("Wrong passcode") } && lines.contains { $0.contains("Ready") })

    // Chosen otherwise, in the config file and the environment: the visual line and its shake come back.
    let chosen = try DemoSession(
      ["demo"], environment: ssh.merging(["PASSCODE_REDUCE_MOTION": "no"]) { $1 }, configFile: "profile = visual\n")
    try chosen.waitFor("Enter Passcode, 4 digits")
    try chosen.type("1397")
    try chosen.waitFor("Ready")
    try chosen.type("\u{1b}")
    #expect(try chosen.finish() == .exited(2))
    #expect(chosen.text.components(separatedBy: "Wrong passcode").count - 1 > 5, "the shake redraws")
  }

  @Test("NO_COLOR leaves out every SGR sequence but keeps the error symbol")
  func noColor() throws {
    let session = try DemoSession(["demo"], environment: ["NO_COLOR": "1"])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("1397")
    try session.waitFor("Ready")
    try session.type("\u{3}")
    #expect(try session.finish() == .exited(2))
    #expect(session.text.range(of: "\u{1b}\\[[0-9;]*m", options: .regularExpression) == nil)
    #expect(session.text.contains("✗ Wrong passcode"))
    Transcript.expectNoTypedDigits(session.text)
  }

  @Test("TERM=dumb writes no escape byte at all")
  func dumbTerminal() throws {
    let session = try DemoSession(["demo"], environment: ["TERM": "dumb"])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("1397")
    try session.waitFor("Ready")
    try session.type("\u{4}")
    #expect(try session.finish() == .exited(2))
    #expect(!session.transcript.contains(0x1b))
    #expect(session.text.contains("Cancelled"))
  }

  @Test(
    "every signal whose default action ends the process restores the exact terminal settings first",
    arguments: [
      SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS,
      SIGPWR, SIGIO, SIGSTKFLT,
    ])
  func terminatingSignal(signal: Int32) throws {
    let session = try DemoSession(["demo"])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("25")
    try session.waitFor("2 of 4 digits entered")
    #expect(try !session.terminalRestored(), "raw mode is on while entering")
    try session.process.signal(signal)
    #expect(try session.finish() == .signalled(signal))
    #expect(try session.terminalRestored())
    #expect(session.text.hasSuffix("\u{1b}[?2004l\u{1b}[?25h\u{1b}[0m"), "bracketed paste off, cursor on, SGR reset")
    Transcript.expectNoTypedDigits(session.text)
  }

  @Test(
    "a crash or abort still restores the terminal before the program dies of it",
    arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP])
  func crashRestoresTerminal(signal: Int32) throws {
    let session = try DemoSession(["demo"])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("25")
    try session.waitFor("2 of 4 digits entered")
    try session.process.signal(signal)
    #expect(try session.finish() == .signalled(signal))
    #expect(try session.terminalRestored())
  }

  @Test("after SIGTSTP and SIGCONT the prompt comes back and entry goes on")
  func suspendAndResume() throws {
    let session = try DemoSession(["demo"])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("25")
    try session.waitFor("2 of 4 digits entered")
    try session.process.signal(SIGTSTP)
    try session.process.signal(SIGCONT)
    try session.waitFor("2 of 4 digits entered")
    // Ctrl-Z as a key takes the same path. The test's process group is orphaned, so the kernel does not
    // really stop it; the prompt must still restore, then come back.
    try session.type(bytes: [0x1a])
    try session.waitFor("\u{1b}[?2004l")
    try session.waitFor("2 of 4 digits entered")
    #expect(try session.unlockAndQuit(typing: "80") == .exited(0))
    #expect(try session.terminalRestored())
    Transcript.expectNoTypedDigits(session.text)
  }

  @Test("end of input (Ctrl-D) cancels with exit status 2")
  func endOfInput() throws {
    let session = try DemoSession(["demo", "--screen-reader"])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("2")
    try session.type(bytes: [0x04])
    try session.waitFor("Cancelled")
    #expect(try session.finish() == .exited(2))
    #expect(try session.terminalRestored())

  }

  @Test("a 100 kB paste takes the first four digits, reports the rest as ignored, and is not submitted as it is")
  func hugePaste() throws {
    let session = try DemoSession(["demo", "--screen-reader"])
    try session.waitFor("Enter Passcode, 4 digits")
    let pasted = "2580" + String(repeating: "7", count: 99_996)
    try session.type("\u{1b}[200~" + pasted + "\u{1b}[201~")
    try session.waitFor("Pasted, 4 of 4 digits entered, 99996 ignored")
    try session.waitFor(Transcript.notSubmitted)
    #expect(!session.text.contains("Passcode accepted"), "the entry is not the 100 kB pasted")
    try session.type("\u{15}")
    try session.waitFor("Cleared, 0 of 4 digits entered")
    try session.type("\u{1b}[200~2580\u{1b}[201~")
    try session.waitFor("Passcode accepted")
    try session.type("q")
    #expect(try session.finish() == .exited(0))
    #expect(try session.terminalRestored())
    Transcript.expectNoTypedDigits(session.text)
  }

  @Test("Ctrl-S does not stop the prompt's output: it is a key that means nothing here, and Ctrl-Q too")
  func controlSDoesNotFreezeOutput() throws {
    let session = try DemoSession(["demo", "--screen-reader"])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("\u{13}")
    try session.waitFor("Digits only")
    // The refused Ctrl-S holds the entry back until it is cleared.
    try session.type("\u{15}")
    try session.waitFor("Cleared")
    try session.type("2580")
    try session.waitFor("Unlocked")
    try session.type("\u{11}q")
    #expect(try session.finish() == .exited(0))
    #expect(try session.terminalRestored())
  }

  @Test(
    "during a lockout a key typed just before Ctrl-C, Ctrl-D or Esc is thrown away, but the request to leave is kept",
    arguments: [[0x35, 0x03], [0x35, 0x04], [0x35, 0x1b]] as [[UInt8]])
  func leavingDuringLockout(bytes: [UInt8]) throws {
    let session = try DemoSession(["demo", "--screen-reader"])
    try session.waitFor("Enter Passcode, 4 digits")
    // The demo's sixth wrong code in a row starts a lockout; each wrong code before it ends with "Ready".
    for _ in 0..<5 {
      try session.type("1111")
      try session.waitFor("Ready")
    }
    try session.type("1111")
    try session.waitFor("Too many tries")
    // One write, so both keys arrive in one read: the digit's flush must not take the request with it.
    try session.type(bytes: bytes)
    #expect(try session.finish() == .exited(2))
    #expect(session.text.contains("Cancelled"))
    #expect(try session.terminalRestored())
  }

  @Test("random bytes never crash the program, leak a digit or leave the terminal raw")
  func randomBytes() throws {
    var generator = SeededGenerator(seed: 0xB17E5)
    for round in 0..<3 {
      let session = try DemoSession(["demo", "--screen-reader"])
      try session.waitFor("Enter Passcode, 4 digits")
      // Cancelling bytes (Ctrl-C, Ctrl-D, Ctrl-\\) would end the run at once; leave them for the end.
      let cancelling: Set<UInt8> = [0x03, 0x04, 0x1c]
      var bytes: [UInt8] = []
      while bytes.count < 4000 {
        let byte = UInt8.random(in: 0...255, using: &generator)
        if !cancelling.contains(byte) { bytes.append(byte) }
      }
      for chunk in stride(from: 0, to: bytes.count, by: 97) {
        try session.type(bytes: Array(bytes[chunk..<min(chunk + 97, bytes.count)]))
      }
      // End any open string or paste, resume output a random Ctrl-S may have stopped (the terminal's own
      // flow control, which holds every write of the program), then cancel.
      try session.type(bytes: Array("\u{7}\u{1b}\\\u{1b}[201~\u{11}".utf8))
      try session.type(bytes: [0x03])
      let status = try session.finish(timeout: .seconds(10))
      #expect(status == .exited(2) || status == .exited(0), "round \(round): \(status)")
      #expect(try session.terminalRestored(), "round \(round)")
      // Once the program has restored the terminal, the terminal itself echoes whatever is still typed;
      // only the program's own output counts.
      let restore = session.text.range(of: "\u{1b}[?2004l")
      #expect(restore != nil, "round \(round): the program restored the terminal")
      Transcript.expectNoTypedDigits(String(session.text[..<(restore?.lowerBound ?? session.text.endIndex)]))
    }
  }

  @Test("--timeout ends the prompt with exit status 3 after saying so")
  func timeout() throws {
    let session = try DemoSession(["demo", "--timeout", "1", "--screen-reader"])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.waitFor("Time is up", timeout: .seconds(4))
    #expect(try session.finish() == .exited(3))
    #expect(try session.terminalRestored())
  }

  @Test("no terminal to ask on exits 69 with a clear message")
  func noTerminal() throws {
    let session = try DemoSession(["demo", "--tty", "/dev/passcode-no-such-terminal"])
    #expect(try session.finish() == .exited(69))
    #expect(session.text.contains("No terminal to ask on"))
  }

  @Test("in a narrow window the status wraps at words, nothing is cut, and no row is wider than the window")
  func windowResize() throws {
    let session = try DemoSession(["demo"])
    try session.waitFor("Enter Passcode, 4 digits")
    let before = session.text.count
    try session.resizeWindow(columns: 20)
    try session.waitFor("digits")
    try session.type("2")
    try session.waitFor("entered")
    let after = Transcript.rows(String(session.text.dropFirst(before)))
    #expect(after.allSatisfy { $0.count < 20 }, "\(after)")
    #expect(!session.text.contains("…"), "nothing is cut")
    #expect(Transcript.words(of: after).contains("●○○○ 1 of 4 digits entered"), "\(after)")
    try session.type("\u{1b}")
    #expect(try session.finish() == .exited(2))
  }
}
