import PasscodeCommandLine
import PasscodeEngine
import PasscodeTerminal

/// `passcode demo`: the seed demo. The code 2580 (or the first N digits of 258025802580 for
/// `--length N`) is shown under the prompt; the right code unlocks, L locks again, Q quits.
struct DemoCommand {
  let context: CommandContext

  func run() throws(CommandError) -> ExitCode {
    let configuration = try context.configuration(defaultLength: 4)
    let length = configuration.maximumLength
    let expected = Array(Announcement.demoDigits.prefix(length))
    let open = try context.openPrompt()
    defer { open.close() }
    do {
      while true {
        let outcome = try open.prompt.ask(configuration, hint: .demoCode(length: length)) { secret in
          let matches = secret.withUnsafeBytes { bytes in
            bytes.count == expected.count && zip(bytes, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
          }
          return matches ? .accepted : .rejected(failureCount: nil)
        }
        switch outcome {
        case .accepted: break
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut
        case .attemptsExhausted: return .wrongNoTriesLeft
        }
        let choice = try open.prompt.run(DemoUnlockedScreen()) { $0.start() }
        guard choice == .lockAgain else { return .accepted }
      }
    } catch {
      throw .prompt(error)
    }
  }
}
