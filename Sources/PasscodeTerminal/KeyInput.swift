import PasscodeEngine
internal import SystemCalls

/// The keys coming from the terminal: a locked read buffer wiped after each read, the split-safe decoder, and
/// the decoded keys waiting in locked memory.
final class KeyInput {
  /// The most bytes one read takes from the terminal.
  static let readSize = 512

  private var decoder: KeyDecoder
  private let pending: KeyQueue
  private let readBuffer: UnsafeMutableRawBufferPointer
  /// When the decoder stops waiting for more bytes, if it waits: a lone ESC counts as the Esc key
  /// ``TerminalPasscodePrompt/escapeWait`` after it came, and a paste whose end has not come fails
  /// ``TerminalPasscodePrompt/pasteSilence`` after its last byte. A reading of the loop's clock.
  private(set) var inputDeadline: Duration?

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
  /// - Parameters:
  ///   - terminal: The terminal.
  ///   - now: The loop's clock now.
  /// - Returns: `false` when the terminal hung up.
  /// - Throws: ``PromptError/terminal(_:)`` when reading fails.
  func read(from terminal: any PromptTerminal, now: Duration) throws(PromptError) -> Bool {
    let count = try terminal.read(into: readBuffer)
    defer { LockedMemory.wipe(readBuffer) }
    guard count > 0 else { return false }
    var keys = pending
    decoder.decode(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]), into: &keys)
    if decoder.isAwaitingEscapeCompletion {
      inputDeadline = now + TerminalPasscodePrompt.escapeWait
    } else if decoder.isInsidePaste {
      inputDeadline = now + TerminalPasscodePrompt.pasteSilence
    } else {
      inputDeadline = nil
    }
    return true
  }

  /// Ends the decoder's wait once ``inputDeadline`` has passed: a lone ESC becomes the Esc key, and a paste
  /// whose end never came becomes a paste key that kept nothing, so the keys after it (Esc, Ctrl-C, Ctrl-D)
  /// count again.
  ///
  /// - Parameter now: The loop's clock now.
  func expireWait(now: Duration) {
    guard let deadline = inputDeadline, now >= deadline else { return }
    inputDeadline = nil
    for key in decoder.expireEscape() + decoder.endOpenPaste() { pending.append(key) }
  }

  /// Throws away what was typed before now: the input the terminal holds and every waiting key, except the
  /// keys `keeps` picks (a request to leave, which must not be lost to a flush).
  ///
  /// The terminal's input is read and decoded rather than flushed unseen, a read's worth at a time and at
  /// most ``drainLimit`` bytes; what is left beyond that is flushed. A sequence still being decoded is kept,
  /// so that its rest is not taken for keys, and a lone ESC still becomes the Esc key.
  ///
  /// - Parameters:
  ///   - terminal: The terminal.
  ///   - now: The loop's clock now.
  ///   - keeps: Whether a key survives.
  /// - Returns: Whether any key was thrown away (the caller tells the person, rule 4).
  /// - Throws: ``PromptError/terminal(_:)`` when reading fails.
  @discardableResult
  func discard(from terminal: any PromptTerminal, now: Duration, keeping keeps: (Key) -> Bool) throws(PromptError)
    -> Bool
  {
    var (kept, thrownAway) = sift(keeping: keeps)
    var drained = 0
    while drained < Self.drainLimit, terminal.hasInputWaiting(), try read(from: terminal, now: now) {
      drained += Self.readSize
      let more = sift(keeping: keeps)
      kept += more.kept
      thrownAway += more.thrownAway
    }
    if drained >= Self.drainLimit {
      terminal.flushInput()
      thrownAway += 1
    }
    for key in kept { pending.append(key) }
    return thrownAway > 0
  }

  /// The most input ``discard(from:now:keeping:)`` reads before it flushes the rest.
  static let drainLimit = 64 * readSize

  /// Takes every waiting key out, wiping the slots, and returns those `keeps` picks and how many it threw away.
  private func sift(keeping keeps: (Key) -> Bool) -> (kept: [Key], thrownAway: Int) {
    var kept: [Key] = []
    var thrownAway = 0
    while let key = pending.removeFirst() {
      if keeps(key) { kept.append(key) } else { thrownAway += 1 }
    }
    return (kept, thrownAway)
  }

  /// Throws away every waiting key.
  func removeAll() {
    pending.removeAll()
  }
}
