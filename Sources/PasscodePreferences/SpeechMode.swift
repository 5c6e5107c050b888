/// Whether announcements are spoken through speech-dispatcher (`--speech`, `PASSCODE_SPEECH`, `speech =`).
package enum SpeechMode: String, CaseIterable, Hashable, PreferenceValue {
  /// Speak only where it helps (a local session, no screen reader reading) and a daemon already runs.
  case auto
  /// Speak, and still show the text. `--speech on` forces speech for that run, and libspeechd may start a
  /// daemon; `on` in `PASSCODE_SPEECH` or the config file is a standing wish: speak wherever speech helps,
  /// even when no daemon was found running.
  case on
  /// Never speak; print only.
  case off

  /// ``Preference/speech``.
  package static var preference: Preference { .speech }
}
