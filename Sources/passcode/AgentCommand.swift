import AccessiblePrompt
import AnnouncementWords
import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization
import PasscodeTerminal
import PasswordAgent
import Synchronization
internal import SystemCalls

/// `passcode agent`: a systemd password agent. It answers the questions in `/run/systemd/ask-password`
/// one at a time, each as a passphrase prompt through the same engine, speech and profiles as every
/// other prompt, and sends the answer from locked memory to the asker's socket.
///
/// Exit status: 0 when every question was answered or withdrawn by its asker (its socket vanished
/// included); 2 when one was cancelled, or left for another agent (`--leave-on-cancel`, which also ends the
/// agent); 3 when one timed out (`NotAfter=` or `--timeout`); 77 when
/// answering needs root; 74 when the directory cannot be watched or an answer could not be sent (the
/// asker is not reading, or its socket is not trusted); the usual 64 and 69.
///
/// Questions that root did not ask (``AskFileError/untrusted(_:)``) are never asked; `--list` names them.
struct AgentCommand {
  let context: CommandContext
  let agent: AgentOptions

  private let catalogue = AnnouncementCatalogue.current
  /// How long the first question waits for speech to connect (a local daemon takes about 40 ms; a
  /// spawned one about 500 ms).
  private static let speechConnectionWait = 1500
  /// How often an answered disk is looked at until it is mapped, asked again, or its asker is gone.
  private static let unlockCheckInterval = Duration.milliseconds(250)
  /// How long an answered disk is looked at, at most: a key derivation under emulation takes a while.
  private static let unlockWaitLimit = Duration.seconds(120)

  func run() throws(CommandError) -> ExitCode {
    let directory = AskPasswordDirectory()
    switch agent.mode {
    case .list: return try list(directory)
    case .query, .watch: return try answer(directory)
    }
  }

  // MARK: - --list

  /// Prints each pending question on a line: its message, then who asks and how; never a secret (the
  /// files hold none) and never raw outside text. A question root did not ask is named by its file and
  /// why it is not trusted, whatever `--id` says (its `Id=` is not believed), and none of its text is shown.
  private func list(_ directory: AskPasswordDirectory) throws(CommandError) -> ExitCode {
    var entries: [AskPasswordDirectory.Entry]
    do {
      entries = try directory.scan()
    } catch {
      throw .agent(error)
    }
    let all = entries.count
    entries = entries.filter(isForThisAgent)
    guard !entries.isEmpty else {
      try StandardStreams.output(catalogue.text(for: .noQuestionsPending(others: all)) + ".\n")
      return .accepted
    }
    let now = MonotonicInstant.now()
    for entry in entries {
      switch entry.question {
      case let .success(question):
        var details: [String] = []
        if let identifier = question.identifier {
          details.append(Localization.text("Id {id}", ["id": "\(SanitizedText(identifier))"]))
        }
        if let process = question.processIdentifier {
          details.append(Localization.text("PID {pid}", ["pid": "\(process)"]))
        }
        details.append(Self.echoWords(question.echo))
        if let notAfter = question.notAfter {
          details.append(
            question.hasExpired(at: now)
              ? Localization.text("timed out")
              : Localization.text(
                "{duration} left",
                ["duration": catalogue.duration(seconds: Int((notAfter.microseconds - now.microseconds) / 1_000_000))]))
        }
        if !entry.askerIsAlive { details.append(Localization.text("its asker is gone")) }
        let line = Localization.text(
          "{title} ({details})", ["title": "\(question.title)", "details": details.joined(separator: ", ")])
        try StandardStreams.output(line + "\n")
      case let .failure(.untrusted(reason)):
        let line = Localization.text(
          "{file}: not trusted, so not answered: {reason}",
          ["file": entry.fileName, "reason": AgentErrorWords.reason(reason)])
        try StandardStreams.output(line + "\n")
      case let .failure(error):
        let line = Localization.text(
          "{file}: cannot be answered: {error}",
          ["file": SanitizedText(quoting: entry.fileName).text, "error": AgentErrorWords.reason(error)])
        try StandardStreams.output(line + "\n")
      }
    }
    return .accepted
  }

