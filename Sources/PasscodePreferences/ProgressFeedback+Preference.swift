import PasscodeEngine

extension ProgressFeedback: PreferenceValue {
  /// ``Preference/progress``.
  package static var preference: Preference { .progress }
}
