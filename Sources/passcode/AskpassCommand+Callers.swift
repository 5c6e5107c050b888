import AccessiblePrompt
import AnnouncementWords
import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization
import PasscodeTerminal
import PasscodeVault
import PasswordAgent
import Pinentry
internal import SystemCalls

/// The callers other than crypttab: sudo, ssh and git, and anyone else who passes a question as `argv[1]`.
extension AskpassCommand {
  /// Opens the session and a prompt on the caller's terminal (never the console: these callers run as the person,
  /// at a terminal), runs `body` with it, and closes both.
  private func withPrompt<Value>(_ body: (TerminalPasscodePrompt) throws(CommandError) -> Value) throws(CommandError)
    -> Value
  {
    let terminalPath = Self.terminalPath(tty: context.options.tty, console: nil)
    let speech = try context.openSpeech(terminalPath: terminalPath)
    defer { speech.announcer?.close() }
    let prompt = try context.openPrompt(speech: speech, terminalPath: terminalPath, outputIsTerminal: true)
    defer { prompt.close() }
    // A caller's question is short-lived (sudo's ends at Enter): let the question be heard, not queued behind a
    // connection still being made when the program ends.
    speech.announcer?.waitUntilConnected(within: .milliseconds(Self.speechConnectionWait))
    return try body(prompt)
  }

  /// The caller's words as the question's title, else the noun ("Password").
  private func title(_ question: AskpassQuestion) -> SanitizedText {
    if let title = context.options.title { return SanitizedText(title) }
    if let text = question.text { return text }
    switch question.noun {
    case .password: return SanitizedText(Localization.text("Password"))
    case .pin: return SanitizedText(Localization.text("PIN"))
    case .passphrase: return SanitizedText(Localization.text("Passphrase"))
    }
  }

  /// Asks for a secret, or an answer shown as typed, and writes it to standard output with a line feed.
  func answer(_ question: AskpassQuestion, parent: AskpassParent?) throws(CommandError) -> ExitCode {
    let preamble = [retryAnnouncement(question, parent: parent), question.form == .shown ? .typingShown : nil]
      .compactMap { $0 }
    return try withPrompt { prompt throws(CommandError) in try answer(question, preamble: preamble, on: prompt) }
  }

  private func answer(_ question: AskpassQuestion, preamble: [Announcement], on prompt: TerminalPasscodePrompt)
    throws(CommandError) -> ExitCode
  {
    let title = title(question)
    let configuration = try context.callerQuestion(title: title, isSecret: question.form == .secret)
    let outcome: EntryOutcome
    do {
      // A shown answer is said as typed; a secret never is.
      let companion: (any EntryCompanion)? = question.form == .shown ? ShownEntryCompanion() : nil
      outcome = try prompt.ask(
        configuration, heading: [.callerDescription(title)], preamble: preamble, companion: companion
      ) { secret in
        try Self.writeToStandardOutput(secret, lineFeed: question.endsWithLineFeed)
        return .accepted
      }
    } catch {
      if case let .verifierFailed(failure as KeyscriptOutputError) = error { throw .outputFailed(errno: failure.errno) }
      throw .prompt(error)
    }
    return ExitCode(outcome)
  }

  /// "Wrong password. Try 2" when this is the same question again under the same parent, or "Wrong
  /// passphrase" when only the caller's words say so; `nil` on a first try, or when nothing tells.
  private func retryAnnouncement(_ question: AskpassQuestion, parent: AskpassParent?) -> Announcement? {
    var attempt: Int?
    if let key = question.retryKey, let parent, let start = parent.startTime,
      let location = try? StoreLocation.resolve(environment: context.environment),
      let tries = AskpassTries.count(key, parent: parent.identifier, parentStart: start, location: location),
      tries > 1
    {
      attempt = tries
    }
    guard attempt != nil || question.callerSaysWrong else { return nil }
    return .triedAgain(question.noun, attempt: attempt)
  }

  /// ssh's yes-or-no question (`ssh-add -c`): Enter says yes, with nothing written (exit 0); Esc says no
  /// (exit 1), as does the end of `--timeout`.
  func confirm(_ question: AskpassQuestion) throws(CommandError) -> ExitCode {
    let keys = Announcement.confirmationKeys(
      ok: SanitizedText(Localization.text("Yes")), notOK: nil, cancel: SanitizedText(Localization.text("No")),
      offersCancel: true)
    let dialog = ConfirmationDialog(
      lines: [.callerDescription(title(question))], keys: keys, offersNotOK: false,
      timeLimit: context.options.timeout.map { .seconds($0) })
    let result = try withPrompt { prompt throws(CommandError) in
      do throws(PromptError) {
        return try prompt.run(dialog) { $0.start() }
      } catch {
        throw .prompt(error)
      }
    }
    switch result {
    case .confirmed: return .accepted
    case .timedOut: return .timedOut
    default: return .wrongNoTriesLeft
    }
  }

  /// ssh's notice (`SSH_ASKPASS_PROMPT=none`): told and shown until ssh ends the program with a signal, which
  /// restores the terminal and exits 0, as Esc does; the notice asks for nothing.
  func showNotice(_ question: AskpassQuestion) throws(CommandError) -> ExitCode {
    let notice = AskpassNoticeScreen(lines: [.callerDescription(title(question))])
    return try withPrompt { prompt throws(CommandError) in
      do throws(PromptError) {
        _ = try prompt.run(notice) { $0.start() }
      } catch {
        // The caller ending the notice is how it is meant to end; the prompt has restored the terminal.
        if case .terminated = error { return .accepted }
        throw .prompt(error)
      }
      return .accepted
    }
  }
}
