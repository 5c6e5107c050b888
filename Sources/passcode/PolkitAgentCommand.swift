import AccessiblePrompt
import AnnouncementWords
import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization
import PasscodeTerminal
import PasswordAgent
import PolkitAgent
import Synchronization
internal import SystemCalls

/// `passcode polkit-agent`: polkit's authentication agent on the terminal, in place of `pkttyagent`, with its
/// options (`--process PID[,START]`, `--fallback`, `--notify-fd N`).
///
/// It registers with polkitd for a process: `--process`, else its parent (as pkttyagent, and as systemd starts
/// it), else, when it runs a command, itself: `pkexec` asks for its parent, so `passcode polkit-agent pkexec …`
/// answers pkexec. For each authentication polkitd begins, it opens the accessible prompt on the terminal: the
/// action's message and who is asked are said, polkit's own helper (`polkit-agent-helper-1`, run for the user)
/// asks PAM's questions, a secret is asked with the counts and never echoed, an answer PAM shows is shown, PAM's
/// messages are said, and a wrong password is said with its try number ("Wrong password. Try 2") on the next of
/// three tries. The password goes from the prompt's secret storage straight to the helper's pipe; the helper tells
/// polkitd itself. Esc cancels the authentication (polkitd is told) and the agent waits for the next.
///
/// The terminal is in raw mode from the first word of an authentication to its end, so nothing typed meanwhile is
/// echoed, and what is left unread when it ends is discarded: the shell gets no typed character.
///
/// Exit status: without a command, it runs until a signal ends it, as pkttyagent; with one, the command's own
/// status (126 or 127 when it could not be run). 64 for a wrong command line, 69 with no terminal to ask on, 78
/// when the system bus or polkitd cannot be reached or polkitd refuses the registration.
struct PolkitAgentCommand {
  let context: CommandContext
  let options: PolkitAgentOptions
  /// The command to run with the agent registered for it; empty to run until a signal.
  let command: [String]

  /// The tries an authentication gets, as pkttyagent's PAM stack and sudo give.
  static let triesPerAuthentication = 3
  /// How often the agent looks whether its command ended, between authentications.
  private static let commandCheckInterval = Duration.milliseconds(100)

  func run() throws(CommandError) -> ExitCode {
    do {
      // A helper that is gone is a failed write, not a signal that ends the agent.
      try SignalRelay.ignoreSIGPIPE()
    } catch {
      throw .prompt(.terminal(error))
    }
    let address = context.environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? PolkitAgentEndpoint.defaultSystemBusAddress
    let endpoint: PolkitAgentEndpoint
    do {
      endpoint = try PolkitAgentEndpoint.open(address: address)
    } catch {
      throw .polkit(error)
    }
    defer { endpoint.close() }
    do {
      try endpoint.register(subject: subject(), fallback: options.fallback, locale: locale)
    } catch {
      throw .polkit(error)
    }
    // systemd and pkexec wait for this descriptor to close: the agent is registered.
    if let descriptor = options.notifyDescriptor { FileDescriptor(rawValue: descriptor).closeIgnoringErrors() }
    if !command.isEmpty {
      // As system(3) does while its command runs: Ctrl-C and Ctrl-\ are the command's (an editor pkexec runs), and
      // must not end the agent under it. Ignored before the command starts, which gets them at their default
      // (Spawn), so that one sent at once cannot come first (seen in CI: the agent ended with 130). A prompt takes
      // them as keys, and puts this back when it closes.
      for signal in [Signal.interrupt, .quit] { _ = try? SignalAction.ignore.install(for: signal) }
    }
    let child = command.isEmpty ? nil : try start(command)
    while true {
      if let pending = endpoint.nextAuthentication(within: Self.commandCheckInterval) {
        try authenticate(pending)
      }
      if let child, let status = try? child.statusIfExited() {
        return ExitCode(rawValue: status.exitCode ?? 128 + (status.terminatingSignal?.number ?? 0))
      }
    }
  }

  /// The process polkitd asks this agent for.
  private func subject() -> PolkitSubject {
    let identifier =
      options.process?.identifier
      ?? (command.isEmpty
        ? ProcessIdentifier.parent.rawValue
        : ProcessIdentifier.current
          .rawValue)
    let startTime = options.process?.startTime ?? AskpassParent.startTime(of: identifier) ?? 0
    return PolkitSubject(
      processIdentifier: identifier, startTime: startTime, userIdentifier: ProcessCredentials.real.user)
  }

