/// What the person asked for about speech, and how firmly, with where they said it (for `doctor`).
///
/// `--speech on` on the command line forces speech for that run. `on` in `PASSCODE_SPEECH` or in the
/// config file is a standing wish: speak wherever speech helps (a local session with no screen reader
/// reading), even when no daemon was found running.
package enum SpeechChoice: Equatable, Sendable {
  /// `auto`, stated or by default: speak only where it helps and a daemon already runs.
  case automatic
  /// A standing wish for speech; carries where it was said, such as `PASSCODE_SPEECH=on`.
  case wanted(source: String)
  /// Speech forced for this run; carries where it was said, such as `--speech on`.
  case forced(source: String)
  /// Speech turned off; carries where it was said, such as `speech = off in ~/.config/passcode/config`.
  case refused(source: String)
}
