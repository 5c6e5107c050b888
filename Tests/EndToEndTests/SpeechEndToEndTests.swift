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
    // The paste lost its x: the entry it fills is not what was pasted, so it is held back until cleared.
    try press("7", session: session, daemon: daemon, expecting: Transcript.notSubmitted)
    try press("\u{15}", session: session, daemon: daemon, expecting: "Cleared, 0 of 4 digits entered")
    for (index, digit) in "139".enumerated() {
      try press(String(digit), session: session, daemon: daemon, expecting: "\(index + 1) of 4 digits entered")
    }
    try press("7", session: session, daemon: daemon, expecting: "Ready")
    for (index, digit) in "258".enumerated() {
      try press(String(digit), session: session, daemon: daemon, expecting: "\(index + 1) of 4 digits entered")
    }
    // "Passcode accepted" and the unlock screen's words follow each other at once: wait for the second; the
    // order of the two is checked with the whole list below.
    try press("0", session: session, daemon: daemon, expecting: "Unlocked. Press L to lock again or Q to quit.")
    try session.waitFor("Unlocked")
    try session.type("q")
    #expect(try session.finish() == .exited(0))

    let expected: [(String, String)] = [
      ("MESSAGE", opening), ("TEXT", "1 of 4 digits entered"),
      ("TEXT", "Deleted, 0 of 4 digits entered"), ("TEXT", "1 of 4 digits entered"),
      ("TEXT", "Cleared, 0 of 4 digits entered"), ("MESSAGE", "0 of 4 digits entered, 6 tries left"),
      ("TEXT", "Pasted, 3 of 4 digits entered, 1 ignored"), ("TEXT", "4 of 4 digits entered"),
      ("MESSAGE", Transcript.notSubmitted), ("TEXT", "Cleared, 0 of 4 digits entered"),
      ("TEXT", "1 of 4 digits entered"), ("TEXT", "2 of 4 digits entered"), ("TEXT", "3 of 4 digits entered"),
      ("TEXT", "4 of 4 digits entered"), ("IMPORTANT", "Wrong passcode"), ("MESSAGE", "Ready"),
      ("TEXT", "1 of 4 digits entered"),
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
      // Each log line starts with "[date : microseconds]", and the microseconds are not zero-padded, so
      // " : 2580]" comes up now and then: the stamps are left out before looking.
      let contents = ((try? String(contentsOfFile: daemon.base + "/" + file, encoding: .utf8)) ?? "")
        .replacingOccurrences(of: #"\[[^\]\n]* : [0-9]+\]"#, with: "", options: .regularExpression)
      for code in ["1397", "2580", "13x9"] {
        // Log lines are full of message numbers and lengths; a code counts only as a number of its own.
        let pattern = "(?<![0-9])\(code)(?![0-9])"
        #expect(contents.range(of: pattern, options: .regularExpression) == nil, "\(file) holds a typed code")
      }
    }
    Transcript.expectNoTypedDigits(spoken.joined(separator: "\n"))
    Transcript.expectNoTypedDigits(session.text)
  }

  /// The one notice shown when speech was chosen and does not answer.
  private static let notice = "speech-dispatcher is not answering; run 'passcode doctor'"

  @Test("with speech chosen and no daemon the prompt works and shows one fixed notice, no library text")
  func noDaemon() throws {
    let missing = "unix_socket:/tmp/passcode-no-such-daemon-\(getpid()).sock"
    let session = try DemoSession(
      ["demo", "--screen-reader"], environment: ["SPEECHD_ADDRESS": missing, "PASSCODE_SPEECH": "on"])
    try session.waitFor("Enter Passcode, 4 digits")
    try session.waitFor(Self.notice)
    try session.type("1397")
    try session.waitFor("Ready")
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(session.text.components(separatedBy: Self.notice).count == 2, "exactly one notice")
    #expect(!session.text.contains("Autospawn") && !session.text.contains("Can't connect"))
    #expect(
      ProcessScan.processes(mentioning: "passcode-no-such-daemon-\(getpid())").isEmpty,
      "a standing wish for speech never starts a daemon")
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
    #expect(try session.unlockAndQuit(typing: "580", keyByKey: true) == .exited(0))
    #expect(session.text.components(separatedBy: Self.notice).count == 2, "exactly one notice")
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

  @Test("passcode doctor reports the channel and why, the daemon, the terminal, the store and pinentry")
  func doctor() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let session = try DemoSession(
      ["doctor", "--speech", "on", "--store", "/tmp/passcode-doctor-store"],
      environment: ["SPEECHD_ADDRESS": daemon.address])
    #expect(try session.finish() == .exited(0))
    let report = session.text
    #expect(
      report.contains(
        "speech-dispatcher: answering at \(daemon.address), output module recorder; it finished a short test."),
      "\(report)")
    #expect(
      report.contains(
        "Speech: speak through speech-dispatcher and show the text, because speech is forced on (--speech on)."))
    #expect(report.contains("Session: local"))
    #expect(
      report.contains("Profile: visual (one status line redrawn in place), because the terminal takes escape codes."))
    #expect(report.contains("  Next: If you use a screen reader or a braille display, add 'profile = screen-reader'"))
    #expect(report.contains("Passcode: not set (no /tmp/passcode-doctor-store/passcode.hash)."))
    #expect(report.contains("Preferences: speech on (--speech); profile auto (the default)"))
    #expect(report.contains("Result: nothing found that stops a prompt from working."))
    // Where prompts would speak, doctor speaks one short test, to find a daemon that answers but cannot play.
    #expect(daemon.protocolRequests().map(\.text) == ["passcode doctor: speech works."])
  }

  @Test("doctor over SSH prints only and says why, and that the lines are a reader's by default; a bad config exits 78")
  func doctorRemoteAndBadConfig() throws {
    let store = try StoreDirectory(settings: "speech = loud\n")
    let session = try DemoSession(
      ["doctor", "--store", store.path],
      environment: ["SSH_CONNECTION": "10.0.0.1 50000 10.0.0.2 22", "PASSCODE_SPEECH": ""])
    #expect(try session.finish() == .exited(78))
    let report = session.text
    #expect(report.contains("Speech: show the text only, because this is a remote session (SSH_CONNECTION is set)"))
    #expect(report.contains("Session: remote, because SSH_CONNECTION is set"))
    #expect(report.contains("Profile: screen-reader (each announcement a new line of words), because this is a remote"))
    #expect(report.contains("Config file: \(store.path)/config, line 1: speech must be auto, on or off, not \"loud\"."))
    #expect(report.contains("Result: 1 problem stops a prompt from working"))
  }

  @Test("doctor and status report a store file open to others before anything is typed")
  func unsafePermissions() throws {
    let store = try StoreDirectory(settings: "grace = 0\n")
    try store.write("not a hash\n", to: "passcode.hash", mode: 0o644)
    let doctor = try DemoSession(["doctor", "--store", store.path])
    #expect(try doctor.finish() == .exited(78))
    #expect(doctor.text.contains("Passcode hash: \(store.path)/passcode.hash has permissions 0644"))
    #expect(doctor.text.contains("  Run: chmod 600 \(store.path)/passcode.hash"))
    #expect(doctor.text.components(separatedBy: "chmod").count == 2, "the fix is printed once")
    let status = try DemoSession(["status", "--store", store.path])
    #expect(try status.finish() == .exited(74))
    #expect(status.text.contains("\(store.path)/passcode.hash has permissions 0644"))
    #expect(status.text.contains("Fix it with: chmod 600 \(store.path)/passcode.hash"))
  }

  @Test("auto over SSH with a daemon answering sends nothing at all to it; --speech on still would")
  func remoteSessionIsSilent() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let remote = [
      "SPEECHD_ADDRESS": daemon.address, "PASSCODE_SPEECH": "", "SSH_CONNECTION": "10.0.0.1 50000 10.0.0.2 22",
    ]
    let session = try DemoSession(["demo"], environment: remote)
    try session.waitFor("Enter Passcode, 4 digits")
    try session.type("1397")
    try session.waitFor("Ready")
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(daemon.protocolCommands().isEmpty, "no SSIP traffic: \(daemon.protocolCommands())")
    #expect(!session.text.contains("speech-dispatcher"), "speech was never chosen, so nothing is said about it")

    // The same session with speech forced does reach this daemon, so the silence above is the policy's.
    let forced = try DemoSession(["demo", "--speech", "on"], environment: remote)
    try forced.waitFor("Enter Passcode, 4 digits")
    // The prompt's opening (its title and the demo's code) is one utterance.
    let opening = "Enter Passcode, 4 digits. The passcode is two five eight zero"
    _ = daemon.waitForLastRequest(text: opening)
    #expect(try forced.unlockAndQuit() == .exited(0))
    #expect(daemon.protocolRequests().first?.text == opening)
  }

  @Test("auto with no daemon running starts no process; --speech on lets libspeechd start one, which ends by itself")
  func autoStartsNoDaemon() throws {
    // A private HOME and XDG_RUNTIME_DIR (DemoSession's own directory), so the default socket is ours alone
    // and any daemon libspeechd would start carries that path in its command line and environment.
    let session = try DemoSession(["demo"], environment: ["PASSCODE_SPEECH": ""])
    let marker = session.home.path
    try session.waitFor("Enter Passcode, 4 digits")
    #expect(try session.unlockAndQuit() == .exited(0))
    #expect(ProcessScan.processes(mentioning: marker).isEmpty, "auto started a process")
    #expect(!session.text.contains("speech-dispatcher"), "speech was never chosen, so nothing is said about it")

    // The scan can see a daemon: --speech on with the same kind of private directory starts one.
    let forced = try DemoSession(["demo", "--speech", "on"], environment: ["PASSCODE_SPEECH": ""])
    let forcedMarker = forced.home.path
    try forced.waitFor("Enter Passcode, 4 digits")
    let started = ProcessScan.wait(for: forcedMarker) { found in
      found.contains { $0.command.contains("speech-dispatcher") }
    }
    #expect(started.contains { $0.command.contains("speech-dispatcher") }, "no daemon seen: \(started)")
    #expect(try forced.unlockAndQuit() == .exited(0))
    // Once passcode has left it, speech-dispatcher's own idle timeout (5 s by default) ends it. That is the
    // daemon's behaviour, not passcode's (passcode has exited, so none of its connections is left), and
    // speech-dispatcher 0.11.4 sometimes keeps running past 30 s (2 runs in 8, measured alone): recorded as a
    // known intermittent issue rather than hidden.
    let left = ProcessScan.wait(for: forcedMarker, timeout: .seconds(30)) { $0.isEmpty }
    withKnownIssue(
      "speech-dispatcher's idle timeout does not always end a daemon it was spawned for", isIntermittent: true
    ) {
      #expect(left.isEmpty, "the daemon --speech on started was left running: \(left)")
    }
    for process in left { kill(process.pid, SIGKILL) }
  }
}
