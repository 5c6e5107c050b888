import Foundation
import Synchronization
internal import SystemCalls

/// A Unix socket server that accepts connections and never answers: a hung speech-dispatcher.
package final class SilentSSIPServer: Sendable {
  /// The socket's path.
  package let path: String
  private let listener: Int32
  private let connections = Mutex<[Int32]>([])
  private let stopped = Mutex(false)
  /// Signalled at each connection accepted.
  private let accepted = Semaphore()

  /// Listens at a path and starts accepting on a background thread.
  ///
  /// - Parameter path: The socket's path.
  /// - Throws: ``SpeechTestSupportError/systemCall(_:errno:)`` when the socket cannot be made.
  package init(path: String) throws {
    self.path = path
    listener = try SpeechTestSystemCalls.listenUnix(path: path)
    let listener = listener
    let accepted = accepted
    Thread.detachNewThread { [weak self] in
      while true {
        let connection = SpeechTestSystemCalls.accept(listener)
        guard connection >= 0 else { return }
        guard let self, !self.stopped.withLock({ $0 }) else {
          SpeechTestSystemCalls.closeDescriptor(connection)
          return
        }
        self.connections.withLock { $0.append(connection) }
        accepted.signal()
      }
    }
  }

  /// The address in `SPEECHD_ADDRESS` form.
  package var address: String { "unix_socket:\(path)" }

  /// How many clients have connected.
  package var connectionCount: Int {
    connections.withLock { $0.count }
  }

  /// Waits until `count` clients have connected, waking at each connection; a server that stops hearing of any
  /// for a few seconds ends the wait rather than hanging the test.
  ///
  /// - Parameter count: How many connections to wait for.
  /// - Returns: How many clients have connected.
  @discardableResult
  package func waitForConnections(_ count: Int) -> Int {
    while connectionCount < count, accepted.wait(for: .seconds(10)) {}
    return connectionCount
  }

  /// Stops listening and hangs up on every client, which then sees end of file.
  package func stop() {
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    SpeechTestSystemCalls.shutdownBoth(listener)
    SpeechTestSystemCalls.closeDescriptor(listener)
    for connection in connections.withLock({ $0 }) {
      SpeechTestSystemCalls.shutdownBoth(connection)
      SpeechTestSystemCalls.closeDescriptor(connection)
    }
    unlink(path)
  }

  deinit {
    stop()
  }
}
