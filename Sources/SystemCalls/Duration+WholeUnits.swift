extension Duration {
  /// The duration in nanoseconds, clamped to `Int`.
  package var wholeNanoseconds: Int {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? Int.min : Int.max }
    return Int(clamping: scaled + attoseconds / 1_000_000_000)
  }

  /// The duration in whole milliseconds.
  package var wholeMilliseconds: Int {
    wholeNanoseconds / 1_000_000
  }
}
