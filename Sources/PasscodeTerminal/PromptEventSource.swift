import PasscodeEngine
internal import SystemCalls

/// Where a ``PromptLoop`` waits, and what the wake-ups carry besides the key bytes (which it reads from its
/// ``PromptTerminal``): signals, the verifier's answer, notices and the caller's remote. Deadlines are readings of
/// the loop's clock. ``TerminalPromptEvents`` is the real one, sleeping in `poll`; tests script one on a
/// `ManualClock`.
protocol PromptEvents: AnyObject {
  /// Sleeps until a source is ready or the deadline passes.
  ///
  /// - Parameters:
  ///   - deadline: When to stop waiting, on the loop's clock, or `nil` to wait as long as it takes.
  ///   - listensToRemote: Whether ``PromptEventSource/remote`` is listened to.
  /// - Returns: The sources that are ready; empty when the deadline passed.
  /// - Throws: ``PromptError/terminal(_:)`` when waiting fails.
  func wait(until deadline: Duration?, listensToRemote: Bool) throws(PromptError) -> Set<PromptEventSource>
  /// The signals that arrived since the last call, in order.
  func takeSignals() -> [Signal]
  /// Where other threads clear, cancel or interrupt the entry and follow its progress.
  var remote: PromptRemote { get }
  /// The words posted on the notice board since the last call, in order.
  func takeNotices() -> [Announcement]
  /// Starts checking a code; the answer comes with ``PromptEventSource/verification``.
  func verify(_ secret: any SecretStorage, with verifier: @escaping @Sendable (any SecretStorage) throws -> Verdict)
  /// The verifier's answer, if it came.
  func takeVerdict() -> VerificationRunner.Answer?
  /// Sleeps until an instant of the loop's clock has passed, waking for nothing.
  func sleep(until instant: Duration)
}

/// The real ``PromptEvents``: the terminal, the signal relay's pipe, the verifier's pipe, the notice board's and
/// the remote's, polled together on the monotonic clock.
final class TerminalPromptEvents: PromptEvents {
  private let session: TerminalSession
  private let verification: VerificationRunner
  private let notices: NoticeBoard?
  let remote: PromptRemote
  private let clock: MonotonicEntryClock

  init(
    session: TerminalSession, verification: VerificationRunner, notices: NoticeBoard?,
    remote: PromptRemote, clock: MonotonicEntryClock
  ) {
    self.session = session
    self.verification = verification
    self.notices = notices
    self.remote = remote
    self.clock = clock
  }

  func wait(until deadline: Duration?, listensToRemote: Bool) throws(PromptError) -> Set<PromptEventSource> {
    var sources: [PromptEventSource: FileDescriptor] = [
      .terminal: session.device.descriptor,
      .signals: session.signals.readEnd,
      .verification: verification.readEnd,
    ]
    sources[.notices] = notices?.readEnd
    if listensToRemote { sources[.remote] = remote.readEnd }
    return try PromptEventSource.wait(on: sources, until: deadline.map(clock.instant(at:)))
  }

  func takeSignals() -> [Signal] { session.signals.drain() }

  func takeNotices() -> [Announcement] { notices?.take() ?? [] }

  func verify(_ secret: any SecretStorage, with verifier: @escaping @Sendable (any SecretStorage) throws -> Verdict) {
    verification.start(secret, verifier: verifier)
  }

  func takeVerdict() -> VerificationRunner.Answer? { verification.takeAnswer() }

  func sleep(until instant: Duration) {
    BootTimeClock.wait(until: clock.instant(at: instant))
  }
}

/// Where a waiting prompt's wake-ups come from, each a descriptor that becomes readable.
enum PromptEventSource: CaseIterable, Hashable {
  /// Key bytes (or a hang-up) on the terminal.
  case terminal
  /// A signal, through the relay's pipe.
  case signals
  /// The verifier's answer.
  case verification
  /// A background notice to print.
  case notices
  /// Another thread clearing, cancelling or interrupting the entry (``PromptRemote``).
  case remote

  /// Sleeps in one `poll` until a source is readable or the deadline passes, and says which are readable.
  ///
  /// - Parameters:
  ///   - sources: The descriptor of each source to listen to.
  ///   - deadline: When to stop waiting, or `nil` to wait as long as it takes.
  /// - Returns: The sources that are readable (or hung up); empty when the deadline passed.
  /// - Throws: ``PromptError/terminal(_:)`` when `poll` fails.
  static func wait(
    on sources: [PromptEventSource: FileDescriptor], until deadline: BootTimeClock.Instant?
  ) throws(PromptError) -> Set<PromptEventSource> {
    let listened = allCases.filter { sources[$0] != nil }
    var poll = Poll<PromptEventSource>()
    for source in listened {
      if let descriptor = sources[source] { poll.add(source, descriptor) }
    }
    do {
      let result = try poll.wait(timeout: deadline.map { $0 - BootTimeClock.now })
      return Set(listened.filter { result.isReadable($0) })
    } catch {
      throw .terminal(TerminalError(operation: .poll, errno: error))
    }
  }
}
