import PasscodeKeypad
import PasscodeTestSupport
import Synchronization
import SystemCalls
import Testing

/// The library's async verifier and the remote, on a real pseudo-terminal: what a consumer's `await` gets. In the
/// signal relay's serialized suite: a prompt takes the process's one relay while it is open.
///
/// The person's side (reading the terminal, typing, the caller's other thread) runs on a thread of its own, never on
/// the task pool, which the test's `await` leaves free for the prompt: a blocking read there could starve the tasks
/// the prompt needs when the whole suite runs on two cores.
extension SignalRelayTests {
  /// A plain prompt on a terminal, named by its path alone so that the prompt shares nothing with the test's
  /// handle on the terminal and can be sent to the task that asks.
  private static func prompt(on path: String) throws -> TerminalPasscodePrompt {
    try TerminalPasscodePrompt(settings: PromptSettings(terminalPath: path, environment: ["TERM": "dumb"]))
  }

  private static let expectedCode: WipedSecretBuffer = {
    let code = WipedSecretBuffer(capacity: 4)
    for byte in "2580".utf8 { _ = code.append(byte) }
    return code
  }()

  /// A server's round trip: the reply arrives on another thread after `delay` and resumes the verifier, as a network
  /// library's callback would (not `Task.sleep`, whose timer resumes through the task pool, which the rest of the
  /// suite may keep busy).
  private static func serverReply(after delay: Duration) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let started = BackgroundThread.start {
        BootTimeClock.wait(until: BootTimeClock.now + delay)
        continuation.resume()
      }
      if !started { continuation.resume() }
    }
  }

  /// The person at the terminal, on a thread of its own: waits for the question, then runs `steps` against the
  /// terminal's master side.
  private final class Person: @unchecked Sendable {
    private let terminal: PseudoTerminal
    private let finished = Mutex<Result<Void, any Error>?>(nil)

    init(at terminal: PseudoTerminal, _ steps: @escaping @Sendable (PseudoTerminal) throws -> Void) {
      self.terminal = terminal
      let started = BackgroundThread.start { [self] in
        let result = Result {
          // Keys typed before the prompt is asking are thrown away when it enters raw mode (`TCSAFLUSH`), so the
          // person types only once the question ("… 4 digits …") is on the screen, as a person would.
          _ = try Self.read(self.terminal, through: "digits")
          try steps(self.terminal)
        }
        // A step that failed (words that never came) hangs the terminal up, so the prompt ends with an error the
        // test reports, instead of the `await` waiting for ever.
        if case .failure = result { self.terminal.closeMaster() }
        finished.withLock { $0 = result }
      }
      precondition(started, "no thread for the person")
    }

    /// Runs `ask` (the prompt's `await`), then waits for the steps to end. When both fail, the steps' error is the
    /// one thrown: a hang-up the prompt reports is then only the consequence of the step that failed.
    func answering<Outcome>(_ ask: () async throws -> Outcome) async throws -> Outcome {
      let outcome: Outcome
      do {
        outcome = try await ask()
      } catch {
        try finish()
        throw error
      }
      try finish()
      return outcome
    }

    /// Waits (on this thread, briefly: the prompt has ended) for the steps to end, and rethrows what they threw.
    private func finish() throws {
      while true {
        if let result = finished.withLock({ $0 }) { return try result.get() }
        BootTimeClock.wait(until: BootTimeClock.now + .milliseconds(10))
      }
    }

    /// What the terminal showed through `text`, as text.
    static func read(_ terminal: PseudoTerminal, through text: String) throws -> String {
      String(decoding: try terminal.readUntil(text, timeout: .seconds(120)), as: UTF8.self)
    }
  }

  @Test("an async verifier rejects a wrong code, which is said, and accepts the right one after an await")
  func asyncVerifierChecksEachCode() async throws {
    let terminal = try PseudoTerminal()
    let prompt = try Self.prompt(on: terminal.slavePath)
    defer { prompt.close() }
    let checked = Mutex(0)
    let shown = Mutex("")
    let person = Person(at: terminal) { terminal in
      try terminal.write("1111")
      let first = try Person.read(terminal, through: "Ready")
      shown.withLock { $0 = first }
      try terminal.write("2580")
    }
    let outcome = try await person.answering {
      try await prompt.ask(try EntryConfiguration(length: .fixed(4))) { secret in
        checked.withLock { $0 += 1 }
        await Self.serverReply(after: .milliseconds(300))  // "Checking" is said meanwhile
        return secret.constantTimeEquals(Self.expectedCode) ? .accepted : .rejected(failureCount: 1)
      }
    }
    #expect(outcome == .accepted)
    #expect(checked.withLock { $0 } == 2)
    let first = shown.withLock { $0 }
    #expect(first.contains("Checking") && first.contains("Wrong passcode"), "\(first)")
  }

  @Test("the verifier starts and resumes on the prompt's thread while every thread of the task pool is busy")
  func verifierDoesNotWaitForTheTaskPool() async throws {
    let terminal = try PseudoTerminal()
    let prompt = try Self.prompt(on: terminal.slavePath)
    defer { prompt.close() }
    // More spinning tasks than the pool has threads, each until the verifier stops them, or for 30 s at most.
    final class Spinning: Sendable {
      let deadline = BootTimeClock.now + .seconds(30)
      let flag = Mutex(true)
      /// Whether the spinning tasks still run: neither stopped nor past their deadline.
      var isOn: Bool { flag.withLock { $0 } && BootTimeClock.now < deadline }
      func stop() { flag.withLock { $0 = false } }
    }
    let spinning = Spinning()
    for _ in 0..<16 {
      Task.detached { while spinning.isOn {} }
    }
    let seen = Mutex<[Bool]>([])
    let person = Person(at: terminal) { terminal in try terminal.write("2580") }
    let outcome = try await person.answering {
      try await prompt.ask(try EntryConfiguration(length: .fixed(4))) { _ in
        seen.withLock { $0.append(spinning.isOn) }
        await Self.serverReply(after: .milliseconds(50))
        seen.withLock { $0.append(spinning.isOn) }
        spinning.stop()
        return .accepted
      }
    }
    spinning.stop()
    #expect(outcome == .accepted)
    // Both while the pool was still spinning: the task did not wait for a thread of the pool to start or resume.
    #expect(seen.withLock { $0 } == [true, true])
  }

  @Test("cancelling the task that awaits the prompt cancels the entry, as Esc does")
  func taskCancellationCancelsTheEntry() async throws {
    let terminal = try PseudoTerminal()
    let prompt = try Self.prompt(on: terminal.slavePath)
    let asking = Task {
      defer { prompt.close() }
      return try await prompt.ask(try EntryConfiguration(length: .fixed(4))) { _ in
        await Task.yield()
        return .accepted
      }
    }
    let person = Person(at: terminal) { terminal in
      try terminal.write("25")
      _ = try Person.read(terminal, through: "2 of 4 digits entered")
      asking.cancel()
      _ = try Person.read(terminal, through: "Cancelled")
    }
    #expect(try await person.answering { try await asking.value } == .cancelled)
  }

  @Test("another thread clears and cancels through the remote, and follows the progress as counts")
  func remoteFromAnotherThread() async throws {
    let terminal = try PseudoTerminal()
    let prompt = try Self.prompt(on: terminal.slavePath)
    defer { prompt.close() }
    let remote = prompt.remote
    let counts = Mutex<[Int]>([])
    remote.observeProgress { progress in counts.withLock { $0.append(progress.count) } }
    let progressAfterOneDigit = Mutex<EntryProgress?>(nil)
    let person = Person(at: terminal) { terminal in
      try terminal.write("25")
      _ = try Person.read(terminal, through: "2 of 4 digits entered")
      remote.clear()
      _ = try Person.read(terminal, through: "Cleared")
      try terminal.write("8")
      _ = try Person.read(terminal, through: "1 of 4 digits entered")
      progressAfterOneDigit.withLock { $0 = remote.progress }
      remote.cancel()
    }
    let outcome = try await person.answering {
      try await prompt.ask(try EntryConfiguration(length: .fixed(4))) { _ in
        await Task.yield()
        return .accepted
      }
    }
    #expect(outcome == .cancelled)
    #expect(progressAfterOneDigit.withLock { $0 } == EntryProgress(count: 1, length: 4))
    #expect(counts.withLock { $0 } == [0, 1, 2, 0, 1, 0], "\(counts.withLock { $0 })")
  }
}
