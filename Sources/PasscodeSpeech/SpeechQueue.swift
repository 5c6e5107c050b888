/// What waits to be sent to speech-dispatcher, with the rules for dropping stale messages.
///
/// - While there is no connection only the newest request is kept.
/// - A newer progress (TEXT) message replaces any older one still waiting.
/// - At most `capacity` requests wait; the oldest go first.
struct SpeechQueue: Equatable, Sendable {
  /// The requests in the order they will be sent.
  private(set) var requests: [SpeechRequest] = []
  /// The most requests kept while connected.
  let capacity: Int

  /// Creates an empty queue.
  ///
  /// - Parameter capacity: The most requests kept; at least 1.
  init(capacity: Int = 32) {
    self.capacity = max(capacity, 1)
  }

  /// Adds a request.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - connected: Whether a connection exists; without one, only this newest request is kept.
  mutating func add(_ request: SpeechRequest, connected: Bool) {
    guard connected else {
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

  /// Keeps only the newest request after the connection was lost.
  ///
  /// - Parameter failed: The request whose sending failed; it is kept when nothing newer waits.
  mutating func connectionLost(failed: SpeechRequest?) {
    if let newest = requests.last {
      requests = [newest]
    } else {
      requests = failed.map { [$0] } ?? []
    }
  }
}
