import PasscodeEngine

/// Sends the one datagram that answers a question: `+` and the passphrase, or `-` to cancel.
///
/// The datagram is assembled in secret storage (locked and wiped memory), sent straight from those bytes
/// and wiped; the passphrase never becomes a `String`, a log line or an argument. The kernel attaches the
/// sender's credentials, which systemd checks: only root's answers count.
public struct AnswerSender: Sendable {
  private let makeSecretStorage: @Sendable (Int) -> any SecretStorage

  /// Makes a sender.
  ///
  /// - Parameter makeSecretStorage: Makes the locked memory the datagram is assembled in.
  public init(makeSecretStorage: @escaping @Sendable (Int) -> any SecretStorage) {
    self.makeSecretStorage = makeSecretStorage
  }

  /// Whether this process may answer at all: systemd's askers take answers from root only, so anyone
  /// else is told before typing a passphrase that could not be sent.
  public static var mayAnswer: Bool { AgentSystemCalls.isRoot }

  /// Sends `+` followed by the passphrase.
  ///
  /// - Parameters:
  ///   - passphrase: The typed passphrase; it is read, not kept.
  ///   - question: The question answered.
  /// - Throws: ``AgentError`` when it cannot be sent.
  public func answer(_ passphrase: any SecretStorage, to question: PasswordQuestion) throws(AgentError) {
    let datagram = makeSecretStorage(passphrase.count + 1)
    defer { datagram.wipe() }
    var appended = datagram.append(UInt8(ascii: "+"))
    appended = appended && passphrase.withUnsafeBytes { datagram.append(contentsOf: $0) }
    guard appended else { throw .send(errno: AgentSystemCalls.outOfMemory) }
    try send(datagram, to: question)
  }

  /// Sends `-`: the user cancelled.
  ///
  /// - Parameter question: The question cancelled.
  /// - Throws: ``AgentError`` when it cannot be sent.
  public func cancel(_ question: PasswordQuestion) throws(AgentError) {
    let datagram = makeSecretStorage(1)
    datagram.append(UInt8(ascii: "-"))
    try send(datagram, to: question)
  }

  private func send(_ datagram: any SecretStorage, to question: PasswordQuestion) throws(AgentError) {
    let failure = datagram.withUnsafeBytes { AgentSystemCalls.sendDatagram($0, to: question.socketPath) }
    if let failure { throw failure }
  }
}
