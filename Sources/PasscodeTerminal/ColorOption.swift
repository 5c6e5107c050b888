/// The `--color` option.
public enum ColorOption: String, CaseIterable, Equatable, Sendable {
  /// Colour on a capable terminal unless `NO_COLOR` is set.
  case auto
  /// Colour whenever escapes are allowed, even when `NO_COLOR` is set: the user asked for it.
  case always
  /// Never colour.
  case never
}
