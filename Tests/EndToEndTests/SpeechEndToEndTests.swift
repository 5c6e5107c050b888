import Foundation
import PasscodeTestSupport
import Testing

/// `passcode demo` speaking through a real private speech-dispatcher whose output module records every
/// text it is asked to synthesise.
@Suite("passcode speaking through a real speech-dispatcher", .serialized)
struct SpeechEndToEndTests {
  /// Types keys and waits until speech-dispatcher has received the announcement they cause.
  private func press(
    _ keys: String, session: DemoSession, daemon: PrivateSpeechDispatcher, expecting text: String
  ) throws {
    try session.type(keys)
    let requests = daemon.waitForLastRequest(text: text)
    #expect(requests.last?.text == text, "after \(keys.debugDescription): \(requests.suffix(3))")
  }

  @Test("every announcement is sent with its catalogue words and priority, in order, and no typed digit is")
  func spokenSession() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--speech", "on"], environment: ["SPEECHD_ADDRESS": daemon.address])
    let opening = "Enter Passcode, 4 digits. The passcode is two five eight zero"
    try session.waitFor("Enter Passcode, 4 digits")
    _ = daemon.waitForLastRequest(text: opening)
    try press("1", session: session, daemon: daemon, expecting: "1 of 4 digits entered")
    try press("\u{7f}", session: session, daemon: daemon, expecting: "Deleted, 0 of 4 digits entered")
    try press("2", session: session, daemon: daemon, expecting: "1 of 4 digits entered")
    try press("\u{15}", session: session, daemon: daemon, expecting: "Cleared, 0 of 4 digits entered")
    try press("\u{12}", session: session, daemon: daemon, expecting: "0 of 4 digits entered, 6 tries left")
    try press(
      "\u{1b}[200~13x9\u{1b}[201~", session: session, daemon: daemon,
      expecting: "Pasted, 3 of 4 digits entered, 1 ignored")
    try press("7", session: session, daemon: daemon, expecting: "Ready")
    for (index, digit) in "2580".enumerated() {
      let expected = index == 3 ? "Passcode accepted" : "\(index + 1) of 4 digits entered"
      try press(String(digit), session: session, daemon: daemon, expecting: expected)
    }
    try session.waitFor("Unlocked")
    _ = daemon.waitForLastRequest(text: "Unlocked. Press L to lock again or Q to quit.")
    try session.type("q")
    #expect(try session.finish() == .exited(0))

    let expected: [(String, String)] = [
      ("MESSAGE", opening), ("TEXT", "1 of 4 digits entered"),
      ("TEXT", "Deleted, 0 of 4 digits entered"), ("TEXT", "1 of 4 digits entered"),
      ("TEXT", "Cleared, 0 of 4 digits entered"), ("MESSAGE", "0 of 4 digits entered, 6 tries left"),
      ("TEXT", "Pasted, 3 of 4 digits entered, 1 ignored"), ("TEXT", "4 of 4 digits entered"),
      ("IMPORTANT", "Wrong passcode"), ("MESSAGE", "Ready"), ("TEXT", "1 of 4 digits entered"),
      ("TEXT", "2 of 4 digits entered"), ("TEXT", "3 of 4 digits entered"), ("TEXT", "4 of 4 digits entered"),
      ("MESSAGE", "Passcode accepted"), ("MESSAGE", "Unlocked. Press L to lock again or Q to quit."),
    ]
    let requests = daemon.protocolRequests()
    #expect(requests.map(\.priority) == expected.map(\.0))
    #expect(requests.map(\.text) == expected.map(\.1))

