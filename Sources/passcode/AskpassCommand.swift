import AccessiblePrompt
import AnnouncementWords
import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization
import PasscodeTerminal
import PasswordAgent
internal import SystemCalls

/// `passcode askpass` (and `passcode-askpass`): one askpass for every caller that runs one, told apart by what
/// each gives (``AskpassQuestion``): a Debian crypttab keyscript, sudo (`sudo -A`), ssh (`SSH_ASKPASS`) and git
/// (`GIT_ASKPASS`). Docs/Prompts.md has each set-up.
///
/// As a crypttab keyscript, run by cryptsetup's initramfs-tools scripts as
/// `keyscript "$CRYPTTAB_KEY" | cryptsetup --key-file=- open …`, it asks for the disk's passphrase
/// (``CrypttabQuestion``: "Passphrase for disk cryptroot (/dev/vda2)", and "Wrong passphrase. Try 2" when
/// `CRYPTTAB_TRIED` says a try came before) with the counts, and speech when the policy speaks, on the
/// controlling terminal, else the terminal standard input is, else `/dev/console`: standard output is the pipe
/// to cryptsetup. The passphrase goes from the prompt's secret storage straight to standard output, with no
/// line feed (`--key-file=-` takes every byte), and nowhere else.
///
/// For sudo, ssh, git and any other caller that passes its question as `argv[1]`, the question (sanitised, a
/// trailing colon not said) is asked on the controlling terminal, else the one standard input is; the answer
/// goes to standard output with a line feed. A try after a wrong answer is said ("Wrong password. Try 2") when
/// the caller runs the askpass again under the same parent (``AskpassTries``), or says so itself (ssh-add's "Bad
/// passphrase, try again"). git's "Username for" is shown as typed, and said to be. ssh's
/// `SSH_ASKPASS_PROMPT=confirm` is a yes-or-no question: Enter says yes (exit 0, nothing written), Esc no
/// (exit 1); `SSH_ASKPASS_PROMPT=none` is a notice told until ssh ends the program.
///
/// With `--unlocked` it only shows and speaks "Disk unlocked" (passcode's initramfs-tools local-premount script).
///
/// Exit status: 0 when the answer was written (or a confirmation said yes, a notice was ended, or with
/// `--unlocked` the words told); 1 when a
/// confirmation said no; 2 when the person cancelled (Esc, Ctrl-C, Ctrl-D) or a signal ended the prompt, and
/// nothing was written; 3 on `--timeout`; 69 when no terminal can be asked on, or it hung up; 74 when standard
/// output could not be written; 64 for a wrong command line, or a caller's secret asked with standard output on a
/// terminal, where it would be shown.
struct AskpassCommand {
  let context: CommandContext

  /// The console, asked on when there is neither a controlling terminal nor a terminal on standard input.
  static let consolePath = "/dev/console"
  /// How long the question waits for speech to connect, as the agent's first question does.
  static let speechConnectionWait = 1500

  func run() throws(CommandError) -> ExitCode {
    if context.invocation.askpassSaysUnlocked { return try tellUnlocked() }
    // The answer's only way out is standard output: without one, asking would only lose it.
    try StandardStreams.requireOutput()
    let parent = AskpassParent.ofThisProcess()
    let question = AskpassQuestion(
      argument: context.invocation.askpassArgument, environment: context.environment, parentCommand: parent?.command)
    // sudo, ssh and git read the answer from a pipe; on a terminal it would be shown (the keyscript keeps its
    // behaviour: cryptsetup's pipe is all it has ever been given).
    if question.caller != .crypttab, question.form == .secret, StandardStreams.outputIsTerminal {
      throw .usage(
        Localization.text(
          "askpass: standard output is a terminal, where the answer would be shown; the program that asks reads it "
            + "from a pipe (see Docs/Prompts.md)."))
    }
    switch (question.caller, question.form) {
    case (.crypttab, _): return try runKeyscript()
    case (_, .confirmation): return try confirm(question)
    case (_, .notice): return try showNotice(question)
    case (_, .secret), (_, .shown): return try answer(question, parent: parent)
    }
  }

