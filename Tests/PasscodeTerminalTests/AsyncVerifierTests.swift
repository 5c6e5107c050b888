import PasscodeKeypad
import PasscodeTestSupport
import Synchronization
import Testing

/// The library's async verifier and the remote, on a real pseudo-terminal: what a consumer's `await` gets. In the
/// signal relay's serialized suite: a prompt takes the process's one relay while it is open.
extension SignalRelayTests {
  /// A plain prompt on a terminal, named by its path alone so that the prompt shares nothing with the test's
  /// handle on the terminal and can be sent to the task that asks.
  private static func prompt(on path: String) throws -> TerminalPasscodePrompt {
    try TerminalPasscodePrompt(settings: PromptSettings(terminalPath: path, environment: ["TERM": "dumb"]))
  }

  /// A task that asks for four digits on `prompt`, accepting any, and closes it.
  private static func asking(_ prompt: sending TerminalPasscodePrompt) -> Task<EntryOutcome, any Error> {
    Task {
      defer { prompt.close() }
      return try await prompt.ask(try EntryConfiguration(length: .fixed(4))) { _ in
        await Task.yield()
        return .accepted
      }
    }
  }

  private static let expectedCode: WipedSecretBuffer = {
    let code = WipedSecretBuffer(capacity: 4)
    for byte in "2580".utf8 { _ = code.append(byte) }
    return code
  }()

  @Test("an async verifier rejects a wrong code, which is said, and accepts the right one after an await")
  func asyncVerifierChecksEachCode() async throws {
    let terminal = try PseudoTerminal()
    let prompt = try Self.prompt(on: terminal.slavePath)
    let checked = Mutex(0)
    let asking = Task {
      defer { prompt.close() }
      return try await prompt.ask(try EntryConfiguration(length: .fixed(4))) { secret in
        checked.withLock { $0 += 1 }
        try await Task.sleep(for: .milliseconds(300))  // a server's round trip: "Checking" is said meanwhile
        return secret.constantTimeEquals(Self.expectedCode) ? .accepted : .rejected(failureCount: 1)
      }
    }
    try terminal.write("1111")
    let first = String(decoding: try terminal.readUntil("Ready", timeout: .seconds(10)), as: UTF8.self)
    #expect(first.contains("Checking") && first.contains("Wrong passcode"), "\(first)")
    try terminal.write("2580")
    #expect(try await asking.value == .accepted)
    #expect(checked.withLock { $0 } == 2)
    _ = try terminal.readUntil("Passcode accepted", timeout: .seconds(10))
  }

  @Test("cancelling the task that awaits the prompt cancels the entry, as Esc does")
  func taskCancellationCancelsTheEntry() async throws {
    let terminal = try PseudoTerminal()
    let prompt = try Self.prompt(on: terminal.slavePath)
    let asking = Self.asking(prompt)
    try terminal.write("25")
    _ = try terminal.readUntil("2 of 4 digits entered", timeout: .seconds(10))
    asking.cancel()
    #expect(try await asking.value == .cancelled)
    _ = try terminal.readUntil("Cancelled", timeout: .seconds(10))
  }

  @Test("another thread clears and cancels through the remote, and follows the progress as counts")
  func remoteFromAnotherThread() async throws {
    let terminal = try PseudoTerminal()
    let prompt = try Self.prompt(on: terminal.slavePath)
    let remote = prompt.remote
    let counts = Mutex<[Int]>([])
    remote.observeProgress { progress in counts.withLock { $0.append(progress.count) } }
    let asking = Self.asking(prompt)
    try terminal.write("25")
    _ = try terminal.readUntil("2 of 4 digits entered", timeout: .seconds(10))
    remote.clear()
    _ = try terminal.readUntil("Cleared", timeout: .seconds(10))
    try terminal.write("8")
    _ = try terminal.readUntil("1 of 4 digits entered", timeout: .seconds(10))
    #expect(remote.progress == EntryProgress(count: 1, length: 4))
    remote.cancel()
    #expect(try await asking.value == .cancelled)
    #expect(counts.withLock { $0 } == [0, 1, 2, 0, 1, 0], "\(counts.withLock { $0 })")
  }
}
