/// When the visual profile may use colour (`--color`).
public enum ColorMode: String, CaseIterable, Equatable, Sendable {
  /// Colour on a colour terminal, none for `TERM=dumb`, a pipe or a non-empty `NO_COLOR`.
  case auto
  /// Colour whenever escapes are allowed, even when `NO_COLOR` is set: the person asked for it.
  case always
  /// No colour at all.
  case never
}
