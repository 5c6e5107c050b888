import PasscodeEngine

extension ProgressFeedback: PreferenceValue {
  /// ``Preference/progress``.
  package static var preference: Preference { .progress }

  /// The environment variable that gives it (`PASSCODE_PROGRESS`), read by `passcode` under `--progress` and by
  /// `TerminalPasscodePrompt.current()` for other tools.
  package static let environmentVariable = "PASSCODE_PROGRESS"

  /// The choice a `PASSCODE_PROGRESS` value names, in any case; `nil` for an empty or unknown one.
  ///
  /// - Parameter value: The variable's value.
  package init?(environmentValue value: String) {
    self.init(rawValue: value.lowercased())
  }
}
