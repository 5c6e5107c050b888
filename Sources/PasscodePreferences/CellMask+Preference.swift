import PasscodeEngine

extension CellMask: PreferenceValue {
  /// ``Preference/mask``.
  package static var preference: Preference { .mask }
}
