internal import SystemCalls

extension TerminalPasscodePrompt {
  /// Opens a prompt on the controlling terminal with the accessible defaults, through the same accessible
  /// session every `passcode` command opens (`AccessibleSession`): the person's language (`LANGUAGE`,
  /// `LC_ALL`, `LC_MESSAGES`, `LANG`), the screen readers found reading this terminal (their line discipline and
  /// the screen-reader profile), speech through speech-dispatcher when the speech policy chooses it (no screen
  /// reader reading, which would speak for itself, a daemon already running, a local session), console tones
  /// where no voice can play on a virtual console, a warning when Speakup's key echo is on and cannot be turned
  /// off, and how much the feedback reveals from `PASSCODE_PROGRESS` (`count`, `tick` or `silent`, as
  /// `passcode --progress`; an empty or unknown value leaves each configuration's own).
  ///
  /// - Returns: The prompt, in raw mode; it owns the speech it started (`PromptSettings.closesAnnouncer`), so
  ///   ``close()`` also stops it.
  /// - Throws: ``PromptError/noTerminal(_:)`` when no terminal can be opened or put in raw mode.
  public static func current() throws(PromptError) -> TerminalPasscodePrompt {
    let environment = ProcessEnvironment.current()
    let session = try AccessibleSession(.library(environment: environment), environment: environment)
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
