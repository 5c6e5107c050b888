/// The sideways shake of the cells after a wrong code: `sin(p·swings·2π)·amplitude·(1−p)` for progress
/// `p` from 0 to 1, sampled at a frame rate and rounded to whole terminal columns.
public struct ShakeCurve: Equatable, Hashable, Sendable {
  /// How many full swings the shake makes.
  public let swings: Double
  /// The largest offset, in columns.
  public let amplitude: Double
  /// How long the shake lasts.
  public let duration: Duration
  /// How many frames a second are drawn.
  public let framesPerSecond: Int

  /// The widest offset the terminal front draws.
  public static let maximumColumns = 3

  /// The seed curve: 4 swings, 3 columns, over 0.5 s at 30 frames a second.
  public static let standard = ShakeCurve(swings: 4, amplitude: 3, duration: .milliseconds(500), framesPerSecond: 30)

  /// Creates a curve.
  ///
  /// - Parameters:
  ///   - swings: How many full swings; at least 0.
  ///   - amplitude: The largest offset in columns; it is capped at ``maximumColumns`` when sampled.
  ///   - duration: How long the shake lasts.
  ///   - framesPerSecond: How many frames a second; at least 1.
  public init(swings: Double, amplitude: Double, duration: Duration, framesPerSecond: Int) {
    self.swings = swings
    self.amplitude = amplitude
    self.duration = duration
    self.framesPerSecond = max(1, framesPerSecond)
  }

  /// The offset at progress `p`, in (fractional) columns.
  ///
  /// - Parameter progress: From 0 (start) to 1 (end).
  /// - Returns: The offset; positive is to the right.
  package func offset(at progress: Double) -> Double {
    let p = min(max(progress, 0), 1)
    return sin(p * swings * 2 * Double.pi) * amplitude * (1 - p)
  }

  /// The number of frames in the shake, the last of which is back at rest.
  package var frameCount: Int {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return max(1, Int((seconds * Double(framesPerSecond)).rounded()))
  }

  /// The column offset of each frame, rounded and capped at ``maximumColumns``; the last is 0.
  package var columnOffsets: [Int] {
    let count = frameCount
    return (1...count).map { frame in
      let columns = Int(offset(at: Double(frame) / Double(count)).rounded())
      return min(max(columns, -Self.maximumColumns), Self.maximumColumns)
    }
  }

  /// When each frame is due, measured from the start of the shake.
  package var frameTimes: [Duration] {
    (1...frameCount).map { frame in duration * (Double(frame) / Double(frameCount)) }
  }
}

private func sin(_ x: Double) -> Double {
  // A pure-Swift sine keeps the engine free of the C library: reduce to [-π, π], then a Taylor series.
  var angle = x.truncatingRemainder(dividingBy: 2 * Double.pi)
  if angle > Double.pi { angle -= 2 * Double.pi }
  if angle < -Double.pi { angle += 2 * Double.pi }
  var term = angle
  var sum = angle
  let square = angle * angle
  for n in 1...12 {
    term *= -square / Double((2 * n) * (2 * n + 1))
    sum += term
  }
  return sum
}
