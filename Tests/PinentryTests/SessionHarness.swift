import LockedSecretStorage
import PasscodeEngine
import Pinentry
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A prompter that answers from a script and records the requests it saw.
final class ScriptedPrompter: PinentryPrompter, Sendable {
  let pinAnswers: Mutex<[PINResult]>
  let confirmAnswer: ConfirmResult
  let seen = Mutex<[PinentryRequest]>([])
  let oneButtonFlags = Mutex<[Bool]>([])

  init(pins: [PINResult] = [], confirm: ConfirmResult = .confirmed) {
    pinAnswers = Mutex(pins)
    confirmAnswer = confirm
  }

  func getPIN(_ request: PinentryRequest, inquiry: PinentryInquiry) -> PINResult {
    seen.withLock { $0.append(request) }
    return pinAnswers.withLock { $0.isEmpty ? .failed("no tty") : $0.removeFirst() }
  }

  func confirm(_ request: PinentryRequest, oneButton: Bool) -> ConfirmResult {
    seen.withLock { $0.append(request) }
    oneButtonFlags.withLock { $0.append(oneButton) }
    return confirmAnswer
  }

  func message(_ request: PinentryRequest) -> ConfirmResult {
    seen.withLock { $0.append(request) }
    return confirmAnswer
  }

  /// A storage holding the given bytes.
  static func secret(_ bytes: [UInt8]) -> any SecretStorage {
    let storage = WipedSecretBuffer(capacity: max(1, bytes.count))
    _ = bytes.withUnsafeBytes { storage.append(contentsOf: $0) }
    return storage
  }
}

/// A prompter that, like the terminal one, asks the client about a fixed entry while its dialog runs.
final class InquiringPrompter: PinentryPrompter, Sendable {
  let entry: [UInt8]
  let reasons = Mutex<[String?]>([])
  let qualities = Mutex<[Int?]>([])
  let generated = Mutex<[[UInt8]]>([])

  init(entry: [UInt8]) { self.entry = entry }

  func getPIN(_ request: PinentryRequest, inquiry: PinentryInquiry) -> PINResult {
    let secret = ScriptedPrompter.secret(entry)
    if inquiry.ratesQuality {
      let quality = secret.withUnsafeBytes { inquiry.quality(of: $0) }
      qualities.withLock { $0.append(quality) }
    }
    if let made = inquiry.generatedPassphrase(makeSecretStorage: { WipedSecretBuffer(capacity: $0) }) {
      generated.withLock { $0.append(made.withUnsafeBytes { Array($0) }) }
      made.wipe()
    }
    let reason = inquiry.constraintsError(for: secret)?.text
    reasons.withLock { $0.append(reason) }
    return .entered(secret)
  }

  func confirm(_ request: PinentryRequest, oneButton: Bool) -> ConfirmResult { .confirmed }

  func message(_ request: PinentryRequest) -> ConfirmResult { .confirmed }
}

/// Runs a session in-process over a pipe pair and returns every byte it wrote.
enum SessionHarness {
  static func run(
    _ script: String,
    prompter: any PinentryPrompter,
    identity: PinentryIdentity = .passcode
  ) -> (output: String, error: PinentryError?) {
    var commands: [Int32] = [0, 0]
    var replies: [Int32] = [0, 0]
    precondition(pipe(&commands) == 0 && pipe(&replies) == 0)
    let bytes = Array(script.utf8)
    precondition(bytes.count < 60_000, "the script must fit in the pipe buffer")
    bytes.withUnsafeBytes { buffer in precondition(write(commands[1], buffer.baseAddress, buffer.count) == buffer.count)
    }
    close(commands[1])
    let session = PinentrySession(
      prompter: prompter, identity: identity, inputDescriptor: commands[0], outputDescriptor: replies[1])
    var failure: PinentryError?
    do throws(PinentryError) { try session.run() } catch { failure = error }
    close(replies[1])
    close(commands[0])
    return (readAll(replies[0]), failure)
  }

  static func readAll(_ descriptor: Int32) -> String {
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 { output += chunk[0..<count] } else if count < 0 && errno == EINTR { continue } else { break }
    }
    close(descriptor)
    return String(decoding: output, as: UTF8.self)
  }
}

extension String {
  var lines: [String] { split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}