  /// The crypttab keyscript, as it was before the other callers: see the type's description.
  private func runKeyscript() throws(CommandError) -> ExitCode {
    let question = CrypttabQuestion(
      environment: context.environment, argument: context.invocation.askpassArgument)
    // Declared first, so it runs after the prompt has given the console back.
    var consoleEcho: Bool?
    defer {
      if let consoleEcho { Self.setConsoleEcho(consoleEcho, terminalPath: Self.terminalPath(tty: context.options.tty)) }
    }
    let (speech, prompt) = try openBootPrompt()
    defer { speech.announcer?.close() }
    defer { prompt.close() }
    let catalogue = AnnouncementCatalogue.current
    let title =
      context.options.title.map { SanitizedText($0) } ?? question.disk.map { SanitizedText(catalogue.text(for: $0)) }
      ?? question.argumentText ?? SanitizedText(Localization.text("Passphrase"))
    // The argument is said before the question only when the question is the disk's own words.
    let argumentLine = question.argumentText.flatMap { $0 == title ? nil : Announcement.callerDescription($0) }
    var preamble: [Announcement] = []
    if let attempt = question.attempt { preamble.append(.askedAgain(attempt: attempt)) }
    if let argumentLine { preamble.append(argumentLine) }
    // cryptsetup counts the tries (crypttab's tries=, 3 by default), and runs the keyscript again after a wrong one.
    let configuration = try context.callerQuestion(title: title, isSecret: true)
    let outcome: EntryOutcome
    do {
      let heading = [.callerDescription(title)] + (argumentLine.map { [$0] } ?? [])
      outcome = try prompt.ask(configuration, heading: heading, preamble: preamble) { secret in
        try Self.writeToStandardOutput(secret, lineFeed: false)
        return .accepted
      }
    } catch {
      consoleEcho = Self.isInInitramfs ? true : nil
      if case let .verifierFailed(failure as KeyscriptOutputError) = error { throw .outputFailed(errno: failure.errno) }
      throw .prompt(error)
    }
    if Self.isInInitramfs {
      // An answer, or none (Esc), leads to another try unless this was the last: keep the console quiet until it.
      let anotherTryMayFollow = question.mayBeAskedAgain && (outcome == .accepted || outcome == .cancelled)
      consoleEcho = !anotherTryMayFollow
    }
    return ExitCode(outcome)
  }

  /// Whether this runs in an initramfs-tools initramfs, where cryptroot runs the keyscript.
  static var isInInitramfs: Bool { FileSystem.exists(initramfsToolsConfiguration) }
  /// The file every initramfs-tools initramfs has.
  static let initramfsToolsConfiguration = "/conf/initramfs.conf"

  /// Between two tries of the disk's question nothing asks on the console: cryptsetup checks the answer, and
  /// cryptroot waits a second before running the keyscript again. The console's own line discipline would echo
  /// keys typed then, so a passphrase typed again too soon would be shown (seen in the VM lab). In the initramfs,
  /// while another try can follow, the keyscript leaves the console's echo off; the last try turns it on again,
  /// and so does `--unlocked` once the disk is open. The next try's raw mode throws those keys away.
  ///
  /// - Parameters:
  ///   - on: Whether the console echoes.
  ///   - terminalPath: The terminal asked on; `nil` for the controlling one.
  static func setConsoleEcho(_ on: Bool, terminalPath: String?) {
    let path = terminalPath ?? TerminalDevice.controllingTerminalPath
    guard
      let terminal = try? FileDescriptor.open(path, .readWrite, options: [.noControllingTerminal, .closeOnExec])
    else { return }
    defer { terminal.closeIgnoringErrors() }
    guard let settings = try? TerminalAttributes(of: terminal), settings.echoes != on else { return }
    try? settings.withEcho(on).apply(to: terminal, .afterOutput)
  }

