/// What waits to be sent to speech-dispatcher, with the rules for dropping stale messages.
///
/// - Until the first connection attempt ends, everything is kept in order, so a program that starts
///   speech when its first dialog opens still speaks that dialog's description and prompt once.
/// - During an outage (an attempt failed, or the connection was lost) only the newest request is kept:
///   after a reconnection, old news would mislead.
/// - A newer progress (TEXT) message replaces any older one still waiting.
/// - At most `capacity` requests wait; the oldest go first.
struct SpeechQueue: Equatable, Sendable {
  /// The requests in the order they will be sent.
  private(set) var requests: [SpeechRequest] = []
  /// Whether speech is known to be down: a connection attempt failed or the connection was lost.
  private(set) var isDown = false
  /// The most requests kept.
  let capacity: Int

  /// Creates an empty queue.
  ///
  /// - Parameter capacity: The most requests kept; at least 1.
  init(capacity: Int = 32) {
    self.capacity = max(capacity, 1)
  }

  /// Adds a request; during an outage it replaces whatever waits.
  ///
  /// - Parameter request: The request.
  mutating func add(_ request: SpeechRequest) {
    guard !isDown else {
      requests = [request]
      return
    }
    if request.isProgress {
      requests.removeAll(where: \.isProgress)
    }
    requests.append(request)
    if requests.count > capacity {
      requests.removeFirst(requests.count - capacity)
    }
  }

  /// Takes the next request to send.
  ///
  /// - Returns: The oldest waiting request, or `nil`.
  mutating func next() -> SpeechRequest? {
    requests.isEmpty ? nil : requests.removeFirst()
  }

  /// A connection is up: requests queue normally again.
  mutating func connectionEstablished() {
    isDown = false
  }

  /// A connection attempt failed or took too long: keeps only the newest request.
  mutating func connectionFailed() {
    isDown = true
    if let newest = requests.last { requests = [newest] }
  }

  /// Keeps only the newest request after the connection was lost.
  ///
  /// - Parameter failed: The request whose sending failed; it is kept when nothing newer waits.
  mutating func connectionLost(failed: SpeechRequest?) {
    isDown = true
    if let newest = requests.last {
      requests = [newest]
    } else {
      requests = failed.map { [$0] } ?? []
    }
  }
}
