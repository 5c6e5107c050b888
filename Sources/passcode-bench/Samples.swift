/// A series of measurements of one quantity, with the order statistics the report shows.
struct Samples {
  /// The values in the order measured.
  private(set) var values: [Double] = []

  /// Adds a value.
  ///
  /// - Parameter value: The value.
  mutating func add(_ value: Double) { values.append(value) }

  /// How many values there are.
  var count: Int { values.count }

  private var sorted: [Double] { values.sorted() }

  /// The median (mean of the middle two for an even count).
  var median: Double {
    let ordered = sorted
    guard !ordered.isEmpty else { return .nan }
    let middle = ordered.count / 2
    return ordered.count % 2 == 1 ? ordered[middle] : (ordered[middle - 1] + ordered[middle]) / 2
  }

  /// The 99th percentile, nearest rank (the maximum for fewer than 100 values).
  var percentile99: Double {
    let ordered = sorted
    guard !ordered.isEmpty else { return .nan }
    let rank = Int((0.99 * Double(ordered.count)).rounded(.up))
    return ordered[max(0, min(ordered.count - 1, rank - 1))]
  }

  /// The smallest value.
  var minimum: Double { values.min() ?? .nan }

  /// The largest value.
  var maximum: Double { values.max() ?? .nan }

  /// Pair-wise ratios `a[i] / b[i]`.
  ///
  /// - Parameters:
  ///   - numerator: The A series.
  ///   - denominator: The B series, measured alternately with A.
  /// - Returns: The ratios.
  static func ratios(_ numerator: Samples, _ denominator: Samples) -> Samples {
    var result = Samples()
    for (a, b) in zip(numerator.values, denominator.values) where b > 0 { result.add(a / b) }
    return result
  }

  /// Pair-wise differences `a[i] - b[i]`.
  ///
  /// - Parameters:
  ///   - minuend: The A series.
  ///   - subtrahend: The B series, measured alternately with A.
  /// - Returns: The differences.
  static func differences(_ minuend: Samples, _ subtrahend: Samples) -> Samples {
    var result = Samples()
    for (a, b) in zip(minuend.values, subtrahend.values) { result.add(a - b) }
    return result
  }
}