  /// Whether a pending question is this agent's: any, or with `--id`, one whose `Id=` starts so; a question
  /// root did not ask is always listed, whatever its `Id=` says.
  private func isForThisAgent(_ entry: AskPasswordDirectory.Entry) -> Bool {
    guard let prefix = agent.identifierPrefix else { return true }
    switch entry.question {
    case let .success(question): return question.identifier?.hasPrefix(prefix) ?? false
    case .failure(.untrusted): return true
    case .failure: return false
    }
  }

  /// Says, on the terminal and through speech when it is on, that no question is this agent's to answer,
  /// and how many others are pending (`--id` leaves them to others).
  private func sayNoQuestions(_ directory: AskPasswordDirectory, speech: AccessibleSession) throws(CommandError) {
    let pending = (try? directory.scan()) ?? []
    if let announcer = speech.announcer {
      announcer.waitUntilConnected(within: .milliseconds(Self.speechConnectionWait))
    }
    try speech.report(.noQuestionsPending(others: pending.count { !isForThisAgent($0) })) {
      (line: String) throws(CommandError) in try StandardStreams.output(line + ".\n")
    }
  }

  private static func echoWords(_ echo: EchoMode) -> String {
    switch echo {
    case .shown: Localization.text("typing shown")
    case .masked: Localization.text("typing hidden")
    case .silent: Localization.text("typing hidden, silent")
    }
  }

  // MARK: - --query and --watch

  private func answer(_ directory: AskPasswordDirectory) throws(CommandError) -> ExitCode {
    guard AnswerSender.mayAnswer else { throw .agent(.permissionDenied(socketPath: directory.path)) }
    // The console agent asks at boot (and at shutdown), before anyone is logged in to run a command.
    let speech = try context.openSpeech(
      startupGrace: CommandContext.bootSpeechStartupGrace, atBoot: agent.consolePath != nil)
    defer { speech.announcer?.close() }
    let remote: PromptRemote
    do {
      remote = try PromptRemote()
    } catch {
      throw .prompt(error)
    }
    let asking = AskedQuestion()
    let watcher: QuestionWatcher
    do {
      watcher = try QuestionWatcher(directory: directory, identifierPrefix: agent.identifierPrefix) { action in
        switch action {
        case let .withdraw(question, reason):
          if asking.withdraw(question, reason) { remote.interrupt() }
        case let .announceWaiting(count):
          // Told by the question's prompt, shown and spoken once, between keys.
          speech.notices?.post(.questionsWaiting(count: count))
        }
      }
    } catch {
      throw .agent(error)
    }
    var status = ExitCode.accepted
    var isFirst = true
    // A disk answered, until it is mapped ("Disk unlocked"), asked again, or its asker is gone.
    var answeredDisk: (question: PasswordQuestion, since: BootTimeClock.Instant)?
    while true {
      let turn: QuestionTurn?
      if let disk = answeredDisk {
        turn = watcher.nextTurn(wait: true, timeout: Self.unlockCheckInterval)
        if turn == nil {
          switch DiskMapping.state(of: disk.question) {
          case .mapped:
            answeredDisk = nil
            try tellUnlocked(speech: speech, remote: remote)
          case .pending where BootTimeClock.now - disk.since < Self.unlockWaitLimit: break
          case .pending, .notMapped: answeredDisk = nil
          }
          continue
        }
        answeredDisk = nil
      } else {
        turn = watcher.nextTurn(wait: agent.mode == .watch)
      }
      guard let turn else { break }
      if isFirst, let announcer = speech.announcer {
        announcer.waitUntilConnected(within: .milliseconds(Self.speechConnectionWait))
      }
      isFirst = false
      let (ending, questionStatus) = try ask(turn, speech: speech, remote: remote, asking: asking)
      watcher.finish(turn.question, ending)
      if status == .accepted { status = questionStatus }
      // The question, and any behind it, are another agent's now: it starts when this one ends.
      if ending == .left { break }
      if ending == .answered, turn.question.disk != nil { answeredDisk = (turn.question, BootTimeClock.now) }
    }
    if isFirst, agent.mode == .query { try sayNoQuestions(directory, speech: speech) }
    return status
  }

