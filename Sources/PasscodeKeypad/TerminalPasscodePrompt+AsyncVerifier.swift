import Synchronization
internal import SystemCalls
import _Concurrency  // Task and continuations: the release build turns the implicit import off, and `passcode` never links this

extension TerminalPasscodePrompt {
  /// Asks for one code checked by an async verifier (a server, a daemon), and returns how the prompt ended, without
  /// holding up the caller's thread: the prompt waits for keys on a thread of its own, and each complete code is
  /// checked by a task of its own, which the prompt's verification thread runs (its task executor), while the
  /// prompt says "Checking": a task pool the rest of the program keeps busy does not hold the verdict back.
  /// Cancelling the calling task cancels the entry, as ``PromptRemote/cancel()`` does; a code already being checked
  /// is checked to the end first.
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

/// An async verifier answered on the prompt's verification thread, which serves the verifier's task as its executor
/// (a thread of its own, never one of the task pool's): the task starts there, and resumes there after each await
/// that another thread or executor completes (a reply from a server, a daemon's answer), so a task pool kept busy by
/// the rest of the program does not hold the person's verdict back. (`Task.sleep` is the exception: its timer
/// resumes the task through the pool.)
private enum AsyncVerification {
  /// Why an async verification could not run.
  enum Failure: Error, CustomStringConvertible {
    /// No thread could be started for the prompt.
    case noThread
    /// The verifier's task ended without a verdict or an error.
    case noAnswer

    var description: String {
      switch self {
      case .noThread: "could not start a thread"
      case .noAnswer: "the verifier's task ended without an answer"
      }
    }
  }

  /// Runs `verifier` as a task on this thread, serving its jobs, until it gives its verdict or error.
  static func answer(
    _ verifier: @escaping @Sendable (any SecretStorage) async throws -> Verdict, for secret: any SecretStorage
  ) throws -> Verdict {
    let executor = VerificationThreadExecutor()
    let answer = Mutex<Result<Verdict, any Error>?>(nil)
    Task(executorPreference: executor) {
      let result: Result<Verdict, any Error>
      do {
        result = .success(try await verifier(secret))
      } catch {
        result = .failure(error)
      }
      answer.withLock { $0 = result }
      executor.finish()
    }
    executor.run()
    guard let result = answer.withLock({ $0 }) else { throw Failure.noAnswer }
    return try result.get()
  }
}

/// The executor the verifier's task prefers: its jobs are queued, and run by the verification thread in ``run()``
/// until the task says it is done (``finish()``).
private final class VerificationThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let state = Mutex<(jobs: [UnownedJob], isFinished: Bool)>(([], false))
  private let wake = Semaphore()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.jobs.append(job) }
    wake.signal()
  }

  /// Ends ``run()`` once the jobs queued are run; called by the task as its last step.
  func finish() {
    state.withLock { $0.isFinished = true }
    wake.signal()
  }

  /// Runs the queued jobs on the calling thread, waiting for more, until ``finish()``.
  func run() {
    while true {
      wake.wait()
      while let job = state.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) {
        job.runSynchronously(on: asUnownedTaskExecutor())
      }
      if state.withLock({ $0.isFinished && $0.jobs.isEmpty }) { return }
    }
  }
}
