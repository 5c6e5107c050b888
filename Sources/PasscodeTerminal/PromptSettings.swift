import LockedSecretStorage
import PasscodeEngine
import PasscodePreferences
internal import SystemCalls

/// How a terminal prompt opens its terminal, renders and speaks; decided once at start.
public struct PromptSettings: Sendable {
  /// The terminal to use instead of the controlling one (`--tty PATH`).
  public var terminalPath: String?
  /// Whether a terminal that belongs to neither this process's user nor root is refused (pinentry's, named by
  /// gpg-agent).
  package var requiresOwnTerminal: Bool
  /// The colour choice (`--color`).
  public var color: ColorMode
  /// Whether the screen-reader profile was asked for (`--screen-reader`).
  public var screenReaderForced: Bool
  /// Whether a screen reader was detected reading the terminal.
  public var screenReaderDetected: Bool
  /// Whether every prompt leaves out the shake and the bell, whatever its configuration's `reduceMotion`
  /// says: the person asked for it (`PASSCODE_REDUCE_MOTION`, which `current()` reads), or a remote session,
  /// where a screen reader on the computer the person connects from would read every redraw again.
  public var reducesMotion: Bool
  /// Where the screen-reader profile leaves the cursor, from the reader detected (``LineDiscipline/init(readers:)``).
  package var lineDiscipline: LineDiscipline
  /// A profile the person chose, or `nil` to decide from the terminal and the screen readers.
  package var requestedProfile: OutputProfile?
  /// The environment (TERM, NO_COLOR, COLUMNS).
  public var environment: [String: String]
  /// Whether the output (standard output) is a terminal; `false` selects the plain profile.
  public var outputIsTerminal: Bool
  /// Where announcements are spoken, or `nil` to only show them. The caller closes it, after the prompt, unless
  /// ``closesAnnouncer`` gives it to the prompt. `current()` sets it when the speech policy speaks; another tool
  /// gets speech that way.
  package var announcer: (any Announcer)?
  /// Whether ``TerminalPasscodePrompt/close()`` also closes ``announcer``: `true` when the prompt owns its speech
  /// (`current()` opens speech for that prompt alone); `false`, the default, when the caller shares one announcer
  /// between prompts (`passcode`'s pinentry opens a prompt per dialog) and closes it itself.
  package var closesAnnouncer = false
  /// Whether to ring the bell as an optional cue (never under reduce motion).
  public var soundCues: Bool
  /// How much the feedback reveals for every code this prompt asks (`--progress`, `PASSCODE_PROGRESS`),
  /// over each configuration's own ``EntryConfiguration/progress``; `nil` keeps the configuration's.
  /// `current()` sets it from `PASSCODE_PROGRESS`, so the person's choice holds in other tools too.
  public var progress: ProgressFeedback?
  /// How the visual profile draws the cells of every code this prompt asks (`--mask`, `PASSCODE_MASK`), over
  /// each configuration's own ``EntryConfiguration/mask``; `nil` keeps the configuration's. `current()` sets it
  /// from `PASSCODE_MASK`.
  public var mask: CellMask?
  /// Whether Ctrl-C, Ctrl-Z, Ctrl-\, Esc and Ctrl-D, and SIGINT, SIGTSTP, SIGTTIN, SIGTTOU and SIGQUIT, are
  /// ignored (`passcode lock`); such a prompt also wipes its entry and says it is locked again when it is
  /// continued after a stop (`EntryEvent.relock`).
  public var ignoresInterruptions: Bool
  /// Background notices to print between keys.
  package var notices: NoticeBoard?
  /// Makes the memory that holds a typed code or a paste.
  public var makeSecretStorage: @Sendable (Int) -> any SecretStorage
  /// The caller's side of the prompt, for other threads (``PromptRemote``): made before the prompt to keep across
  /// prompts, or `nil` to let each prompt make its own (``TerminalPasscodePrompt/remote``).
  public var remote: PromptRemote?
  /// Where sysfs is, for Speakup's key echo, which the prompt turns off while it holds the terminal: `/sys`, a
  /// fake directory in tests.
  package var sysfsRoot: String = SpeakupKeyEchoFile.kernelSysfsRoot
  /// Whether sound cues are played as tones on the virtual console's PC speaker, whatever ``soundCues`` says:
  /// where there is no voice (``ConsoleTones``). Outside a virtual console the tones fail, silently.
  package var consoleTones = false

  /// The process's own environment, read when asked: the initialisers' default.
  public static var processEnvironment: [String: String] { ProcessEnvironment.current() }

