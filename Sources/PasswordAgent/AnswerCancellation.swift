internal import SystemCalls

/// Stops an answer that is still waiting for its asker to read, from any thread, without waiting for the
/// thread that sends it: the user cancelled, a signal ends the agent, or the prompt ended otherwise.
///
/// It is a non-blocking pipe: ``cancel()`` writes a byte, and the sender's `poll` wakes on it.
package final class AnswerCancellation: Sendable {
  private let pipe: Pipe

  /// Makes a cancellation that has not fired.
  ///
  /// - Throws: ``AgentError/resources(errno:)`` when the pipe cannot be made.
  package init() throws(AgentError) {
    do {
      pipe = try Pipe(nonBlocking: true)
    } catch {
      throw .resources(errno: error.rawValue)
    }
  }

  deinit { pipe.close() }

  /// Stops the answer: its sender gives up with ``AgentError/stopped`` instead of waiting any longer.
  /// Returns at once; safe to call more than once, and after the answer was sent.
  package func cancel() {
    try? pipe.writeEnd.writeAll([1])
  }

  /// The descriptor that becomes readable once ``cancel()`` was called.
  var readEnd: FileDescriptor { pipe.readEnd }
}
