import Foundation
import PasscodeTestSupport

/// One run of the real `passcode` binary on its own pseudo-terminal, in plain-text mode (`TERM=dumb`,
/// `--speech off`), keeping everything it printed for the no-secret checks.
final class PasscodeRun {
  /// How long any single expected piece of output may take (Argon2id runs on a shared machine).
  static let patience = Duration.seconds(30)

  let terminal: PseudoTerminal
  let process: ChildProcess
  /// Everything read from the terminal so far.
  private(set) var transcript: [UInt8] = []

  /// Starts `passcode SUBCOMMAND --store STORE --speech off ARGUMENTS` (no `--speech` for `status`).
  ///
  /// - Parameters:
  ///   - subcommand: The subcommand.
  ///   - store: The store directory.
  ///   - arguments: More options, then `--` and a command for `exec`.
  /// - Throws: ``EndToEndError/missingBinary(_:)``, or an error when the terminal or process cannot start.
  convenience init(_ subcommand: String, store: StoreDirectory, _ arguments: [String] = []) throws {
    if let reason = PasscodeBinary.missingReason { throw EndToEndError.missingBinary(reason) }
    let options = ["--store", store.path] + (subcommand == "status" ? [] : ["--speech", "off"])
    var rest = arguments
    var tail: [String] = []
    if let separator = rest.firstIndex(of: "--") {
      tail = Array(rest[separator...])
      rest = Array(rest[..<separator])
    }
    try self.init(
      executable: PasscodeBinary.path, arguments: [subcommand] + options + rest + tail, store: store)
  }

  /// Starts any executable on a new pseudo-terminal, as its controlling terminal and session leader.
  ///
  /// - Parameters:
  ///   - executable: The program.
  ///   - arguments: Its arguments.
  ///   - store: The store directory, used as `HOME`.
  ///   - more: More environment variables, on top of `PATH`, `HOME`, `TERM` and `LANG`.
  /// - Throws: ``EndToEndError/missingBinary(_:)``, or an error when the terminal or process cannot start.
  init(executable: String, arguments: [String], store: StoreDirectory, environment more: [String: String] = [:]) throws
  {
    if let reason = PasscodeBinary.missingReason { throw EndToEndError.missingBinary(reason) }
    terminal = try PseudoTerminal(columns: 100, rows: 30)
    let environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": store.path,
      "TERM": "dumb",
      "LANG": "C.UTF-8",
    ].merging(more) { _, given in given }
    process = try ChildProcess(
      executablePath: executable, arguments: arguments, environment: environment, terminal: terminal)
  }

  /// Reads until the text appears, and returns what came before it, the text included.
  ///
  /// - Parameters:
  ///   - text: The text to wait for.
  ///   - timeout: How long to wait.
  /// - Returns: The output up to the end of the text.
  /// - Throws: ``EndToEndError/missingOutput(expected:received:)`` when it does not appear in time.
  @discardableResult
  func expect(_ text: String, timeout: Duration = PasscodeRun.patience) throws -> String {
    do {
      let bytes = try terminal.readUntil(text, timeout: timeout)
      transcript += bytes
      return String(decoding: bytes, as: UTF8.self)
    } catch let PseudoTerminalError.timedOut(received) {
      transcript += received
      throw EndToEndError.missingOutput(expected: text, received: String(decoding: received, as: UTF8.self))
    } catch let PseudoTerminalError.endOfFile(received) {
      transcript += received
      throw EndToEndError.missingOutput(expected: text, received: String(decoding: received, as: UTF8.self))
    }
  }

  /// Types text (or control bytes) on the terminal.
  ///
  /// - Parameter text: What to type.
  /// - Throws: An error when the terminal cannot be written.
  func type(_ text: String) throws {
    try terminal.write(text)
  }

  /// Types a whole code once the prompt is ready for it.
  ///
  /// - Parameters:
  ///   - code: The code.
  ///   - ready: The text that says the prompt takes keys.
  /// - Throws: ``EndToEndError/missingOutput(expected:received:)`` when the prompt does not get ready.
  func enter(_ code: String, after ready: String) throws {
    try expect(ready)
    try type(code)
  }

  /// Waits for the process to end and collects what it printed last.
  ///
  /// - Parameter timeout: How long to wait.
  /// - Returns: Its exit status.
  /// - Throws: An error when it does not end in time.
  func finish(timeout: Duration = PasscodeRun.patience) throws -> ExitStatus {
    let status = try process.waitForExit(timeout: timeout)
    transcript += (try? terminal.read(timeout: .milliseconds(50))) ?? []
    return status
  }

  /// Everything printed, as text.
  var output: String { String(decoding: transcript, as: UTF8.self) }
}

/// Why an end-to-end test could not go on.
enum EndToEndError: Error, CustomStringConvertible {
  case missingBinary(String)
  case missingOutput(expected: String, received: String)
  case unexpectedExit(ExitStatus, output: String)

  var description: String {
    switch self {
    case let .missingBinary(reason): reason
    case let .missingOutput(expected, received): "expected \"\(expected)\" in the output; got:\n\(received)"
    case let .unexpectedExit(status, output): "unexpected \(status); output:\n\(output)"
    }
  }
}
