import AnnouncementWords
import PasscodeCommandLine
import PasscodeEngine
import PasscodeKeypad
import PasscodeLocalization
import PasscodeTerminal
import PasswordAgent
internal import SystemCalls

/// `passcode askpass` (and `passcode-askpass`): a keyscript for Debian's `/etc/crypttab`, run by
/// cryptsetup's initramfs-tools scripts as `keyscript "$CRYPTTAB_KEY" | cryptsetup --key-file=- open …`.
///
/// It asks for the disk's passphrase (``CrypttabQuestion``: "Passphrase for disk cryptroot (/dev/vda2)", and
/// "Wrong passphrase. Try 2" when `CRYPTTAB_TRIED` says a try came before) with the counts, and speech when
/// the policy speaks, on the controlling terminal, else the terminal standard input is, else `/dev/console`:
/// standard output is the pipe to cryptsetup. The passphrase goes from the prompt's secret storage straight
/// to standard output, with no line feed (`--key-file=-` takes every byte), and nowhere else.
///
/// With `--unlocked` it only shows and speaks "Disk unlocked" (passcode's initramfs-tools local-premount script).
///
/// Exit status: 0 when the passphrase was written (or, with `--unlocked`, the words told); 2 when the person cancelled (Esc, Ctrl-C, Ctrl-D) or a
/// signal ended the prompt, and nothing was written; 3 on `--timeout`; 69 when no terminal can be asked on,
/// or it hung up; 74 when standard output could not be written; 64 for a wrong command line.
struct AskpassCommand {
  let context: CommandContext

  /// The console, asked on when there is neither a controlling terminal nor a terminal on standard input.
  static let consolePath = "/dev/console"
  /// How long the question waits for speech to connect, as the agent's first question does.
  private static let speechConnectionWait = 1500

  func run() throws(CommandError) -> ExitCode {
    if context.invocation.askpassSaysUnlocked { return try tellUnlocked() }
    // The passphrase's only way out is standard output: without one, asking would only lose it.
    try StandardStreams.requireOutput()
    let question = CrypttabQuestion(
      environment: context.environment, argument: context.invocation.askpassArgument)
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
    var configuration: EntryConfiguration
    do {
      configuration = try EntryConfiguration(
        title: title, length: .variable(1...EntryConfiguration.variableLengthLimit), allowed: .printable,
        isSecure: true, reduceMotion: context.options.reduceMotion,
        // cryptsetup counts the tries (crypttab's tries=, 3 by default); this prompt has no lockout.
        lockoutSchedule: .never, timeout: context.options.timeout.map { .seconds($0) })
    } catch {
      throw .configuration(error)
    }
    // Whether the passphrase was right is cryptsetup's to find out: the keyscript is run again if not.
    configuration.acceptedAnnouncement = .checking
    let outcome: EntryOutcome
    do {
      let heading = [.callerDescription(title)] + (argumentLine.map { [$0] } ?? [])
      outcome = try prompt.ask(configuration, heading: heading, preamble: preamble) { secret in
        try Self.writeToStandardOutput(secret)
        return .accepted
      }
    } catch {
      if case let .verifierFailed(failure as KeyscriptOutputError) = error { throw .outputFailed(errno: failure.errno) }
      throw .prompt(error)
    }
    return ExitCode(outcome)
  }

  /// `--unlocked`: shows and speaks "Disk unlocked" where the question was asked, and asks nothing. A keyscript
  /// cannot know whether its passphrase opened the disk (cryptsetup runs it again only when it did not), so
  /// passcode's initramfs-tools local-premount script, which runs once cryptroot's loop is over, calls this for
  /// a mapping that exists.
  private func tellUnlocked() throws(CommandError) -> ExitCode {
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
    let speech = try context.openSpeech(terminalPath: terminalPath, startupGrace: CommandContext.bootSpeechStartupGrace)
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
  /// input (in the initramfs, the console, which is nobody's controlling terminal), else the console.
  static func terminalPath(tty: String?) -> String? {
    if let tty { return tty }
    if let controlling = try? FileDescriptor.open(
      TerminalDevice.controllingTerminalPath, .readWrite, options: [.noControllingTerminal, .closeOnExec])
    {
      controlling.closeIgnoringErrors()
      return nil
    }
    return FileDescriptor.standardInput.terminalName ?? consolePath
  }

  /// Writes the passphrase, every byte of it and nothing more, from its secret storage to standard output.
  private static func writeToStandardOutput(_ secret: any SecretStorage) throws(KeyscriptOutputError) {
    let result = secret.withUnsafeBytes { bytes in
      Result { () throws(Errno) in try FileDescriptor.standardOutput.writeAll(bytes) }
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
