import PasscodeEngine
import Synchronization

/// A thread-safe queue of short notices (such as "speech-dispatcher is not answering; …") that background work posts and
/// the prompt prints between keys, in the profile's text form.
package final class NoticeBoard: Sendable {
  private let pipe: (read: Int32, write: Int32)
  private let notices = Mutex<[SanitizedText]>([])

  /// Creates an empty board.
  ///
  /// - Throws: ``TerminalError`` when its wake-up pipe cannot be made.
  package init() throws(TerminalError) {
    pipe = try TerminalCalls.makeNonBlockingPipe()
  }

  deinit {
    TerminalCalls.close(pipe.read)
    TerminalCalls.close(pipe.write)
  }

  /// Posts a notice from any thread. It must never contain a secret.
  ///
  /// - Parameter notice: The words to show, cleaned.
  package func post(_ notice: SanitizedText) {
    notices.withLock { $0.append(notice) }
    TerminalCalls.signalSafeWrite(pipe.write, byte: 1)
  }

  /// The descriptor that becomes readable when a notice is posted.
  var readFileDescriptor: Int32 { pipe.read }

  /// Removes and returns the notices posted so far, draining the wake-up pipe.
  func take() -> [SanitizedText] {
    var scratch = [UInt8](repeating: 0, count: 64)
    _ = try? scratch.withUnsafeMutableBytes { try TerminalCalls.read(pipe.read, into: $0) }
    return notices.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
  }
}
