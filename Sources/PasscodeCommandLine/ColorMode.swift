/// When the visual profile may use colour (`--color`).
public enum ColorMode: String, CaseIterable, Equatable, Sendable {
  /// Colour on a colour terminal, none for `TERM=dumb`, a pipe or `NO_COLOR`.
  case auto
  /// Colour even when it would not be chosen by itself.
  case always
  /// No colour at all.
  case never
}
