import PasscodeEngine

extension ProgressFeedback: PreferenceValue {
  /// ``Preference/progress``.
  public static var preference: Preference { .progress }
}
