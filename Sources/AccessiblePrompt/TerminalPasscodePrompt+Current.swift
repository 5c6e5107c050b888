import PasscodeEngine
import PasscodeTerminal
internal import SystemCalls

extension TerminalPasscodePrompt {
  /// Opens a prompt on the controlling terminal with the accessible defaults, through the same accessible
  /// session every `passcode` command opens (`AccessibleSession`): the person's language (`LANGUAGE`,
  /// `LC_ALL`, `LC_MESSAGES`, `LANG`), the screen readers found reading this terminal (their line discipline and
  /// the screen-reader profile), speech through speech-dispatcher when the speech policy chooses it (no screen
  /// reader reading, which would speak for itself, a daemon already running, a local session), console tones
  /// where no voice can play on a virtual console, and a warning when Speakup's key echo is on and cannot be
  /// turned off.
  ///
  /// The person's preferences come from the environment, read as `passcode` reads them: `PASSCODE_SPEECH`
  /// (`off` never speaks, `on` speaks wherever it helps without starting a daemon), `PASSCODE_REDUCE_MOTION`
  /// (over each configuration's own `reduceMotion` when it says yes; `0` keeps motion in a remote session),
  /// `PASSCODE_PROGRESS` (over each configuration's own `progress`), `PASSCODE_MASK` (over its `mask`) and the voice's `PASSCODE_SPEECH_RATE`,
  /// `PASSCODE_SPEECH_PITCH`, `PASSCODE_SPEECH_VOLUME` and `PASSCODE_SPEECH_VOICE`. A value a variable does not
  /// take is ignored and the default kept, where `passcode` stops with a usage error. `passcode`'s config file
  /// is not read: finding and trusting it is the vault's work, which this library does not carry.
  ///
  /// - Returns: The prompt, in raw mode; it owns the speech it started (`PromptSettings.closesAnnouncer`), so
  ///   ``close()`` also stops it.
  /// - Throws: ``PromptError/noTerminal(_:)`` when no terminal can be opened or put in raw mode.
  public static func current() throws(PromptError) -> TerminalPasscodePrompt {
    let session = try AccessibleSession(.library(environment: ProcessEnvironment.current()))
    var settings = session.promptSettings()
    settings.closesAnnouncer = true
    do {
      return try session.openPrompt(settings)
    } catch {
      session.close()
      throw error
    }
  }
}