  /// Opens the prompt a question is asked on (the console with `--console`).
  private func openQuestionPrompt(speech: AccessibleSession, remote: PromptRemote) throws(CommandError)
    -> TerminalPasscodePrompt
  {
    try context.openPrompt(
      speech: speech, terminalPath: agent.consolePath, outputIsTerminal: agent.consolePath == nil ? nil : true,
      remote: remote)
  }

  /// Shows and speaks "Disk unlocked", between questions, on the terminal questions are asked on. On the console
  /// with brltty running, the words stay under the cursor for ``brailleHold`` before their line is ended: a
  /// braille window follows the cursor, and brltty, reading the screen now and then, could otherwise find it on
  /// the empty line below and never show them (seen under dracut in the VM lab on a loaded machine).
  private func tellUnlocked(speech: AccessibleSession, remote: PromptRemote) throws(CommandError) {
    let prompt = try openQuestionPrompt(speech: speech, remote: remote)
    defer { prompt.close() }
    let hold = agent.consolePath != nil && speech.detection.readers.contains(.brltty) ? Self.brailleHold : nil
    try tell([.diskUnlocked], on: prompt, speech: speech, holdingFor: hold)
  }

  /// How long "Disk unlocked" stays under the cursor for a braille display, as long as passcode's
  /// initramfs-tools local-premount script keeps it there.
  static let brailleHold = Duration.seconds(3)

  /// The question being asked, and why it was withdrawn, shared with the watcher's thread, which may
  /// report the withdrawal of a question whose prompt has just ended.
  private final class AskedQuestion: Sendable {
    private let state = Mutex<(fileName: String?, withdrawal: WithdrawalReason?)>((nil, nil))

    /// Marks `fileName` as the question being asked, or none.
    func begin(_ fileName: String?) {
      state.withLock { $0 = (fileName, nil) }
    }

    /// Records why `question` was withdrawn; `true` when it is the one being asked.
    func withdraw(_ question: PasswordQuestion, _ reason: WithdrawalReason) -> Bool {
      state.withLock { state in
        guard state.fileName == question.fileName else { return false }
        state.withdrawal = reason
        return true
      }
    }

    /// Why the question being asked was withdrawn, if it was.
    var withdrawal: WithdrawalReason? { state.withLock { $0.withdrawal } }
  }