    let spoken = daemon.waitForSpoken(count: 1)
    #expect(spoken.contains("Wrong passcode"))
    let sentTexts = Set(requests.map(\.text))
    for line in spoken {
      #expect(sentTexts.contains { $0.hasPrefix(line) || $0.contains(line) }, "spoken but never sent: \(line)")
    }
    // No file the daemon wrote holds a typed code, and the spoken words hold no digit but counts.
    for file in try FileManager.default.subpathsOfDirectory(atPath: daemon.base) {
      let contents = (try? String(contentsOfFile: daemon.base + "/" + file, encoding: .utf8)) ?? ""
      for code in ["1397", "2580", "13x9"] {
        // Log lines are full of timestamps and message numbers; a code counts only as a number of its own.
        let pattern = "(?<![0-9])\(code)(?![0-9])"
        #expect(contents.range(of: pattern, options: .regularExpression) == nil, "\(file) holds a typed code")
      }
    }
    Transcript.expectNoTypedDigits(spoken.joined(separator: "\n"))
    Transcript.expectNoTypedDigits(session.text)
  }

  @Test("with no daemon the prompt works and shows one notice")
  func noDaemon() throws {
    let missing = "unix_socket:/tmp/passcode-no-such-daemon-\(getpid()).sock"
    let session = try DemoSession(
      ["demo", "--speech", "on", "--screen-reader"], environment: ["SPEECHD_ADDRESS": missing])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.waitFor("Speech unavailable: ")
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(session.text.components(separatedBy: "Speech unavailable").count == 2, "exactly one notice")
  }

  @Test("a daemon killed mid-entry: entry goes on and the program exits normally, not by SIGPIPE")
  func daemonKilledMidEntry() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["demo", "--speech", "on", "--screen-reader"], environment: ["SPEECHD_ADDRESS": daemon.address])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("2")
    _ = daemon.waitForLastRequest(text: "1 of 4 digits entered")
    daemon.kill()
    for digit in "580" {
      try session.type(String(digit))
      try session.waitFor("entered")
    }
    try session.waitFor("Unlocked")
    try session.type("q")
    #expect(try session.finish() == .exited(0))
    #expect(session.text.components(separatedBy: "Speech unavailable").count == 2, "exactly one notice")
  }

  @Test("a server that accepts and never answers does not hang the prompt")
  func silentServer() throws {
    let path = "/tmp/passcode-silent-\(getpid()).sock"
    let server = try SilentSSIPServer(path: path)
    defer { server.stop() }
    let session = try DemoSession(
      ["demo", "--speech", "on", "--screen-reader"], environment: ["SPEECHD_ADDRESS": server.address])
    try session.waitFor("Enter Passcode, 4 digits", timeout: .seconds(2))
    #expect(try session.unlockAndQuit(timeout: .seconds(2)) == .exited(0))
  }

  @Test("--speech off sends nothing at all to speech-dispatcher")
  func speechOff() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(["demo", "--speech", "off"], environment: ["SPEECHD_ADDRESS": daemon.address])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("1397")
    try session.waitFor("Ready")
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(daemon.protocolCommands().isEmpty)
  }

  @Test("--sound plays speech-dispatcher sound icons with speech, the bell without, and nothing under reduce motion")
  func soundCues() throws {
    func wrongThenRight(_ flags: [String], environment: [String: String]) throws -> DemoSession {
      let session = try DemoSession(["demo"] + flags, environment: environment)
      try session.waitFor("Enter Passcode, 4 digits")
      try session.type("1397")
      try session.waitFor("Ready")
      #expect(try session.unlockAndQuit() == .exited(0))
      return session
    }
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    _ = try wrongThenRight(["--sound", "--speech", "on"], environment: ["SPEECHD_ADDRESS": daemon.address])
    // The daemon writes its log a moment after it answers; wait for both icons to be logged.
    var icons: [String] = []
    let deadline = ContinuousClock.now + .seconds(3)
    repeat {
      icons = daemon.protocolCommands().filter { $0.uppercased().hasPrefix("SOUND_ICON") }
      if icons.count < 2 { usleep(20_000) }
    } while icons.count < 2 && ContinuousClock.now < deadline
    #expect(icons.map { $0.lowercased() } == ["sound_icon error", "sound_icon success"])

    let bell = try wrongThenRight(["--sound", "--speech", "off"], environment: [:])
    #expect(bell.transcript.filter { $0 == 0x07 }.count == 2)
    let calm = try wrongThenRight(["--sound", "--speech", "off", "--reduce-motion"], environment: [:])
    #expect(!calm.transcript.contains(0x07))
  }

  @Test("passcode doctor reports the daemon, the decision, the terminal and the store, and nothing typed")
  func doctor() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["doctor", "--speech", "on", "--store", "/tmp/passcode-doctor-store"],
      environment: ["SPEECHD_ADDRESS": daemon.address])
    #expect(try session.finish() == .exited(0))
    let report = session.text
    #expect(report.contains("speech-dispatcher address: \(daemon.address)"))
    #expect(report.contains("speech-dispatcher: reachable"))
    #expect(report.contains("Speech decision: speak through speech-dispatcher (mode on)"))
    #expect(report.contains("Terminal: tty, colour on, profile visual"))
    #expect(report.contains("Passcode hash: /tmp/passcode-doctor-store/passcode.hash"))
  }
}
