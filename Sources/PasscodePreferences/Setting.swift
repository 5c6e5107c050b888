/// A preference whose values are named words, the same on the command line, in the environment and in the
/// config file (``SpeechMode``, ``ProfileChoice``).
package protocol PreferenceValue: Equatable, Sendable, RawRepresentable where RawValue == String {
  /// The preference these are the values of.
  static var preference: Preference { get }
}

/// A preference's value in force and where it came from: what the speech policy and `doctor` are given,
/// so that the words saying where are made from the ``SettingSource`` where they are shown.
package struct Setting<Value: PreferenceValue>: Equatable, Sendable {
  /// The value in force.
  package var value: Value
  /// Who gave it.
  package var source: SettingSource

  /// Creates a setting.
  ///
  /// - Parameters:
  ///   - value: The value in force.
  ///   - source: Who gave it; by default nobody.
  package init(_ value: Value, from source: SettingSource = .defaultValue) {
    self.value = value
    self.source = source
  }

  /// Where the value came from, in words, such as `--speech on` or `PASSCODE_SPEECH=on`
  /// (``SettingSource/phrase(for:value:)``).
  package var phrase: String { source.phrase(for: Value.preference, value: value.rawValue) }
}
