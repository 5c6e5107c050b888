import PasscodeEngine
import Synchronization
internal import SystemCalls

/// The caller's side of a prompt, for any thread while the prompt asks: clear or cancel the entry, as the person's
/// Ctrl-U and Esc do, and follow its progress as counts, never characters.
///
/// Every prompt has one (``TerminalPasscodePrompt/remote``): the one its settings name
/// (``PromptSettings/remote``), which a caller makes first to keep across prompts, or else its own. A request
/// reaches the entry that is asking, or the next one to open when none is; an entry that ends drops what it could
/// not act on (a request made while its code was being checked and then accepted), so nothing carries over to a
/// later code. While a code is being checked, a request waits for the verdict.
///
/// ```swift
/// let prompt = try TerminalPasscodePrompt.current()
/// let remote = prompt.remote
/// remote.observeProgress { progress in
///   if progress.isFilled { showSpinner() }
/// }
/// // On another thread: the operation no longer needs the code.
/// remote.cancel()
/// ```
public final class PromptRemote: Sendable {
  /// What another thread asked of the entry.
  enum Request: Equatable, Sendable {
    /// Clear what is typed, as Ctrl-U does.
    case clear
    /// End the entry, as Esc does.
    case cancel
  }

  private struct State {
    var requests: [Request] = []
    var interrupted = false
    /// The progress last reported, or `nil` before an entry's first.
    var progress: EntryProgress?
    var observer: (@Sendable (EntryProgress) -> Void)?
  }

  private let pipe: Pipe
  private let state = Mutex(State())

  /// Makes a remote for prompts to come; give it to them with ``PromptSettings/remote``.
  ///
  /// - Throws: ``PromptError/terminal(_:)`` when its wake-up pipe cannot be made.
  public init() throws(PromptError) {
    do {
      pipe = try Pipe(nonBlocking: true)
    } catch {
      throw .terminal(TerminalError(operation: .pipe, errno: error))
    }
  }

  deinit {
    pipe.close()
  }

  /// Clears what is typed, from any thread, as the person's Ctrl-U does: the entry is wiped and "Cleared" is said.
  public func clear() {
    post(.clear)
  }

  /// Ends the entry, from any thread, as the person's Esc does: it is wiped, "Cancelled" is said and `ask` returns
  /// ``PasscodeEngine/EntryOutcome/cancelled``, `askForSecret` `nil`.
  public func cancel() {
    post(.cancel)
  }

  /// The progress of the entry asking now, or of the last one: the same count and length the screen shows under
  /// the person's `--progress` choice.
  public var progress: EntryProgress { state.withLock { $0.progress } ?? EntryProgress(count: 0, length: nil) }

  /// Calls `observer` on the prompt's thread each time the progress changes, in place of any observer given before.
  /// It must return quickly and never block on the prompt: the prompt reads no key while it runs.
  ///
  /// - Parameter observer: Gets each new progress.
  public func observeProgress(_ observer: @escaping @Sendable (EntryProgress) -> Void) {
    state.withLock { $0.observer = observer }
  }

  /// Ends the entry at once without a word (a password agent's question withdrawn by its asker): the caller says
  /// why, after reading ``isInterrupted``. Call ``reset()`` before the next prompt.
  package func interrupt() {
    state.withLock { $0.interrupted = true }
    pipe.writeEnd.writeFromSignalHandler(1)
  }

  /// Whether ``interrupt()`` was called since the last ``reset()``.
  package var isInterrupted: Bool { state.withLock { $0.interrupted } }

  /// Lowers the interruption, drops every request and drains the wake-up pipe.
  package func reset() {
    state.withLock {
      $0.interrupted = false
      $0.requests.removeAll()
    }
    drainPipe()
  }

  /// The descriptor that becomes readable when something is asked.
  var readEnd: FileDescriptor { pipe.readEnd }

  /// Takes the requests waiting, in order, draining the wake-up pipe.
  ///
  /// - Parameter leavingThem: Whether to leave them for the next entry (a screen that is not an entry woke):
  ///   only the pipe is drained, so the prompt does not wake for them again.
  /// - Returns: The requests taken; none when they are left.
  func takeRequests(leavingThem: Bool) -> [Request] {
    drainPipe()
    guard !leavingThem else { return [] }
    return state.withLock { value in
      defer { value.requests.removeAll() }
      return value.requests
    }
  }

  /// Drops the requests an entry that ended could not act on.
  func dropRequests() {
    state.withLock { $0.requests.removeAll() }
  }

  /// Forgets the last entry's progress, so that a new entry's first is told whatever it is.
  func beginEntry() {
    state.withLock { $0.progress = nil }
  }

  /// Records a new progress and tells the observer: an entry's first, and each that differs from the last.
  func report(_ progress: EntryProgress) {
    let observer: (@Sendable (EntryProgress) -> Void)? = state.withLock { value in
      guard value.progress != progress else { return nil }
      value.progress = progress
      return value.observer
    }
    observer?(progress)
  }

  private func post(_ request: Request) {
    state.withLock { $0.requests.append(request) }
    pipe.writeEnd.writeFromSignalHandler(1)
  }

  private func drainPipe() {
    var scratch = [UInt8](repeating: 0, count: 64)
    while let count = try? scratch.withUnsafeMutableBytes({ try pipe.readEnd.read(into: $0) }), count > 0 {}
  }
}

/// How far an entry has got, as counts: never a character, and no more than the screen shows under the person's
/// `--progress` choice (under `silent` the count stays 0; under `tick` the length is not given).
public struct EntryProgress: Equatable, Sendable {
  /// How many characters are typed.
  public let count: Int
  /// The code's fixed length, or `nil` for a variable one or when the progress choice keeps it back.
  public let length: Int?

  /// Whether a fixed-length code has all its characters (and is being checked or about to be).
  public var isFilled: Bool { length.map { count == $0 } ?? false }

  /// Creates a progress.
  ///
  /// - Parameters:
  ///   - count: How many characters are typed.
  ///   - length: The fixed length, if given.
  public init(count: Int, length: Int?) {
    self.count = count
    self.length = length
  }
}