  /// Asks one question on its own prompt and sends the answer, or `-` when the user cancels (with
  /// `--leave-on-cancel`, nothing: the question is left for another agent).
  private func ask(
    _ turn: QuestionTurn, speech: AccessibleSession, remote: PromptRemote, asking: AskedQuestion
  ) throws(CommandError) -> (QuestionEnding, ExitCode) {
    let question = turn.question
    let disk = question.disk
    // A disk's words name the disk and its device: who asks is said by them.
    let title = disk.map { SanitizedText(catalogue.text(for: $0)) } ?? question.title
    let source = disk == nil ? question.source : nil
    var preamble: [Announcement] = []
    if let attempt = turn.attempt { preamble.append(.askedAgain(attempt: attempt)) }
    if let source { preamble.append(source) }
    if turn.pendingCount > 1 { preamble.append(.questionsWaiting(count: turn.pendingCount)) }
    var configuration: EntryConfiguration
    do {
      configuration = try EntryConfiguration(
        title: title, length: .variable(1...EntryConfiguration.variableLengthLimit),
        allowed: .printable, isSecure: question.echo.hidesCharacters, reduceMotion: context.options.reduceMotion,
        // The asker counts its own tries, if it counts them; the agent has no lockout, so its status (Ctrl-R)
        // gives no count of tries.
        lockoutSchedule: .never, timeout: context.options.timeout.map { .seconds($0) })
    } catch {
      throw .configuration(error)
    }
    // The asker's NotAfter= is its own deadline: warned of, with no key named, since no key moves it (the
    // watcher withdraws the question when it passes). --timeout is this agent's, and Tab extends it.
    if let notAfter = question.notAfter {
      let remaining = notAfter.microseconds - MonotonicInstant.now().microseconds
      if remaining > 0 { configuration.fixedDeadline = .microseconds(remaining) }
    }
    // The answer is passed on, not checked: whether it was right is heard when the question comes back. A
    // disk checks it now ("Checking"), and then is unlocked ("Disk unlocked") or asks again.
    configuration.acceptedAnnouncement = disk == nil ? .answerSent : .checking
    // Where there is no voice, the console's tones tell a question, and a question asked again (ConsoleTones).
    configuration.openingCues = turn.attempt == nil ? [.asking] : [.error, .asking]
    asking.begin(question.fileName)
    remote.reset()
    defer { asking.begin(nil) }
    let prompt = try openQuestionPrompt(speech: speech, remote: remote)
    defer { prompt.close() }
    let cancellation: AnswerCancellation
    do {
      cancellation = try AnswerCancellation()
    } catch {
      throw .agent(error)
    }
    let sender = AnswerSender(makeSecretStorage: CommandContext.makeSecretStorage, cancellation: cancellation)
    let outcome: EntryOutcome
    do {
      // However the prompt ends (Esc, a signal, a withdrawal), an answer still waiting for room in a full
      // queue stops here, on its own thread: nothing waits for it, and it is never sent later.
      defer { cancellation.cancel() }
      // The visual profile redraws one status line, where the message would last only until the next
      // announcement; the heading keeps it, and who asks, readable above the entry (they are spoken once, as
      // usual, the message as the prompt's title). A disk's words name the disk and its device instead.
      let heading = [.callerDescription(title)] + (source.map { [$0] } ?? [])
      outcome = try prompt.ask(configuration, heading: heading, preamble: preamble) { secret in
        do throws(AgentError) {
          try sender.answer(secret, to: question)
        } catch {
          // As a prompt error, it reaches the catch below as itself (any other error becomes its words).
          throw PromptError.verifierFailed(error)
        }
        return .accepted
      }
    } catch {
      guard case let .verifierFailed(failure as AgentError) = error else { throw .prompt(error) }
      switch failure {
      case .askerGone:
        // Its socket vanished, or nobody is bound to it: the asker gave up, as when its file goes.
        try tell(.questionWithdrawn, on: prompt, speech: speech)
        return (.withdrawn, .accepted)
      case .askerNotReading:
        try tell(.askerNotReading, on: prompt, speech: speech)
        return (.skipped, .storageError)
      case .untrustedSocket:
        try tell(.socketNotTrusted, on: prompt, speech: speech)
        return (.skipped, .storageError)
      default:
        throw .prompt(error)
      }
    }
    switch outcome {
    case .accepted:
      return (.answered, .accepted)
    case .cancelled where remote.isInterrupted:
      let reason = asking.withdrawal ?? .withdrawn
      try tell(reason == .expired ? .questionExpired : .questionWithdrawn, on: prompt, speech: speech)
      return (.withdrawn, reason == .expired ? .timedOut : .accepted)
    case .cancelled where agent.leavesQuestionOnCancel, .attemptsExhausted where agent.leavesQuestionOnCancel:
      // The unit's OnFailure= starts systemd's own agent, which asks without speech or counts: said first, on
      // the screen (and so in braille) and in speech, so the change is no surprise.
      try tell([.questionLeft, .systemdAgentAsksNext], on: prompt, speech: speech)
      return (.left, .cancelled)
    case .cancelled, .attemptsExhausted:
      do throws(AgentError) {
        try sender.cancel(question)
      } catch .askerGone {
        // Withdrawn meanwhile: nobody is left to tell.
      } catch .askerNotReading {
        try tell(.askerNotReading, on: prompt, speech: speech)
      } catch .untrustedSocket {
        try tell(.socketNotTrusted, on: prompt, speech: speech)
      } catch {
        throw .agent(error)
      }
      return (.cancelled, .cancelled)
    case .timedOut:
      // Left unanswered for another agent, and not asked again in this run.
      return (.skipped, .timedOut)
    }
  }

  /// Shows and speaks why a question ended without an answer.
  private func tell(_ announcement: Announcement, on prompt: TerminalPasscodePrompt, speech: AccessibleSession)
    throws(CommandError)
  {
    try tell([announcement], on: prompt, speech: speech)
  }

  /// Shows and speaks `announcements`, in order, holding the last under the cursor for `hold` when given.
  private func tell(
    _ announcements: [Announcement], on prompt: TerminalPasscodePrompt, speech: AccessibleSession,
    holdingFor hold: Duration? = nil
  ) throws(CommandError) {
    do {
      try prompt.tell(announcements, holdingFor: hold)
    } catch {
      throw .prompt(error)
    }
  }
}
