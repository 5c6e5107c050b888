import PasscodeEngine
import Synchronization
internal import SystemCalls

/// Runs a verifier off the input thread and wakes the prompt's `poll` through a pipe when it answers.
final class VerificationRunner: Sendable {
  /// The verifier's answer: a verdict, or an error that is not a verdict.
  typealias Answer = Result<Verdict, PromptError>

  private let pipe: Pipe
  private let answer = Mutex<Answer?>(nil)

  /// The descriptor that becomes readable when an answer is ready.
  var readEnd: FileDescriptor { pipe.readEnd }

  init() throws(TerminalError) {
    do {
      pipe = try Pipe(nonBlocking: true)
    } catch {
      throw TerminalError(operation: .pipe, errno: error)
    }
  }

  deinit {
    pipe.close()
  }

  /// Starts verifying; the answer arrives through ``takeAnswer()`` once the pipe is readable. The storage
  /// is the verifier's until it returns, then it is wiped here, on the verifier's thread, so a prompt
  /// cancelled meanwhile never wipes it under the verifier's feet.
  func start(
    _ secret: any SecretStorage, verifier: @escaping @Sendable (any SecretStorage) throws -> Verdict
  ) {
    let writeEnd = pipe.writeEnd
    // One verification at a time: the engine waits for a verdict before it asks for another.
    let started = BackgroundThread.start { [self] in
      let result: Answer
      do {
        result = .success(try verifier(secret))
      } catch let error as PromptError {
        result = .failure(error)
      } catch {
        // The error itself, never its text: the caller matches on its type (askpass's closed pipe), and its
        // own description gives the words.
        result = .failure(.verifierFailed(error))
      }
      // Before the answer is published: after it, the prompt may reuse the storage for the next entry.
      secret.wipe()
      self.answer.withLock { $0 = result }
      writeEnd.writeFromSignalHandler(1)
    }
    if !started {
      answer.withLock { $0 = .failure(.verifierFailed(VerifierFailure(message: "could not start a thread"))) }
      writeEnd.writeFromSignalHandler(1)
    }
  }

  /// The answer, if one is ready, draining the wake-up pipe.
  func takeAnswer() -> Answer? {
    var byte: UInt8 = 0
    _ = try? withUnsafeMutableBytes(of: &byte) { try pipe.readEnd.read(into: $0) }
    return answer.withLock { value in
      defer { value = nil }
      return value
    }
  }
}

/// A verifier's error, carried as its description (which never holds a secret).
struct VerifierFailure: Error, Sendable, CustomStringConvertible {
  let message: String
  var description: String { message }
}
