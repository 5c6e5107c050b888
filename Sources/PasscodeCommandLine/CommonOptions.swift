import PasscodeEngine
import PasscodePreferences

/// The options of one run, after the command line and the environment are combined.
///
/// An option on the command line always wins over its environment variable. Options a subcommand does
/// not take are refused by the parser, so a field that stays at its default here was simply not given.
package struct CommonOptions: Equatable, Sendable {
  /// `--title TEXT`: the prompt's title, spoken and shown as given.
  package var title: String?
  /// `--length N`: the passcode length, within ``EntryConfiguration/fixedLengthLimits``.
  package var length: Int?
  /// `--allowed SET`: which characters may be typed, one of ``EntryConfiguration/AllowedCharacters/named``.
  package var allowed: EntryConfiguration.AllowedCharacters?
  /// `--reduce-motion` or `PASSCODE_REDUCE_MOTION`: no shaking, blinking or bell.
  package var reduceMotion: Bool
  /// `--speech MODE` or `PASSCODE_SPEECH`: whether announcements are spoken.
  package var speech: SpeechMode
  /// `--speech-rate`, `--speech-pitch`, `--speech-volume` and `--speech-voice`, their `PASSCODE_SPEECH_*`
  /// variables or config keys: how the voice sounds.
  package var voice: VoiceSettings
  /// `--screen-reader` or `profile =` in the config file: how the prompt presents itself.
  package var profile: ProfileChoice
  /// `--progress MODE`, `PASSCODE_PROGRESS` or `progress =` in the config file: how much the feedback reveals
  /// of the code's length.
  package var progress: ProgressFeedback
  /// `--mask STYLE`, `PASSCODE_MASK` or `mask =` in the config file: how the visual profile draws the cells.
  package var mask: CellMask
  /// `--color WHEN`; under `auto`, the terminal leaves colour out when `NO_COLOR` is set and not empty.
  package var color: ColorMode
  /// `--timeout SECONDS`: give up when no key comes for this long.
  package var timeout: Int?
  /// `--grace SECONDS`: skip asking within this long after a right passcode; 0 always asks.
  package var grace: Int?
  /// `--store DIR`: one directory for all state instead of the XDG paths (`PASSCODE_HOME` gives one too,
  /// read where the store is found, under this option).
  package var store: String?
  /// `--tty PATH`, or `--ttyname PATH` from gpg-agent: the terminal device to ask on.
  package var tty: String?
  /// `--ttytype NAME` from gpg-agent: the terminal type of ``tty``, used in place of `TERM`.
  package var terminalType: String?
  /// `--sound` / `--no-sound`: sound cues; off unless asked for.
  package var sound: Bool
  /// `--no-wait` (check): when locked out, exit at once instead of waiting.
  package var noWait: Bool
  /// `--max-tries N` (check): stop after this many wrong tries in this run.
  package var maxTries: Int?
  /// `--json` (status): the report as one line of JSON.
  package var json: Bool

  /// Makes a set of options; every argument defaults to "not given".
  ///
  /// - Parameters:
  ///   - title: The prompt's title.
  ///   - length: The passcode length.
  ///   - allowed: Which characters may be typed.
  ///   - reduceMotion: No shaking, blinking or bell.
  ///   - speech: Whether announcements are spoken.
  ///   - voice: How the voice sounds.
  ///   - screenReader: The screen-reader profile, as `--screen-reader`; wins over `profile`.
  ///   - profile: The profile.
  ///   - progress: How much the feedback reveals.
  ///   - mask: How the visual profile draws the cells.
  ///   - color: When colour may be used.
  ///   - timeout: Seconds to wait for a key.
  ///   - grace: Seconds after a right passcode during which no one is asked.
  ///   - store: One directory for all state.
  ///   - tty: The terminal device to ask on.
  ///   - terminalType: The terminal type of `tty`.
  ///   - sound: Sound cues.
  ///   - noWait: Exit at once when locked out.
  ///   - maxTries: Wrong tries allowed in this run.
  ///   - json: The status report as JSON.
  package init(
    title: String? = nil,
    length: Int? = nil,
    allowed: EntryConfiguration.AllowedCharacters? = nil,
    reduceMotion: Bool = false,
    speech: SpeechMode = .auto,
    voice: VoiceSettings = VoiceSettings(),
    screenReader: Bool = false,
    profile: ProfileChoice = .auto,
    progress: ProgressFeedback = .count,
    mask: CellMask = .circle,
    color: ColorMode = .auto,
    timeout: Int? = nil,
    grace: Int? = nil,
    store: String? = nil,
    tty: String? = nil,
    terminalType: String? = nil,
    sound: Bool = false,
    noWait: Bool = false,
    maxTries: Int? = nil,
    json: Bool = false
  ) {
    self.title = title
    self.length = length
    self.allowed = allowed
    self.reduceMotion = reduceMotion
    self.speech = speech
    self.voice = voice
    self.profile = screenReader ? .screenReader : profile
    self.progress = progress
    self.mask = mask
    self.color = color
    self.timeout = timeout
    self.grace = grace
    self.store = store
    self.tty = tty
    self.terminalType = terminalType
    self.sound = sound
    self.noWait = noWait
    self.maxTries = maxTries
    self.json = json
  }

  /// Whether the screen-reader profile was asked for (`--screen-reader`, `profile = screen-reader`).
  package var screenReader: Bool {
    get { profile == .screenReader }
    set { profile = newValue ? .screenReader : .auto }
  }
}
