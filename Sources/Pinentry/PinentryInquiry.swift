import LockedSecretStorage
import PasscodeEngine

/// Questions a pinentry asks its client while a `GETPIN` dialog runs, with Assuan's `INQUIRE`: how strong
/// an entry is (`QUALITY`, with `SETQUALITYBAR`), whether it meets the agent's passphrase constraints
/// (`CHECKPIN`, with `OPTION constraints-enforce`), and a generated passphrase (`GENPIN`, with `SETGENPIN`).
///
/// The entry goes to the client only over the Assuan pipe: the `INQUIRE` line is built, percent-escaped, in
/// wiped memory and written from there, inside a confidential stretch that libassuan never logs. It is
/// never put in a `String`.
///
/// The prompter may call this from its verification thread: the session's own thread is then blocked in the
/// `GETPIN` handler, waiting for the dialog, so libassuan is used by one thread at a time.
package final class PinentryInquiry: @unchecked Sendable {
  /// The longest reply taken from the client, as pinentry takes.
  static let maximumReplyLength = 1000

  private let context: OpaquePointer?
  /// Whether the client asked for its constraints to be checked (`OPTION constraints-enforce`).
  package let checksConstraints: Bool
  /// Whether the client rates the entry (`SETQUALITYBAR`).
  package let ratesQuality: Bool
  /// Whether the client offers to generate a passphrase (`SETGENPIN`).
  package let generates: Bool

  /// Makes an inquiry channel on a session's libassuan context.
  ///
  /// - Parameters:
  ///   - context: The context, or `nil` for a channel that asks nothing (a test without a client).
  ///   - checksConstraints: Whether `CHECKPIN` may be asked.
  ///   - ratesQuality: Whether `QUALITY` may be asked.
  ///   - generates: Whether `GENPIN` may be asked.
  init(context: OpaquePointer?, checksConstraints: Bool, ratesQuality: Bool = false, generates: Bool = false) {
    self.context = context
    self.checksConstraints = checksConstraints
    self.ratesQuality = ratesQuality
    self.generates = generates
  }

  /// A channel that asks nothing, for prompters driven without a client.
  package static let none = PinentryInquiry(context: nil, checksConstraints: false)

  /// Asks the client how strong the entry is (`INQUIRE QUALITY`).
  ///
  /// - Parameter entry: The entry; read, never kept.
  /// - Returns: The client's rating, -100 to 100 (negative when its constraints are not met); `nil` when it
  ///   rates nothing or the question could not be asked.
  package func quality(of entry: UnsafeRawBufferPointer) -> Int? {
    guard ratesQuality, let context, let reply = Self.inquire(context, keyword: "QUALITY", escaping: entry) else {
      return nil
    }
    return Int(String(decoding: reply, as: UTF8.self).filter { !$0.isWhitespace })
  }

  /// Asks the client to generate a passphrase (`INQUIRE GENPIN`).
  ///
  /// - Parameter makeSecretStorage: Makes secret memory of a given capacity.
  /// - Returns: The passphrase in secret memory, which the caller owns and must wipe; `nil` when the client
  ///   offers none or sent nothing.
  package func generatedPassphrase(makeSecretStorage: (Int) -> any SecretStorage) -> (any SecretStorage)? {
    guard generates, let context else { return nil }
    let storage = "GENPIN".utf8CString.withUnsafeBytes { text -> (any SecretStorage)? in
      try? AssuanCalls.inquire(context, keyword: text, maximumLength: Self.maximumReplyLength) { reply in
        guard !reply.isEmpty else { return nil }
        let storage = makeSecretStorage(reply.count)
        guard storage.append(contentsOf: reply) else {
          storage.wipe()
          return nil
        }
        return storage
      }
    }
    return storage ?? nil
  }

  /// Asks the client whether the entry meets its constraints (`INQUIRE CHECKPIN`).
  ///
  /// - Parameter secret: The entry; read, never kept.
  /// - Returns: The client's reason when the entry does not meet them, cleaned for speech and screen; `nil`
  ///   when it does, when constraints are not enforced, or when the question could not be asked (the agent
  ///   then checks the returned entry itself).
  package func constraintsError(for secret: any SecretStorage) -> SanitizedText? {
    guard checksConstraints, let context else { return nil }
    let reply = secret.withUnsafeBytes { bytes in
      Self.inquire(context, keyword: "CHECKPIN", escaping: bytes)
    }
    guard let reply, !reply.isEmpty else { return nil }
    let text = PinentryEntryPlan.spokenText(String(decoding: reply, as: UTF8.self))
    return text.isEmpty ? nil : text
  }

  /// Sends `INQUIRE keyword <escaped bytes>` and returns the client's data; `nil` when the line would be too
  /// long or the inquiry failed.
  private static func inquire(_ context: OpaquePointer, keyword: String, escaping bytes: UnsafeRawBufferPointer)
    -> [UInt8]?
  {
    let prefix = Array(keyword.utf8) + [UInt8(ascii: " ")]
    // Three bytes per escaped byte at most, a NUL, and libassuan's "INQUIRE " in front within its line limit.
    let capacity = prefix.count + 3 * bytes.count + 1
    guard capacity + 8 < AssuanCommand.maximumLineLength - 1 else { return nil }
    let line = WipedSecretBuffer(capacity: capacity)
    defer { line.wipe() }
    let built = prefix.withUnsafeBytes { line.append(contentsOf: $0) } && PercentEscaping.appendEscaped(bytes, to: line)
    guard built, line.append(0) else { return nil }
    return line.withUnsafeBytes { text in
      AssuanCalls.beginConfidential(context)
      defer { AssuanCalls.endConfidential(context) }
      return try? AssuanCalls.inquire(context, keyword: text, maximumLength: maximumReplyLength) { Array($0) }
    }
  }
}
