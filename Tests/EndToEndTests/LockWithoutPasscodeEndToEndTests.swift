import Foundation
import PasscodeTestSupport
import Testing

/// `lock` with no passcode set, as tmux's `lock-command`: it locks nothing, so it must be heard and read before
/// tmux draws over it. It says so, spoken as well as shown, and waits for a key before it ends (66).
@Suite("lock with no passcode, and as tmux's lock-command, end to end", .serialized)
struct LockWithoutPasscodeEndToEndTests {
  static let nothingToLock = "No passcode is set, so nothing is locked. Set one with 'passcode set'."
  static let pressAnyKey = "Press any key to go on."
  /// What speech hears: the words told at the opening are one utterance, one full stop between them.
  static let spoken = nothingToLock + " " + pressAnyKey

  @Test("lock with no passcode says so, in speech as well as print, and ends only at a key, with 66")
  func saysSoAndWaits() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let store = try StoreDirectory()
    let run = try PasscodeRun(
      executable: PasscodeBinary.path, arguments: ["lock", "--store", store.path, "--speech", "on"], store: store,
      environment: ["SPEECHD_ADDRESS": daemon.address])
    try run.expect(Self.nothingToLock)
    try run.expect(Self.pressAnyKey)
    let spoken = daemon.waitForLastRequest(text: Self.spoken).map(\.text)
    #expect(spoken == [Self.spoken])
    #expect(throws: (any Error).self, "it ended before a key was pressed") {
      try run.process.waitForExit(timeout: .milliseconds(500))
    }
    try run.type("x")
    #expect(try run.finish() == .exited(66))
  }

  @Test("lock with no passcode and no terminal prints why and exits 66 at once")
  func noTerminalPrintsAndEnds() throws {
    let store = try StoreDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    process.arguments = ["--wait", PasscodeBinary.path, "lock", "--store", store.path, "--speech", "off"]
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": store.path, "LANG": "C.UTF-8"]
    let errors = Pipe()
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 66)
    #expect(text == "passcode: No passcode is set. Set one with 'passcode set'.\n")
  }

  /// The README's tmux lines, as a person copies them into `~/.tmux.conf`.
  static func readmeTmuxLines() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n").map(String.init)
    let lockCommand = try #require(lines.first { $0.hasPrefix("set -g lock-command 'passcode lock'") })
    let binding = try #require(lines.first { $0.hasPrefix("bind-key X lock-client") })
    return [lockCommand, binding]
  }

  @Test("every manual page shows the README's tmux lines", arguments: ["", ".es", ".fr", ".de"])
  func manualPagesShowTheLines(language: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let page = try String(contentsOf: root.appendingPathComponent("Docs/passcode\(language).1"), encoding: .utf8)
      .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\(aq", with: "'")
    for line in try Self.readmeTmuxLines() {
      #expect(page.contains(line + "\n"), "Docs/passcode\(language).1 lacks \(line)")
    }
  }

  @Test("as the README's tmux lock-command, with no passcode: shown and spoken, and tmux waits for a key")
  func tmuxLockCommand() throws {
    let daemon = try PrivateSpeechDispatcher()
    defer { daemon.stop() }
    let store = try StoreDirectory()
    // The full path, as the README says for a passcode that is not on tmux's PATH; speech forced on, so that the
    // private daemon hears it whatever else runs for this user.
    let lines = try Self.readmeTmuxLines().map {
      $0.replacingOccurrences(of: "'passcode lock'", with: "'\(PasscodeBinary.path) lock --speech on'")
    }
    try store.write(lines.joined(separator: "\n") + "\n", to: "tmux.conf", mode: 0o600)
    // A private server, its socket in the store directory, which goes with it.
    let socket = store.child("tmux.socket")
    defer { Self.tmux(["-S", socket, "kill-server"]) }
    let client = try PasscodeRun(
      executable: "/usr/bin/tmux",
      arguments: ["-S", socket, "-f", store.child("tmux.conf"), "new-session", "echo pane-ready; exec sleep 600"],
      store: store, environment: ["TERM": "xterm-256color", "SPEECHD_ADDRESS": daemon.address])
    try client.expect("pane-ready")
    // The prefix, then X (lock-client), as a person types them: apart. tmux takes keys that come within its
    // assume-paste-time (1 ms) of the one before as a paste, and passes them to the pane unbound; written at once
    // on a loaded machine, the X once reached the pane (CI, 2026-12-07).
    try client.type("\u{02}")
    usleep(100_000)
    try client.type("X")
    try client.expect(Self.nothingToLock)
    try client.expect(Self.pressAnyKey)
    let spoken = daemon.waitForLastRequest(text: Self.spoken).map(\.text)
    #expect(spoken == [Self.spoken])
    // Still locked a while later: tmux has not drawn its pane back over the words.
    let meanwhile = String(decoding: (try? client.terminal.read(timeout: .milliseconds(500))) ?? [], as: UTF8.self)
    #expect(!meanwhile.contains("pane-ready"), "tmux came back before a key: \(meanwhile.debugDescription)")
    try client.type("x")
    try client.expect("pane-ready")
  }

  @discardableResult
  private static func tmux(_ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
