import Synchronization
internal import SystemCalls

/// Ends a running ``TerminalPasscodePrompt/ask(_:failureCount:lockoutRemaining:attemptLimit:hint:preamble:verifier:)``
/// from another thread, as when a password agent's question is withdrawn mid-entry.
///
/// The prompt wipes the entry, finishes its line without an announcement and returns
/// ``PasscodeEngine/EntryOutcome/cancelled``; the caller reads ``isInterrupted`` to tell this apart from
/// the user cancelling, and says why itself. Call ``reset()`` before the next prompt.
package final class PromptInterruption: Sendable {
  private let pipe: Pipe
  private let raised = Atomic<Bool>(false)

  /// Creates a lowered interruption.
  ///
  /// - Throws: ``TerminalError`` when its wake-up pipe cannot be made.
  package init() throws(TerminalError) {
    do {
      pipe = try Pipe(nonBlocking: true)
    } catch {
      throw TerminalError(operation: .pipe, errno: error)
    }
  }

  deinit {
    pipe.close()
  }

  /// Raises the interruption from any thread; a prompt that is asking ends at once.
  package func interrupt() {
    raised.store(true, ordering: .sequentiallyConsistent)
    pipe.writeEnd.writeFromSignalHandler(1)
  }

  /// Whether ``interrupt()`` was called since the last ``reset()``.
  package var isInterrupted: Bool { raised.load(ordering: .sequentiallyConsistent) }

  /// Lowers the interruption and drains its pipe.
  package func reset() {
    raised.store(false, ordering: .sequentiallyConsistent)
    var scratch = [UInt8](repeating: 0, count: 64)
    _ = try? scratch.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) }
  }

  /// The descriptor that becomes readable when the interruption is raised.
  var readEnd: FileDescriptor { pipe.readEnd }
}
