import PasscodeEngine
import PasscodeSpeech
internal import SystemCalls

/// The keys coming from the terminal: a locked read buffer wiped after each read, the split-safe decoder, and
/// the decoded keys waiting in locked memory.
final class KeyInput {
  /// The most bytes one read takes from the terminal.
  static let readSize = 512

  private var decoder: KeyDecoder
  private let pending: KeyQueue
  private let readBuffer: UnsafeMutableRawBufferPointer
  /// When a lone ESC counts as the Esc key, if one is waiting for the rest of a sequence.
  private(set) var escapeDeadline: MonotonicClock.Instant?

  /// Allocates the buffers.
  ///
  /// - Parameter makePasteStorage: Makes the secret memory a paste goes into.
  init(makePasteStorage: @escaping @Sendable (Int) -> any SecretStorage) {
    decoder = KeyDecoder(makePasteStorage: makePasteStorage)
    readBuffer = LockedMemory.allocate(byteCount: Self.readSize)
    pending = KeyQueue(capacity: 2 * Self.readSize + 1)
  }

  deinit {
    pending.removeAll()
    LockedMemory.release(readBuffer)
  }

  /// Whether no key is waiting.
  var isEmpty: Bool { pending.isEmpty }

  /// Takes the next key, wiping its slot.
  func takeKey() -> Key? { pending.removeFirst() }

  /// Reads what the terminal has and decodes it into waiting keys.
  ///
  /// - Parameter session: The terminal.
  /// - Returns: `false` when the terminal hung up.
  /// - Throws: ``PromptError/terminal(_:)`` when reading fails.
  func read(from session: TerminalSession) throws(PromptError) -> Bool {
    let count = try session.read(into: readBuffer)
    defer { LockedMemory.wipe(readBuffer) }
    guard count > 0 else { return false }
    var keys = pending
    decoder.decode(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]), into: &keys)
    escapeDeadline = decoder.isAwaitingEscapeCompletion ? MonotonicClock.now + TerminalPasscodePrompt.escapeWait : nil
    return true
  }

  /// Turns a lone ESC into the Esc key once its wait has passed.
  ///
  /// - Parameter now: The current instant.
  func expireEscape(now: MonotonicClock.Instant) {
    guard let deadline = escapeDeadline, now >= deadline else { return }
    escapeDeadline = nil
    for key in decoder.expireEscape() { pending.append(key) }
  }

  /// Throws away every waiting key and any half-decoded sequence.
  func discard() {
    decoder.reset()
    pending.removeAll()
  }

  /// Throws away every waiting key.
  func removeAll() {
    pending.removeAll()
  }
}