  /// Creates settings for a prompt of another tool, without speech; what it leaves out (the reader's line
  /// discipline, a chosen profile, speech, background notices) is decided by `current()` or
  /// the prompt, or used by `passcode` alone.
  ///
  /// - Parameters:
  ///   - terminalPath: A terminal path, or `nil` for the controlling terminal.
  ///   - color: The colour choice.
  ///   - screenReaderForced: Whether the screen-reader profile was asked for.
  ///   - screenReaderDetected: Whether a screen reader was detected.
  ///   - reducesMotion: Whether every prompt leaves out the shake and the bell.
  ///   - environment: The environment; by default the process's own, so the defaults are the terminal's real
  ///     profile and never the plain one by accident.
  ///   - outputIsTerminal: Whether standard output is a terminal.
  ///   - soundCues: Whether to ring the bell as a cue.
  ///   - progress: How much the feedback reveals, over each configuration's own; `nil` keeps theirs.
  ///   - mask: How the visual profile draws the cells, over each configuration's own; `nil` keeps theirs.
  ///   - ignoresInterruptions: Whether interrupting keys and signals are ignored.
  ///   - remote: The caller's side of the prompt, for other threads; `nil` lets the prompt make its own.
  ///   - makeSecretStorage: Makes secret memory of a given capacity.
  public init(
    terminalPath: String? = nil,
    color: ColorMode = .auto,
    screenReaderForced: Bool = false,
    screenReaderDetected: Bool = false,
    reducesMotion: Bool = false,
    environment: [String: String] = PromptSettings.processEnvironment,
    outputIsTerminal: Bool = true,
    soundCues: Bool = false,
    progress: ProgressFeedback? = nil,
    mask: CellMask? = nil,
    ignoresInterruptions: Bool = false,
    remote: PromptRemote? = nil,
    makeSecretStorage: @escaping @Sendable (Int) -> any SecretStorage = { WipedSecretBuffer(capacity: $0) }
  ) {
    self.init(
      terminalPath: terminalPath, requiresOwnTerminal: false, color: color, screenReaderForced: screenReaderForced,
      screenReaderDetected: screenReaderDetected, reducesMotion: reducesMotion, lineDiscipline: .caretAfterWords,
      requestedProfile: nil,
      environment: environment, outputIsTerminal: outputIsTerminal, announcer: nil, soundCues: soundCues,
      progress: progress, mask: mask, ignoresInterruptions: ignoresInterruptions, notices: nil,
      makeSecretStorage: makeSecretStorage, remote: remote)
  }

  /// Creates settings with every choice `passcode` makes.
  ///
  /// - Parameters:
  ///   - terminalPath: A terminal path, or `nil` for the controlling terminal.
  ///   - requiresOwnTerminal: Whether another user's terminal is refused.
  ///   - color: The colour choice.
  ///   - screenReaderForced: Whether the screen-reader profile was asked for.
  ///   - screenReaderDetected: Whether a screen reader was detected.
  ///   - reducesMotion: Whether every prompt leaves out the shake and the bell.
  ///   - lineDiscipline: Where the screen-reader profile leaves the cursor.
  ///   - requestedProfile: A profile the person chose, or `nil`.
  ///   - environment: The environment; by default the process's own, so the defaults are the terminal's real
  ///     profile and never the plain one by accident.
  ///   - outputIsTerminal: Whether standard output is a terminal.
  ///   - announcer: Where to speak, if anywhere.
  ///   - soundCues: Whether to ring the bell as a cue.
  ///   - progress: How much the feedback reveals, over each configuration's own; `nil` keeps theirs.
  ///   - mask: How the visual profile draws the cells, over each configuration's own; `nil` keeps theirs.
  ///   - ignoresInterruptions: Whether interrupting keys and signals are ignored.
  ///   - notices: Background notices to print.
  ///   - makeSecretStorage: Makes secret memory of a given capacity.
  ///   - remote: The caller's side of the prompt, for other threads; `nil` lets the prompt make its own.
  package init(
    terminalPath: String? = nil,
    requiresOwnTerminal: Bool = false,
    color: ColorMode = .auto,
    screenReaderForced: Bool = false,
    screenReaderDetected: Bool = false,
    reducesMotion: Bool = false,
    lineDiscipline: LineDiscipline = .caretAfterWords,
    requestedProfile: OutputProfile? = nil,
    environment: [String: String] = PromptSettings.processEnvironment,
    outputIsTerminal: Bool = true,
    announcer: (any Announcer)? = nil,
    soundCues: Bool = false,
    progress: ProgressFeedback? = nil,
    mask: CellMask? = nil,
    ignoresInterruptions: Bool = false,
    notices: NoticeBoard? = nil,
    makeSecretStorage: @escaping @Sendable (Int) -> any SecretStorage = { WipedSecretBuffer(capacity: $0) },
    remote: PromptRemote? = nil
  ) {
    self.terminalPath = terminalPath
    self.requiresOwnTerminal = requiresOwnTerminal
    self.color = color
    self.screenReaderForced = screenReaderForced
    self.screenReaderDetected = screenReaderDetected
    self.reducesMotion = reducesMotion
    self.lineDiscipline = lineDiscipline
    self.requestedProfile = requestedProfile
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
    self.announcer = announcer
    self.soundCues = soundCues
    self.progress = progress
    self.mask = mask
    self.ignoresInterruptions = ignoresInterruptions
    self.notices = notices
    self.makeSecretStorage = makeSecretStorage
    self.remote = remote
  }
}
