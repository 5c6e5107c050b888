import PasscodeEngine
import Testing

/// A small seeded generator so failures can be replayed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite("Entry engine properties")
struct EntryEnginePropertyTests {
  /// Characters that appear in no catalogue phrase, so finding one in an announcement means a leak.
  static let exoticCharacters: [Unicode.Scalar] = ["§", "¤", "µ", "Ж", "λ", "ß", "Ω", "¶"]

  @Test("random event sequences never crash, never leak a typed character, and keep 0 ≤ count ≤ length")
  func randomSequences() throws {
    var generator = SplitMix64(state: 0x5EED)
    let allowed = EntryConfiguration.AllowedCharacters.custom(Set(Self.exoticCharacters.prefix(6)))
    for round in 0..<400 {
      let length: EntryConfiguration.Length =
        Bool.random(using: &generator)
        ? .fixed(Int.random(in: 1...12, using: &generator)) : .variable(2...Int.random(in: 2...20, using: &generator))
      let configuration = try EntryConfiguration(
        length: length, allowed: allowed, reduceMotion: Bool.random(using: &generator),
        lockoutSchedule: try LockoutSchedule(delays: [.zero, .seconds(2), .seconds(5)]),
        timeout: Bool.random(using: &generator) ? .seconds(40) : nil)
      var verdicts = SplitMix64(state: UInt64(round))
      var timeline = EngineTimeline(configuration) { _ in
        switch Int.random(in: 0..<5, using: &verdicts) {
        case 0: .accepted
        case 1: nil
        case 2: .retry(.mismatch)
        default: .rejected(failureCount: nil)
        }
      }
      for _ in 0..<200 {
        switch Int.random(in: 0..<20, using: &generator) {
        case 0..<9: timeline.send(.character(Self.exoticCharacters.randomElement(using: &generator) ?? "§"))
        case 9: timeline.send(.delete)
        case 10: timeline.send(.clear)
        case 11: timeline.send(.submit)
        case 12: timeline.send(.repeatStatus)
        case 13:
          let text = String(
            String.UnicodeScalarView(
              (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                Self.exoticCharacters.randomElement(using: &generator) ?? "§"
              }))
          timeline.step("paste(\(text))")
        case 14: if Int.random(in: 0..<30, using: &generator) == 0 { timeline.send(.cancel) }
        default: timeline.advance(by: .milliseconds(Int.random(in: 1...3000, using: &generator)))
        }
        #expect(timeline.engine.count >= 0 && timeline.engine.count <= configuration.maximumLength)
        if timeline.engine.isFinished { break }
      }
      for text in timeline.spoken {
        #expect(!text.unicodeScalars.contains { Self.exoticCharacters.contains($0) }, "round \(round): \(text)")
      }
      for display in timeline.renders {
        #expect(display.cells.allSatisfy { if case .visible = $0.content { false } else { true } })
      }
    }
  }
}