  /// `--unlocked`: shows and speaks "Disk unlocked" where the question was asked, and asks nothing. A keyscript
  /// cannot know whether its passphrase opened the disk (cryptsetup runs it again only when it did not), so
  /// passcode's initramfs-tools local-premount script, which runs once cryptroot's loop is over, calls this for
  /// a mapping that exists.
  private func tellUnlocked() throws(CommandError) -> ExitCode {
    // The disk's questions are over: the console echoes again (``setConsoleEcho(_:terminalPath:)``).
    defer {
      if Self.isInInitramfs { Self.setConsoleEcho(true, terminalPath: Self.terminalPath(tty: context.options.tty)) }
    }
    let (speech, prompt) = try openBootPrompt()
    defer { speech.announcer?.close() }
    defer { prompt.close() }
    do {
      try prompt.tell([.diskUnlocked])
    } catch {
      throw .prompt(error)
    }
    return .accepted
  }

  /// Opens speech and the prompt on the terminal to ask on (``terminalPath(tty:)``), and gives speech a moment to
  /// connect. The initramfs's speech-dispatcher may start a moment after the question (initramfs-tools starts it
  /// in the background once the sound card is there): its words wait for it in order, unreported, for the grace.
  ///
  /// - Returns: Both; the caller closes the prompt, then the speech.
  private func openBootPrompt() throws(CommandError) -> (AccessibleSession, TerminalPasscodePrompt) {
    let terminalPath = Self.terminalPath(tty: context.options.tty)
    // A keyscript asks at boot (cryptroot in the initramfs), where no command can be run.
    let speech = try context.openSpeech(
      terminalPath: terminalPath, startupGrace: CommandContext.bootSpeechStartupGrace, atBoot: true)
    let prompt: TerminalPasscodePrompt
    do {
      prompt = try context.openPrompt(speech: speech, terminalPath: terminalPath, outputIsTerminal: true)
    } catch {
      speech.announcer?.close()
      throw error
    }
    if let announcer = speech.announcer {
      announcer.waitUntilConnected(within: .milliseconds(Self.speechConnectionWait))
    }
    return (speech, prompt)
  }

  /// The terminal to ask on: `--tty`, else the controlling terminal (`nil`), else the terminal on standard
  /// input (in the initramfs, the console, which is nobody's controlling terminal), else `console`.
  ///
  /// - Parameters:
  ///   - tty: `--tty`, if given.
  ///   - console: The last resort: the console for a keyscript, `nil` (the controlling terminal, which fails
  ///     with the usual words) for the other callers, who run as the person, at a terminal.
  /// - Returns: The path, or `nil` for the controlling terminal.
  static func terminalPath(tty: String?, console: String? = consolePath) -> String? {
    if let tty { return tty }
    if let controlling = try? FileDescriptor.open(
      TerminalDevice.controllingTerminalPath, .readWrite, options: [.noControllingTerminal, .closeOnExec])
    {
      controlling.closeIgnoringErrors()
      return nil
    }
    return FileDescriptor.standardInput.terminalName ?? console
  }

  /// Writes the answer, every byte of it, from its secret storage to standard output, and then a line feed
  /// when the caller reads up to one; nothing else.
  static func writeToStandardOutput(_ secret: any SecretStorage, lineFeed: Bool) throws(KeyscriptOutputError) {
    let result = secret.withUnsafeBytes { bytes in
      Result { () throws(Errno) in
        try FileDescriptor.standardOutput.writeAll(bytes)
        if lineFeed { try FileDescriptor.standardOutput.writeAll([UInt8(ascii: "\n")]) }
      }
    }
    if case let .failure(error) = result { throw KeyscriptOutputError(errno: error.rawValue) }
  }
}

/// Standard output, cryptsetup's pipe, could not take the passphrase (cryptsetup is gone: `EPIPE`).
struct KeyscriptOutputError: Error, CustomStringConvertible {
  /// The `errno` of the failed write.
  let errno: Int32

  /// The words a person gets, as for any output that could not be written.
  var description: String { CommandError.outputFailed(errno: errno).description }
}