  /// The locale polkitd writes the action's message in: the person's messages locale.
  private var locale: String {
    let environment = context.environment
    return [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]].lazy.compactMap { $0 }
      .first { !$0.isEmpty } ?? "C"
  }

  /// Starts the command in this process group, on this terminal, with the agent's environment.
  private func start(_ command: [String]) throws(CommandError) -> ProcessIdentifier {
    var spawn = Spawn(executable: command[0], arguments: Array(command.dropFirst()), environment: context.environment)
    spawn.searchesPath = !command[0].contains("/")
    do {
      return try spawn.run()
    } catch {
      throw .cannotExecute(command: command[0], errno: error.rawValue)
    }
  }

  /// Answers one authentication, from its first word to polkitd's answer, with the terminal held throughout.
  private func authenticate(_ pending: PendingAuthentication) throws(CommandError) {
    let request = pending.request
    // The person first when polkitd offers them, then the others in polkitd's order; users with no name are left
    // out, and a list offers at most nine, one digit each.
    let ownUser = ProcessCredentials.real.user
    let users = (request.users.filter { $0 == ownUser } + request.users.filter { $0 != ownUser })
      .compactMap(ProcessCredentials.userName(of:)).prefix(Self.listLimit)
    guard !users.isEmpty else {
      pending.answer(.failed)
      return
    }
    let terminalPath = AskpassCommand.terminalPath(tty: context.options.tty, console: nil)
    let speech: AccessibleSession
    let prompt: TerminalPasscodePrompt
    do {
      speech = try context.openSpeech(terminalPath: terminalPath)
      prompt = try context.openPrompt(speech: speech, terminalPath: terminalPath, outputIsTerminal: true)
    } catch {
      pending.answer(.cancelled)
      throw error
    }
    defer {
      prompt.discardUnreadInput()
      prompt.close()
      speech.announcer?.close()
    }
    let remote = prompt.remote
    pending.onCancelByPolkit { remote.interrupt() }
    speech.announcer?.waitUntilConnected(within: .milliseconds(AskpassCommand.speechConnectionWait))
    do {
      pending.answer(try converse(about: request, among: Array(users), on: prompt) { pending.isCancelledByPolkit })
    } catch {
      // A signal, or a terminal that failed: polkitd is told before the agent ends.
      pending.answer(.cancelled)
      throw error
    }
  }

  /// The whole conversation of one authentication on an open prompt: who answers, then up to three tries.
  ///
  /// - Parameters:
  ///   - request: What polkitd asks.
  ///   - users: Who may answer, by name, the person first.
  ///   - prompt: The prompt that asks.
  ///   - isCancelledByPolkit: Whether polkitd has cancelled the authentication meanwhile.
  /// - Returns: How it ended, for polkitd (an answer after polkitd's cancel is not sent).
  /// - Throws: ``CommandError`` when the terminal fails or a signal ends the prompt.
  private func converse(
    about request: AuthenticationRequest, among users: [String], on prompt: TerminalPasscodePrompt,
    isCancelledByPolkit: () -> Bool
  ) throws(CommandError) -> PendingAuthentication.Ending {
    let action = AskpassQuestion.spokenText(request.message)
    guard let userName = try choose(among: users, for: action, prompt: prompt) else { return .cancelled }
    // The action's message is each question's title; who is asked is said once, and kept above the entry by the
    // visual profile.
    let heading = [Announcement.callerDescription(Self.askedUser(userName))]
    var preamble = heading
    for attempt in 1...Self.triesPerAuthentication {
      if attempt > 1 { preamble = [.triedAgain(.password, attempt: attempt)] }
      let ending = try tryOnce(
        as: userName, request: request, action: action, prompt: prompt, heading: heading, preamble: &preamble)
      if isCancelledByPolkit() { return .cancelled }
      if ending != .failed { return ending }
    }
    try? prompt.tell([.notice(SanitizedText(Localization.text("Authentication failed.")))])
    return .failed
  }

  /// The most users a list offers: one digit each.
  static let listLimit = 9

  /// Who authenticates: the one user polkitd offers, or, when it offers several (administrators), the one the
  /// person picks by number from a list that is said and shown: "1 alice", "2 root"; any other key is refused.
  ///
  /// - Parameters:
  ///   - users: The users' names, the person first when offered; at most ``listLimit``.
  ///   - action: The action's message, said first.
  ///   - prompt: The prompt that asks.
  /// - Returns: The name, or `nil` when the person cancelled or polkitd did.
  /// - Throws: ``CommandError`` when the configuration or the terminal fails.
  private func choose(among users: [String], for action: SanitizedText?, prompt: TerminalPasscodePrompt)
    throws(CommandError) -> String?
  {
    guard users.count > 1 else { return users.first }
    let numbers = (1...users.count).map { String($0) }
    var configuration: EntryConfiguration
    do {
      configuration = try EntryConfiguration(
        title: SanitizedText(Localization.text("Authenticate as which user? Type the number.")), length: .fixed(1),
        allowed: .custom(Set(numbers.flatMap(\.unicodeScalars))), isSecure: false,
        reduceMotion: context.options.reduceMotion, lockoutSchedule: .never,
        timeout: context.options.timeout.map { .seconds($0) })
    } catch {
      throw .configuration(error)
    }
    configuration.acceptedAnnouncement = .answerSent
    let list = zip(numbers, users).map { Announcement.callerDescription(SanitizedText("\($0) \($1)")) }
    let chosen = Mutex<String?>(nil)
    let outcome: EntryOutcome
    do {
      outcome = try prompt.ask(
        configuration, heading: list, preamble: (action.map { [.callerDescription($0)] } ?? []) + list,
        companion: ShownEntryCompanion()
      ) { answer in
        let digit = answer.withUnsafeBytes { $0.first.map { Int($0) - Int(UInt8(ascii: "0")) } } ?? 0
        chosen.withLock { $0 = users.indices.contains(digit - 1) ? users[digit - 1] : nil }
        return .accepted
      }
    } catch {
      throw .prompt(error)
    }
    return outcome == .accepted ? chosen.withLock { $0 } : nil
  }

  /// "Authenticating as alice", who polkit asks for.
  private static func askedUser(_ name: String) -> SanitizedText {
    SanitizedText(Localization.text("Authenticating as {user}", ["user": SanitizedText(quoting: name).text]))
  }

  /// One try: polkit's helper for the user, each of PAM's questions asked and answered, until it says how it
  /// ended.
  private func tryOnce(
    as user: String, request: AuthenticationRequest, action: SanitizedText?, prompt: TerminalPasscodePrompt,
    heading: [Announcement], preamble: inout [Announcement]
  ) throws(CommandError) -> PendingAuthentication.Ending {
    let helper: PolkitHelperSession
    do {
      helper = try PolkitHelperSession.start(user: user, cookie: request.cookie, language: languageEnvironment)
    } catch {
      try? prompt.tell([.notice(SanitizedText(Localization.text("polkit's helper could not be started.")))])
      return .cancelled
    }
    defer { helper.end() }
    // PAM's messages are said with its next question, after the action and who is asked, or on their own when
    // no question follows (an account that is locked).
    var messages: [Announcement] = []
    while true {
      let message = helper.nextMessage()
      switch message {
      case let .secretRequest(text), let .shownRequest(text):
        let outcome = try ask(
          AskpassQuestion.spokenText(text), of: action, secret: message == .secretRequest(text), helper: helper,
          prompt: prompt, heading: heading, preamble: preamble + messages)
        preamble = []
        messages = []
        guard outcome == .accepted else { return .cancelled }
      case let .error(text), let .information(text):
        if let words = AskpassQuestion.spokenText(text) { messages.append(.notice(words)) }
      case .succeeded, .failed, .unrecognised:
        if !messages.isEmpty { try? prompt.tell(messages) }
        return message == .succeeded ? .succeeded : .failed
      }
    }
  }

  /// Asks one of PAM's questions, under the action's message, and passes the answer to the helper.
  ///
  /// - Parameters:
  ///   - label: PAM's words ("Password", a one-time code's question), said after the preamble.
  ///   - action: The action's message, the title.
  ///   - secret: Whether the answer is a secret (PAM does not echo it) or shown as typed.
  ///   - helper: polkit's helper, which takes the answer.
  ///   - prompt: The prompt that asks.
  ///   - heading: What the visual profile keeps above the entry.
  ///   - preamble: Said before PAM's words.
  /// - Returns: How the entry ended; `accepted` also when the helper ended before it took the answer.
  /// - Throws: ``CommandError`` when the configuration or the terminal fails.
  private func ask(
    _ label: SanitizedText?, of action: SanitizedText?, secret: Bool, helper: PolkitHelperSession,
    prompt: TerminalPasscodePrompt, heading: [Announcement], preamble: [Announcement]
  ) throws(CommandError) -> EntryOutcome {
    let label = label ?? SanitizedText(Localization.text("Password"))
    let title = action ?? label
    // PAM counts and delays wrong tries.
    let configuration = try context.callerQuestion(title: title, isSecret: secret)
    let fullPreamble =
      preamble + (title == label ? [] : [.callerDescription(label)]) + (secret ? [] : [.typingShown])
    do {
      let companion: (any EntryCompanion)? = secret ? nil : ShownEntryCompanion()
      return try prompt.ask(configuration, heading: heading, preamble: fullPreamble, companion: companion) { answer in
        let written = answer.withUnsafeBytes { bytes in Result { () throws(Errno) in try helper.answer(bytes) } }
        if case let .failure(error) = written { throw KeyscriptOutputError(errno: error.rawValue) }
        return .accepted
      }
    } catch {
      // The helper ended before it took the answer: this try is over, as a failed one.
      if case .verifierFailed = error { return .accepted }
      throw .prompt(error)
    }
  }

  /// The language PAM's messages are written in, passed to the helper (which clears the rest).
  private var languageEnvironment: [String: String] {
    context.environment.filter { ["LANG", "LANGUAGE", "LC_MESSAGES", "LC_ALL"].contains($0.key) }
  }
}
