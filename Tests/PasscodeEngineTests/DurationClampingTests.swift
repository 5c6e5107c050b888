import PasscodeEngine
import PasscodeTestSupport
import Testing

@Suite("Seconds to a Duration and back, clamped")
struct DurationClampingTests {
  @Test(
    "a Double of seconds becomes the nearest Duration: NaN zero, infinities and the far ends the limits",
    arguments: [
      (Double.nan, Duration.zero), (-Double.nan, .zero), (.infinity, .seconds(Int64.max)),
      (-.infinity, .seconds(Int64.min)), (1e300, .seconds(Int64.max)), (-1e300, .seconds(Int64.min)),
      (.greatestFiniteMagnitude, .seconds(Int64.max)), (Double(Int64.max), .seconds(Int64.max)),
      (Double(Int64.min), .seconds(Int64.min)), (Double(Int64.max).nextDown, .seconds(9_223_372_036_854_774_784)),
      (0, .zero), (-0.0, .zero), (1.5, .milliseconds(1500)), (-1.5, .milliseconds(-1500)), (86400, .seconds(86400)),
      (.leastNonzeroMagnitude, .zero),
    ])
  func clampedSeconds(seconds: Double, expected: Duration) {
    #expect(Duration.clampedSeconds(seconds) == expected)
  }

  @Test(
    "whole seconds round up and never overflow",
    arguments: [
      (Duration.zero, 0), (.milliseconds(1), 1), (.milliseconds(4200), 5), (.seconds(7), 7),
      (.milliseconds(-500), 0), (.seconds(-3), -3), (.seconds(Int64.max), Int.max),
      (.seconds(Int64.max - 1) + .milliseconds(1), Int.max), (.seconds(Int64.min), Int.min),
    ])
  func wholeSecondsRoundedUp(duration: Duration, expected: Int) {
    #expect(duration.wholeSecondsRoundedUp == expected)
  }

  @Test("seeded random bit patterns: every Double clamps within Duration's whole seconds, and back without a trap")
  func randomDoubles() {
    var generator = SeededGenerator(seed: 0xC1A3)
    for _ in 0..<20_000 {
      let seconds = Double(bitPattern: generator.next())
      let duration = Duration.clampedSeconds(seconds)
      #expect(duration >= .seconds(Int64.min) && duration <= .seconds(Int64.max), "\(seconds)")
      let whole = duration.wholeSecondsRoundedUp
      if seconds.isNaN {
        #expect(duration == .zero)
      } else if seconds.magnitude < 9e18 {
        #expect(Double(whole) >= seconds.rounded(.up) - 1 && Double(whole) <= seconds.rounded(.up) + 1, "\(seconds)")
      }
    }
  }
}
