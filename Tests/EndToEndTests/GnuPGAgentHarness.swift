import Foundation
import PasscodeTestSupport

/// A real gpg-agent in a private `GNUPGHOME` whose `pinentry-program` is a `pinentry-passcode` symlink to
/// the built binary, driven by `gpg-connect-agent` with `GPG_TTY` set to a pseudo-terminal the test holds.
///
/// `gpg-connect-agent` starts the agent, which inherits its environment and passes it on to the pinentry;
/// that is how `SPEECHD_ADDRESS` and `PASSCODE_SPEECH` reach `passcode`. The agent is killed with
/// `gpgconf --kill gpg-agent` in ``stop()``.
final class GnuPGAgentHarness {
  /// The private `GNUPGHOME`, short and under `/tmp` because of the socket path limit; mode 0700.
  let home: String
  /// The terminal the pinentry asks on (its slave is `GPG_TTY`).
  let terminal: PseudoTerminal
  private let environment: [String: String]
  private var connections = 0

  /// Makes the home, the symlink and the agent configuration; the agent starts with the first command.
  ///
  /// - Parameter environment: Extra variables for the agent and so for the pinentry.
  /// - Throws: When the directory, the link, the configuration or the pseudo-terminal cannot be made.
  init(environment: [String: String] = [:]) throws {
    home = try Self.temporaryDirectory()
    let pinentry = try PasscodeBinary.makePinentryLink(in: home)
    let configuration = "pinentry-program \(pinentry)\nlog-file \(home)/agent.log\ndebug-pinentry\n"
    try configuration.write(toFile: home + "/gpg-agent.conf", atomically: true, encoding: .utf8)
    terminal = try PseudoTerminal()
    self.environment = [
      "GNUPGHOME": home, "GPG_TTY": terminal.slavePath, "TERM": "xterm", "LC_ALL": "C", "DISPLAY": "",
      "PASSCODE_SPEECH": "off",
    ].merging(environment) { _, new in new }
  }

  /// Makes a fresh directory with a short path under `/tmp`, mode 0700.
  ///
  /// - Returns: Its path.
  /// - Throws: ``HarnessError/setUp(_:)`` when `mkdtemp` fails.
  static func temporaryDirectory() throws -> String {
    var template = Array("/tmp/gpa.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw HarnessError.setUp("mkdtemp failed") }
    return String(cString: made)
  }

  /// Starts `gpg-connect-agent COMMAND /bye`; its replies go to a file read by ``replies(of:)``.
  ///
  /// - Parameter command: The agent command, such as `GET_PASSPHRASE --data X Error Prompt Description`.
  /// - Returns: The running client.
  /// - Throws: When the client cannot start.
  func send(_ command: String) throws -> Connection {
    connections += 1
    let output = "\(home)/connect\(connections).out"
    let process = try SpawnedProcess(
      executable: "gpg-connect-agent", arguments: [command, "/bye"], environment: environment, outputPath: output)
    return Connection(process: process, outputPath: output)
  }

  /// Waits for the client to end and returns its Assuan reply lines (`D`, `S`, `OK`, `ERR`).
  ///
  /// - Parameter connection: The client.
  /// - Returns: The reply lines, without the client's own log lines.
  /// - Throws: ``HarnessError/timedOut(_:)`` when the client does not end in 30 s.
  func replies(of connection: Connection) throws -> [String] {
    guard connection.process.waitForExit(timeout: .seconds(30)) != nil else {
      connection.process.signal(SIGKILL)
      throw HarnessError.timedOut("gpg-connect-agent did not end; agent log:\n\(agentLog())")
    }
    let text = (try? String(contentsOfFile: connection.outputPath, encoding: .utf8)) ?? ""
    return text.split(whereSeparator: \.isNewline).map(String.init).filter { line in
      ["D ", "S ", "ERR ", "OK"].contains { line.hasPrefix($0) }
    }
  }

  /// The agent's log, for failure messages.
  func agentLog() -> String {
    (try? String(contentsOfFile: home + "/agent.log", encoding: .utf8)) ?? ""
  }

  /// Types text on the terminal, as the user would.
  ///
  /// - Parameter text: The keys.
  /// - Throws: When writing to the terminal fails.
  func type(_ text: String) throws {
    try terminal.write(text)
  }

  /// Waits until the terminal shows `text`.
  ///
  /// - Parameter text: The text to wait for.
  /// - Returns: The output up to it.
  /// - Throws: ``PseudoTerminalError`` when it does not appear in 20 s.
  @discardableResult
  func waitForScreen(_ text: String) throws -> String {
    String(decoding: try terminal.readUntil(text, timeout: .seconds(20)), as: UTF8.self)
  }

  /// Kills the agent and removes the home.
  func stop() {
    _ = try? SpawnedProcess.run(executable: "gpgconf", arguments: ["--homedir", home, "--kill", "gpg-agent"])
    try? FileManager.default.removeItem(atPath: home)
  }

  /// A running `gpg-connect-agent`.
  struct Connection {
    let process: SpawnedProcess
    let outputPath: String
  }

  /// Why the harness could not do its part.
  enum HarnessError: Error {
    case setUp(String)
    case timedOut(String)
  }
}
