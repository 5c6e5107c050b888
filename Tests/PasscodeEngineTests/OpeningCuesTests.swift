import LockedSecretStorage
import PasscodeEngine
import Testing

@Suite("Opening cues: a password agent's question starts with its sound cues")
struct OpeningCuesTests {
  @Test("an engine's opening cues come before the prompt's words")
  func openingCuesFirst() throws {
    var configuration = try EntryConfiguration(length: .fixed(4))
    configuration.openingCues = [.error, .asking]
    var engine = EntryEngine(configuration: configuration, secretStorage: WipedSecretBuffer(capacity: 4))
    let effects = engine.start()
    let cues = effects.prefix(2).compactMap { effect -> SoundCue? in
      if case let .cue(cue) = effect { return cue }
      return nil
    }
    #expect(cues == [.error, .asking])
    #expect(effects.dropFirst(2).contains { if case .announce(.prompt, _) = $0 { true } else { false } })
  }

  @Test("no opening cue by default")
  func noneByDefault() throws {
    var engine = EntryEngine(
      configuration: try EntryConfiguration(length: .fixed(4)), secretStorage: WipedSecretBuffer(capacity: 4))
    #expect(!engine.start().contains { if case .cue = $0 { true } else { false } })
  }
}
