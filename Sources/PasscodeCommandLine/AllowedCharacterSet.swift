/// Which characters a passcode may contain (`--allowed`).
public enum AllowedCharacterSet: String, CaseIterable, Equatable, Sendable {
  /// The digits 0 to 9.
  case digits
  /// ASCII letters and digits.
  case alphanumeric
}
