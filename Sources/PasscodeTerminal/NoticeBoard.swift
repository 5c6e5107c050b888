import PasscodeEngine
import Synchronization
internal import SystemCalls

/// A thread-safe queue of short notices (such as "speech-dispatcher is not answering; …") that background work posts and
/// the prompt prints between keys, in the profile's text form.
package final class NoticeBoard: Sendable {
  private let pipe: Pipe
  private let notices = Mutex<[SanitizedText]>([])

  /// Creates an empty board.
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

  /// Posts a notice from any thread. It must never contain a secret.
  ///
  /// - Parameter notice: The words to show, cleaned.
  package func post(_ notice: SanitizedText) {
    notices.withLock { $0.append(notice) }
    pipe.writeEnd.writeFromSignalHandler(1)
  }

  /// The descriptor that becomes readable when a notice is posted.
  var readEnd: FileDescriptor { pipe.readEnd }

  /// Removes and returns the notices posted so far, draining the wake-up pipe.
  func take() -> [SanitizedText] {
    var scratch = [UInt8](repeating: 0, count: 64)
    _ = try? scratch.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) }
    return notices.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
  }
}
