import PasscodeEngine
import Synchronization
internal import SystemCalls

/// A thread-safe queue of words that background work posts for the prompt to tell between keys, through its one
/// teller: notices (such as "speech-dispatcher is not answering; …", shown and not spoken) and news (an agent's
/// "2 questions waiting", shown and spoken).
package final class NoticeBoard: Sendable {
  private let pipe: Pipe
  private let notices = Mutex<[Announcement]>([])

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

  /// Posts words from any thread. They must never contain a secret.
  ///
  /// - Parameter notice: The words to tell.
  package func post(_ notice: Announcement) {
    notices.withLock { $0.append(notice) }
    pipe.writeEnd.writeFromSignalHandler(1)
  }

  /// The descriptor that becomes readable when a notice is posted.
  var readEnd: FileDescriptor { pipe.readEnd }

  /// Removes and returns the notices posted so far, draining the wake-up pipe.
  func take() -> [Announcement] {
    var scratch = [UInt8](repeating: 0, count: 64)
    _ = try? scratch.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) }
    return notices.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
  }
}
