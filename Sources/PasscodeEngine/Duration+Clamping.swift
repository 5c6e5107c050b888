extension Duration {
  /// The most seconds a `Duration` holds whole: its `components.seconds` is an `Int64`.
  private static let secondsLimit = Double(sign: .plus, exponent: 63, significand: 1)

  /// A number of seconds as a duration, clamped to what a duration's whole seconds (`Int64`) can hold: the
  /// package's one conversion of a `Double` of seconds (from a clock, a file or a sum of them) to a `Duration`,
  /// where `Duration.seconds(_:)` would trap. Infinity and anything beyond `Int64` seconds become the nearest
  /// end; NaN, which measures nothing, becomes zero.
  ///
  /// - Parameter seconds: Seconds, with fractions; any value at all.
  /// - Returns: The duration, from `.seconds(Int64.min)` to `.seconds(Int64.max)`.
  package static func clampedSeconds(_ seconds: Double) -> Duration {
    if seconds.isNaN { return .zero }
    if seconds >= secondsLimit { return .seconds(Int64.max) }
    if seconds <= -secondsLimit { return .seconds(Int64.min) }
    return .seconds(seconds)
  }

  /// Whole seconds, rounded up ("4.2 s left" is 5 seconds), clamped to `Int`: a part of a second past the
  /// largest whole number of seconds does not overflow.
  package var wholeSecondsRoundedUp: Int {
    let (seconds, attoseconds) = components
    let whole = Int(clamping: seconds)
    return attoseconds > 0 && whole < Int.max ? whole + 1 : whole
  }
}
