import PasscodeCommandLine
import PasscodeSpeech
import PasscodeTerminal
import PasscodeVault

/// `passcode doctor`: what the program found and decided about speech, screen readers, the terminal and
/// the store. It prints no secret.
struct DoctorCommand {
  let context: CommandContext

  func run() -> ExitCode {
    var lines: [String] = ["passcode doctor", ""]
    let diagnostics = SpeechDiagnostics.gather()
    lines += diagnostics.lines()
    lines.append(BrailleDisplayReport.gather(brlttyRunning: diagnostics.detection.brlttyRunning).line)
    let decision = SpeechDecision.decide(mode: context.speechMode, detection: diagnostics.detection)
    switch decision {
    case .speak: lines.append("Speech decision: speak through speech-dispatcher (mode \(context.speechMode.rawValue))")
    case let .silent(reason): lines.append("Speech decision: do not speak (\(reason))")
    }
    let capabilities = TerminalCapabilities(
      environment: context.environment, outputIsTerminal: StandardStreams.outputIsTerminal, color: .auto,
      screenReaderForced: context.options.screenReader, screenReaderDetected: diagnostics.detection.isReading)
    lines.append(
      "Terminal: \(capabilities.terminalKind), colour \(capabilities.usesColor ? "on" : "off"), profile \(capabilities.profile)"
    )
    lines.append("Reduce motion: \(context.options.reduceMotion ? "on" : "off")")
    switch Result(catching: { () throws(VaultError) in
      try StoreLocation.resolve(environment: context.environment, store: context.options.store)
    }) {
    case let .success(location):
      lines.append("Passcode hash: \(location.hashFile)")
      lines.append("Failure state: \(location.stateFile)")
      lines.append("Grace stamps: \(location.runtimeDirectory)")
      lines.append("Settings: \(location.configFile)")
    case let .failure(error):
      lines.append("Store: \(error)")
    }
    StandardStreams.output(lines.joined(separator: "\n") + "\n")
    return .accepted
  }
}
