import AccessiblePrompt
import PasscodeEngine
import PasscodeLocalization
import PasscodeSpeech
import PasscodeTerminal
import Pinentry

/// Runs pinentry's dialogs on a terminal with ``TerminalPasscodePrompt``: one prompt per dialog, on the
/// tty gpg-agent names (`OPTION ttyname`, else `--ttyname`, else `/dev/tty`), with `TERM` from
/// `OPTION ttytype`. That tty must belong to the caller's user or to root, and must not be a
/// pseudo-terminal's master side; otherwise the dialog fails at once, as it does without a terminal. Speech is decided when the first dialog opens (a session that only answers
/// `GETINFO` never detects screen readers, loads libspeechd or starts a thread) and is shared by every
/// later dialog. What the first dialog says before the connection is up waits for it, in order.
///
/// It lives in the executable rather than in the `Pinentry` library so that the library stays free of the
/// terminal and vault layers; the decisions it makes (``PinentryEntryPlan``) and the repeat flow
/// (``PinentryVerifier``) are pure and live in `Pinentry`, where they are tested.
final class TerminalPinentryPrompter: PinentryPrompter {
  private let context: CommandContext
  private var speech: AccessibleSession?

  /// Makes a prompter; speech starts with the first dialog.
  ///
  /// - Parameter context: The parsed options and the environment.
  init(context: CommandContext) {
    self.context = context
  }

  /// Stops speech; the session is over.
  func close() {
    speech?.announcer?.close()
    speech = nil
  }

  func getPIN(_ request: PinentryRequest, inquiry: PinentryInquiry) -> PINResult {
    Self.useLanguage(of: request)
    let plan: PinentryEntryPlan
    do {
      plan = try PinentryEntryPlan(
        request: request, fallbackTerminalPath: context.options.tty,
        fallbackTerminalType: context.options.terminalType, fallbackTimeoutSeconds: context.options.timeout,
        reduceMotion: context.options.reduceMotion)
    } catch {
      return failed("\(error)")
    }
    let prompt: TerminalPasscodePrompt
    switch open(terminalPath: plan.terminalPath, terminalType: plan.terminalType) {
    case let .success(opened): prompt = opened
    case let .failure(error): return failed("\(error)")
    }
    defer { prompt.close() }
    let verifier = PinentryVerifier(
      repeats: plan.repeats, check: { secret in inquiry.constraintsError(for: secret) },
      makeSecretStorage: CommandContext.makeSecretStorage)
    let outcome: EntryOutcome
    do {
      // The visual profile redraws one status line, where the descriptions would last only until the first key;
      // the heading keeps them readable above the entry. (They are told once, through the preamble.)
      let descriptions = plan.preamble.filter { if case .callerDescription = $0 { true } else { false } }
      let companion = PinentryEntryCompanion(inquiry: inquiry, verifier: verifier, longHint: plan.longHint)
      outcome = try prompt.ask(
        plan.configuration, heading: descriptions, preamble: plan.preamble, companion: companion
      ) { secret in
        try verifier.verify(secret)
      }
    } catch {
      _ = verifier.takeEntry().map { $0.wipe() }
      if case .terminated = error { return .cancelled }
      return failed("\(error)")
    }
    switch outcome {
    case .accepted:
      guard let entry = verifier.takeEntry() else { return failed("The entry was lost.") }
      return .entered(entry)
    case .cancelled: return .cancelled
    case .timedOut: return .timedOut
    case .attemptsExhausted: return failed("Too many tries.")
    }
  }

  func confirm(_ request: PinentryRequest, oneButton: Bool) -> ConfirmResult {
    ask(request, oneButton: oneButton)
  }

  func message(_ request: PinentryRequest) -> ConfirmResult {
    ask(request, oneButton: true)
  }

  /// Tells the title, description and error, then the keys to press, and waits for one of them.
  private func ask(_ request: PinentryRequest, oneButton: Bool) -> ConfirmResult {
    Self.useLanguage(of: request)
    let plan = ConfirmationPlan(request: request, oneButton: oneButton)
    let terminal: PinentryEntryPlan
    do {
      terminal = try PinentryEntryPlan(
        request: request, fallbackTerminalPath: context.options.tty,
        fallbackTerminalType: context.options.terminalType)
    } catch {
      return .failed("\(error)")
    }
    let prompt: TerminalPasscodePrompt
    switch open(terminalPath: terminal.terminalPath, terminalType: terminal.terminalType) {
    case let .success(opened): prompt = opened
    case let .failure(error):
      let message = "\(error)"
      StandardStreams.error("passcode pinentry: \(message)\n")
      return .failed(message)
    }
    defer { prompt.close() }
    do {
      // SETTIMEOUT applies to confirmations too: the whole dialog gets that long, warned of, and Tab gives it again.
      return try prompt.run(plan.dialog) { $0.start() } ?? .cancelled
    } catch {
      if case .terminated = error { return .cancelled }
      return .failed("\(error)")
    }
  }

  /// Opens a prompt on the dialog's terminal, starting speech first if this is the first dialog.
  private func open(terminalPath: String?, terminalType: String?) -> Result<TerminalPasscodePrompt, CommandError> {
    do throws(CommandError) {
      let speech: AccessibleSession
      if let opened = self.speech {
        speech = opened
      } else {
        speech = try context.openSpeech(terminalPath: terminalPath)
        self.speech = speech
      }
      return .success(
        try context.openPrompt(
          speech: speech, terminalPath: terminalPath, requiresOwnTerminal: true, terminalType: terminalType,
          outputIsTerminal: true))
    } catch {
      return .failure(error)
    }
  }

  /// Speaks and shows the dialog in the language gpg-agent asked for (`OPTION lc-messages`), if it did.
  private static func useLanguage(of request: PinentryRequest) {
    guard let locale = request.options["lc-messages"], !locale.isEmpty else { return }
    Localization.useMessagesLocale(locale)
  }

  /// Reports a failure on standard error (never standard output, which carries the protocol).
  private func failed(_ message: String) -> PINResult {
    StandardStreams.error("passcode pinentry: \(message)\n")
    return .failed(message)
  }
}
