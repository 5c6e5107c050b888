import LockedSecretStorage
import PasscodeEngine

@testable import PasscodeTerminal

/// An entry's engine drawn by a renderer as the prompt's screen draws it, without a terminal.
enum RenderedEntry {
  /// Everything a renderer writes for an entry of `keys`: each render drawn, each announcement drawn and then told.
  ///
  /// - Parameters:
  ///   - configuration: The entry's configuration; its `mask` is the renderer's.
  ///   - profile: The output profile.
  ///   - keys: The events after the start.
  /// - Returns: The text written, escapes included.
  static func written(_ configuration: EntryConfiguration, profile: OutputProfile, keys: [EntryEvent]) -> String {
    var engine = EntryEngine(
      configuration: configuration, secretStorage: WipedSecretBuffer(capacity: configuration.maximumByteCount))
    var renderer = PromptRenderer(profile: profile, usesColor: false, width: 80, catalogue: .english)
    renderer.mask = configuration.mask
    var output = ""
    func draw(_ effects: [EntryEffect]) {
      for effect in effects {
        switch effect {
        case let .render(display): output += renderer.render(display)
        case let .announce(announcement, display): output += renderer.render(display) + renderer.announce(announcement)
        default: break
        }
      }
    }
    draw(engine.start())
    for key in keys { draw(engine.handle(key)) }
    return output
  }
}
