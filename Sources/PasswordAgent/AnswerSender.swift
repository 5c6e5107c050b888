import PasscodeEngine
internal import SystemCalls

/// Sends the one datagram that answers a question: `+` and the passphrase, or `-` to cancel.
///
/// The datagram is assembled in secret storage (locked and wiped memory), sent straight from those bytes
/// and wiped; the passphrase never becomes a `String`, a log line or an argument. The kernel attaches the
/// sender's credentials, which systemd checks: only root's answers count.
///
/// It goes only to a socket that root owns, reached without following a symbolic link, and never blocks:
/// when the asker's queue is full, the answer waits for room for at most ``readingWait`` (or until its
/// ``AnswerCancellation`` fires), then gives up with ``AgentError/askerNotReading``.
package struct AnswerSender: Sendable {
  /// How long an answer waits by default for an asker whose queue is full. systemd's askers read their
  /// socket as soon as an answer can arrive, so a queue still full after this is an asker that is not reading.
  package static let defaultReadingWait: Duration = .seconds(5)

  private let makeSecretStorage: @Sendable (Int) -> any SecretStorage
  /// How long ``answer(_:to:)`` waits for room in the asker's queue.
  package let readingWait: Duration
  private let cancellation: AnswerCancellation?

  /// Makes a sender.
  ///
  /// - Parameters:
  ///   - makeSecretStorage: Makes the locked memory the datagram is assembled in.
  ///   - readingWait: How long an answer waits for room in a full queue.
  ///   - cancellation: Stops an answer that is waiting, or `nil`.
  package init(
    makeSecretStorage: @escaping @Sendable (Int) -> any SecretStorage, readingWait: Duration = defaultReadingWait,
    cancellation: AnswerCancellation? = nil
  ) {
    self.makeSecretStorage = makeSecretStorage
    self.readingWait = readingWait
    self.cancellation = cancellation
  }

  /// Whether this process may answer at all: systemd's askers take answers from root only, so anyone
  /// else is told before typing a passphrase that could not be sent.
  package static var mayAnswer: Bool { AgentSystemCalls.isRoot }

  /// Sends `+` followed by the passphrase.
  ///
  /// - Parameters:
  ///   - passphrase: The typed passphrase; it is read, not kept.
  ///   - question: The question answered.
  /// - Throws: ``AgentError`` when it cannot be sent.
  package func answer(_ passphrase: any SecretStorage, to question: PasswordQuestion) throws(AgentError) {
    let datagram = makeSecretStorage(passphrase.count + 1)
    defer { datagram.wipe() }
    var appended = datagram.append(UInt8(ascii: "+"))
    appended = appended && passphrase.withUnsafeBytes { datagram.append(contentsOf: $0) }
    guard appended else { throw .send(errno: AgentSystemCalls.outOfMemory) }
    try send(datagram, to: question, waitingUpTo: readingWait)
  }

  /// Sends `-`: the user cancelled. It is tried once and never waits: the user asked to be done.
  ///
  /// - Parameter question: The question cancelled.
  /// - Throws: ``AgentError`` when it cannot be sent (``AgentError/askerNotReading`` when the queue is full).
  package func cancel(_ question: PasswordQuestion) throws(AgentError) {
    let datagram = makeSecretStorage(1)
    datagram.append(UInt8(ascii: "-"))
    try send(datagram, to: question, waitingUpTo: .zero)
  }

  private func send(_ datagram: any SecretStorage, to question: PasswordQuestion, waitingUpTo wait: Duration)
    throws(AgentError)
  {
    let failure = datagram.withUnsafeBytes {
      AgentSystemCalls.sendDatagram($0, to: question.socketPath, waitingUpTo: wait, stop: cancellation?.readEnd)
    }
    if let failure { throw failure }
  }
}
