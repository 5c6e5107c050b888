/// The agent's queue policy, pure: which question to ask next, when the one being asked is withdrawn,
/// and when a question is the same one asked again after an answer (a wrong passphrase).
///
/// The watcher feeds it every question it finds, with the time; the prompt loop takes turns and reports
/// how each ended. Time arrives as values, so tests drive it without sleeping.
package struct QuestionQueue: Sendable {
  /// How soon after an answer a question with the same `Id=` counts as asked again. systemd-cryptsetup
  /// asks again once the key derivation has failed, which takes a few seconds on a slow machine.
  package static let askedAgainWindowSeconds: UInt64 = 30

  private struct Waiting: Sendable {
    let question: PasswordQuestion
    let attempt: Int?
  }

  /// The answers given to one `Id=` in a row, each within the window of the one before.
  private struct Answers: Sendable {
    var last: MonotonicInstant
    var count: Int
  }

  private var waiting: [Waiting] = []
  private var current: PasswordQuestion?
  /// Files this agent has finished with; they are not asked again while they exist.
  private var settled: Set<String> = []
  /// When each `Id=` was last answered, and how many times in a row.
  private var answers: [String: Answers] = [:]
  private let identifierPrefix: String?

  /// Makes an empty queue.
  ///
  /// - Parameter identifierPrefix: Only questions whose `Id=` starts with this are taken (`--id`);
  ///   `nil` takes all of them.
  package init(identifierPrefix: String? = nil) {
    self.identifierPrefix = identifierPrefix
  }

  /// How many questions are pending, the one being asked included.
  package var pendingCount: Int { waiting.count + (current == nil ? 0 : 1) }

  /// The earliest `NotAfter=` among the pending questions: when the watcher must look again.
  package var nextDeadline: MonotonicInstant? {
    (waiting.map(\.question) + (current.map { [$0] } ?? [])).compactMap(\.notAfter).min()
  }

  /// Takes in what the directory holds now.
  ///
  /// - Parameters:
  ///   - present: Every readable question in the directory whose asking process is alive, oldest first.
  ///   - now: The current time.
  /// - Returns: What the agent must do: withdraw the question being asked, or say how many are waiting.
  package mutating func update(present: [PasswordQuestion], now: MonotonicInstant) -> [QueueAction] {
    let presentNames = Set(present.map(\.fileName))
    let live = present.filter { !$0.hasExpired(at: now) && accepts($0) }
    let liveNames = Set(live.map(\.fileName))
    settled.formIntersection(presentNames)
    forgetOldAnswers(now: now)
    var actions: [QueueAction] = []
    if let asked = current, !liveNames.contains(asked.fileName) {
      current = nil
      settled.insert(asked.fileName)
      // An asker removes its file when its own deadline passes, which may be seen before the deadline is:
      // a question gone after its NotAfter timed out.
      let expired = presentNames.contains(asked.fileName) || asked.hasExpired(at: now)
      actions.append(.withdraw(asked, expired ? .expired : .withdrawn))
    }
    waiting.removeAll { !liveNames.contains($0.question.fileName) }
    let known = Set(waiting.map(\.question.fileName)).union(settled).union(current.map { [$0.fileName] } ?? [])
    let arrivals = live.filter { !known.contains($0.fileName) }
    for question in arrivals {
      waiting.append(Waiting(question: question, attempt: attempt(of: question, now: now)))
    }
    if !arrivals.isEmpty, current != nil { actions.append(.announceWaiting(count: pendingCount)) }
    return actions
  }

  /// Starts the next question, if none is being asked.
  ///
  /// - Parameter now: The current time; a question whose deadline has passed is skipped.
  /// - Returns: The question and what to say before it, or `nil` when nothing is waiting.
  package mutating func takeNext(now: MonotonicInstant) -> QuestionTurn? {
    guard current == nil else { return nil }
    while !waiting.isEmpty {
      let next = waiting.removeFirst()
      if next.question.hasExpired(at: now) {
        settled.insert(next.question.fileName)
        continue
      }
      current = next.question
      // Also looked at now: the question may have arrived while the answer before it was still being sent,
      // before ``finish(_:_:now:)`` recorded that answer.
      let attempt = attempt(of: next.question, now: now) ?? next.attempt
      return QuestionTurn(question: next.question, attempt: attempt, pendingCount: pendingCount)
    }
    return nil
  }

  /// Reports how a question taken with ``takeNext(now:)`` ended; it is not asked again while its file exists.
  ///
  /// - Parameters:
  ///   - question: The question.
  ///   - ending: How it ended.
  ///   - now: The current time; an answer starts the asked-again window for its `Id=`.
  package mutating func finish(_ question: PasswordQuestion, _ ending: QuestionEnding, now: MonotonicInstant) {
    if current?.fileName == question.fileName { current = nil }
    settled.insert(question.fileName)
    if ending == .answered, let identifier = question.identifier {
      answers[identifier] = Answers(last: now, count: (attempt(of: question, now: now) ?? 1))
    }
  }

  private func accepts(_ question: PasswordQuestion) -> Bool {
    guard let identifierPrefix else { return true }
    return question.identifier?.hasPrefix(identifierPrefix) ?? false
  }

  /// Which try `question` is when its `Id=` was answered within the window (2 after one answer), else `nil`.
  private func attempt(of question: PasswordQuestion, now: MonotonicInstant) -> Int? {
    guard let identifier = question.identifier, let answered = answers[identifier],
      now <= answered.last.adding(seconds: Self.askedAgainWindowSeconds)
    else { return nil }
    return answered.count + 1
  }

  private mutating func forgetOldAnswers(now: MonotonicInstant) {
    answers = answers.filter { now <= $0.value.last.adding(seconds: Self.askedAgainWindowSeconds) }
  }
}

/// One question to ask now, and what to say before it.
package struct QuestionTurn: Equatable, Sendable {
  /// The question.
  package var question: PasswordQuestion
  /// Which try this is when its `Id=` was answered within the window (the last answer was not accepted): 2
  /// after one answer, 3 after two in a row; `nil` for a question not asked again.
  package var attempt: Int?
  /// How many questions are pending, this one included.
  package var pendingCount: Int

  /// Makes a turn.
  package init(question: PasswordQuestion, attempt: Int? = nil, pendingCount: Int) {
    self.question = question
    self.attempt = attempt
    self.pendingCount = pendingCount
  }

  /// Whether its `Id=` was answered within the window: the last answer was not accepted.
  package var isAskedAgain: Bool { attempt != nil }
}

/// How the prompt for a question ended.
package enum QuestionEnding: Equatable, Sendable {
  /// The answer was sent.
  case answered
  /// The user cancelled; `-` was sent.
  case cancelled
  /// The user cancelled, and the question was left unanswered for another agent (`--leave-on-cancel`).
  case left
  /// Left unanswered for another agent (the `--timeout` passed with no key), or its answer could not be
  /// sent (the asker is not reading, or its socket is not trusted).
  case skipped
  /// The asker withdrew it, its deadline passed, or another agent answered first.
  case withdrawn
}

/// What the queue asks the agent to do while a question is being asked.
package enum QueueAction: Equatable, Sendable {
  /// The question being asked is gone: end its prompt, wipe the entry and say why.
  case withdraw(PasswordQuestion, WithdrawalReason)
  /// More questions arrived: say how many are pending.
  case announceWaiting(count: Int)
}

/// Why a question stopped being pending.
package enum WithdrawalReason: Equatable, Sendable {
  /// Its file disappeared, or its asking process is gone.
  case withdrawn
  /// Its `NotAfter=` passed.
  case expired
}
