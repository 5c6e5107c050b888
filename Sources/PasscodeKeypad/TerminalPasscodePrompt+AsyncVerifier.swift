import Synchronization
internal import SystemCalls
import _Concurrency  // Task and continuations: the release build turns the implicit import off, and `passcode` never links this

extension TerminalPasscodePrompt {
  /// Asks for one code checked by an async verifier (a server, a daemon), and returns how the prompt ended, without
  /// holding up the caller's thread: the prompt waits for keys on a thread of its own, and each complete code is
  /// checked by a task of its own while the prompt says "Checking". Cancelling the calling task cancels the entry,
  /// as ``PromptRemote/cancel()`` does; a code already being checked is checked to the end first.
  ///
  /// ```swift
  /// let outcome = try await prompt.ask(try EntryConfiguration(length: .fixed(6))) { secret in
  ///   try await server.check(secret) ? .accepted : .rejected(failureCount: nil)
  /// }
  /// ```
  ///
  /// Other threads may still use ``remote`` while it asks; the prompt itself must not be used until it returns.
  ///
  /// - Parameters:
  ///   - configuration: The code's shape and the prompt's timing.
  ///   - failureCount: Consecutive failures before this prompt.
  ///   - lockoutRemaining: How much of a lockout is still running.
  ///   - attemptLimit: The most wrong codes allowed in this prompt, or `nil`.
  ///   - verifier: Checks a complete code. It must not keep the storage, which is wiped when it returns. Throwing
  ///     ends the prompt with ``PromptError/verifierFailed(_:)``.
  /// - Returns: The outcome.
  /// - Throws: ``PromptError`` when the terminal fails, a terminating signal arrives or the verifier throws. The
  ///   terminal is restored before a terminating signal is reported.
  public nonisolated(nonsending) func ask(
    _ configuration: EntryConfiguration,
    failureCount: Int = 0,
    lockoutRemaining: Duration = .zero,
    attemptLimit: Int? = nil,
    verifier: @escaping @Sendable (any SecretStorage) async throws -> Verdict
  ) async throws(PromptError) -> EntryOutcome {
    let prompt = PromptOnItsThread(self)
    let remote = self.remote
    let ending = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Result<EntryOutcome, PromptError>, Never>) in
        let started = BackgroundThread.start {
          continuation.resume(
            returning: Result { () throws(PromptError) in
              try prompt.value.ask(
                configuration, failureCount: failureCount, lockoutRemaining: lockoutRemaining,
                attemptLimit: attemptLimit
              ) { secret in try AsyncVerification.answer(verifier, for: secret) }
            })
        }
        if !started {
          continuation.resume(returning: .failure(.verifierFailed(AsyncVerification.Failure.noThread)))
        }
      }
    } onCancel: {
      remote.cancel()
    }
    return try ending.get()
  }
}

/// The prompt handed to the thread that runs its `ask`. The caller is suspended in `ask` until that thread is done
/// with it, so the prompt is never used by two threads at once.
private struct PromptOnItsThread: @unchecked Sendable {
  let value: TerminalPasscodePrompt

  init(_ value: TerminalPasscodePrompt) {
    self.value = value
  }
}

/// An async verifier answered on the prompt's verification thread, which waits for it (a thread of its own, never
/// one of the task pool's).
private enum AsyncVerification {
  /// Why an async verification could not run.
  enum Failure: Error, CustomStringConvertible {
    /// No thread could be started for the prompt.
    case noThread
    /// No pipe could be made to wait on.
    case noPipe

    var description: String {
      switch self {
      case .noThread: "could not start a thread"
      case .noPipe: "could not make a pipe to wait on"
      }
    }
  }

  /// Runs `verifier` as a task and waits, blocking this thread, for its verdict or error.
  static func answer(
    _ verifier: @escaping @Sendable (any SecretStorage) async throws -> Verdict, for secret: any SecretStorage
  ) throws -> Verdict {
    let done: Pipe
    do {
      done = try Pipe()
    } catch {
      throw Failure.noPipe
    }
    defer { done.close() }
    let answer = Mutex<Result<Verdict, any Error>?>(nil)
    let writeEnd = done.writeEnd
    Task {
      let result: Result<Verdict, any Error>
      do {
        result = .success(try await verifier(secret))
      } catch {
        result = .failure(error)
      }
      answer.withLock { $0 = result }
      writeEnd.writeFromSignalHandler(1)
    }
    var byte: UInt8 = 0
    while (try? withUnsafeMutableBytes(of: &byte) { try done.readEnd.read(into: $0) }) != 1 {}
    // The task published its answer before it wrote the byte.
    guard let result = answer.withLock({ $0 }) else { throw Failure.noPipe }
    return try result.get()
  }
}
