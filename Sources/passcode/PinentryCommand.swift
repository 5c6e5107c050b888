import PasscodeCommandLine
import PasscodeEngine
import Pinentry

/// `passcode pinentry` (and `pinentry-passcode`): an Assuan pinentry server on standard input and output
/// whose dialogs run accessibly on the terminal gpg-agent names.
///
/// Nothing but protocol lines is ever written to standard output: the session writes to a private
/// duplicate of it and descriptor 1 is pointed at standard error. Errors go to standard error only.
struct PinentryCommand {
  let context: CommandContext

  func run() -> ExitCode {
    let ignored = context.invocation.ignoredOptions
    if !ignored.isEmpty {
      let names = ignored.map { SanitizedText($0).text }.joined(separator: " ")
      StandardStreams.error("passcode pinentry: ignoring unknown options: \(names)\n")
    }
    let output = ProtocolDescriptors.takeStandardOutput() ?? 1
    defer { if output != 1 { _ = ProtocolDescriptors.closeDescriptor(output) } }
    let prompter = TerminalPinentryPrompter(context: context)
    defer { prompter.close() }
    let session = PinentrySession(prompter: prompter, inputDescriptor: 0, outputDescriptor: output)
    do {
      try session.run()
    } catch {
      // The session ends only when the connection broke off, such as on a line over Assuan's limit, to
      // which libassuan sends no reply: that is the client's protocol error, not a success.
      StandardStreams.error("passcode pinentry: \(error)\n")
      return .protocolError
    }
    return .accepted
  }
}
