import Synchronization
internal import SystemCalls

/// Watches the question directory on its own thread and keeps the ``QuestionQueue``.
///
/// The thread sleeps in `poll` on an inotify descriptor. While questions are pending it also wakes at the
/// earliest `NotAfter=` and once a second, to notice an asker that died without removing its file. On
/// every wake it rescans the directory and updates the queue; the queue's actions (withdraw the question
/// being asked, say how many are waiting) go to `onAction`, on the watcher's thread.
package final class QuestionWatcher: Sendable {
  /// How often a pending question's asking process is checked, in milliseconds.
  package static let livenessCheckMilliseconds: Int32 = 1000

  private let directory: AskPasswordDirectory
  private let queue: Mutex<QuestionQueue>
  private let watch: DirectoryWatch
  private let arrivals: Pipe
  private let onAction: @Sendable (QueueAction) -> Void

  /// Starts watching: makes the directory if missing, scans it once, then watches on a new thread.
  ///
  /// - Parameters:
  ///   - directory: The question directory.
  ///   - identifierPrefix: Only questions whose `Id=` starts with this are taken, or `nil` for all.
  ///   - onAction: Called on the watcher's thread with each action of the queue.
  /// - Throws: ``AgentError`` when the directory cannot be made or watched.
  package init(
    directory: AskPasswordDirectory, identifierPrefix: String?, onAction: @escaping @Sendable (QueueAction) -> Void
  ) throws(AgentError) {
    self.directory = directory
    self.onAction = onAction
    try directory.create()
    watch = try AgentSystemCalls.watchDirectory(directory.path).get()
    do {
      arrivals = try AgentSystemCalls.makePipe().get()
    } catch {
      watch.close()
      throw error
    }
    var initial = QuestionQueue(identifierPrefix: identifierPrefix)
    _ = initial.update(
      present: (try? directory.answerableQuestions()) ?? [], now: MonotonicInstant.now())
    queue = Mutex(initial)
    guard BackgroundThread.start({ [self] in run() }) else {
      watch.close()
      arrivals.close()
      throw .resources(errno: Errno.wouldBlock.rawValue)
    }
  }

  /// The next question to ask, waiting for one when `wait` is set.
  ///
  /// - Parameters:
  ///   - wait: Whether to sleep until a question arrives.
  ///   - timeout: With `wait`, how long to sleep at most; `nil` for no limit.
  /// - Returns: The turn, or `nil` when none is waiting (and `wait` is not set, or the timeout passed).
  package func nextTurn(wait: Bool, timeout: Duration? = nil) -> QuestionTurn? {
    let deadline = timeout.map { BootTimeClock.now + $0 }
    while true {
      while let bytes = try? arrivals.readEnd.read(upTo: 4096), !bytes.isEmpty {}
      if let turn = queue.withLock({ $0.takeNext(now: MonotonicInstant.now()) }) { return turn }
      guard wait else { return nil }
      let remaining = deadline.map { $0 - BootTimeClock.now }
      if let remaining, remaining <= .zero { return nil }
      AgentSystemCalls.waitReadable(arrivals.readEnd, timeout: remaining)
    }
  }

  /// Reports how a question ended.
  ///
  /// - Parameters:
  ///   - question: The question from ``nextTurn(wait:)``.
  ///   - ending: How it ended.
  package func finish(_ question: PasswordQuestion, _ ending: QuestionEnding) {
    queue.withLock { $0.finish(question, ending, now: MonotonicInstant.now()) }
  }

  /// The watcher's loop; it runs until the process ends.
  private func run() {
    while true {
      // Idle: sleep until the directory changes. Pending: also look again within a second, and just after
      // the earliest deadline (a question's deadline makes it pending, so the second is always set first).
      let (deadline, pending) = queue.withLock { ($0.nextDeadline, $0.pendingCount) }
      var timeout: Duration? = pending > 0 ? .milliseconds(Self.livenessCheckMilliseconds) : nil
      // A millisecond past the deadline, so the wake comes just after it rather than a moment before.
      if let deadline {
        timeout = min(timeout ?? .seconds(Int32.max), deadline - MonotonicClock.now + .milliseconds(1))
      }
      AgentSystemCalls.waitReadable(watch.descriptor, timeout: timeout)
      watch.drain()
      let present = (try? directory.answerableQuestions()) ?? []
      let (actions, waiting) = queue.withLock { queue in
        let actions = queue.update(present: present, now: MonotonicInstant.now())
        return (actions, queue.pendingCount)
      }
      if waiting > 0 { try? arrivals.writeEnd.writeAll([1]) }
      for action in actions { onAction(action) }
    }
  }
}
