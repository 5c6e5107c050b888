import PasscodePreferences

/// Whether a prompt's cues are played as tones on the virtual console's PC speaker (two short tones when a
/// question is asked, one low tone when it is asked again): where nothing else would be heard. A pure function.
///
/// The rules, in order:
/// 1. The prompt is not on a Linux virtual console: no tones (the PC speaker belongs to the console; a
///    terminal emulator or SSH has its own bell).
/// 2. Speech is off by choice (`--speech off`, `PASSCODE_SPEECH=off`, `speech = off`): no tones, silence was asked for.
/// 3. A remote session, or a screen reader reading: no tones; words reach the person another way.
/// 4. Speech is chosen and speech-dispatcher answers: no tones; its voice speaks, with its own sound icons.
/// 5. Otherwise (no speech-dispatcher, or one that does not answer: no voice, perhaps no sound card): tones.
package enum ConsoleTones {
  /// Decides.
  ///
  /// - Parameters:
  ///   - inputs: What the speech policy looked at.
  ///   - decision: What it decided (``SpeechDecision/decide(_:)`` of `inputs`).
  ///   - speechAnswers: Whether the speech channel is connected now (`false` when there is none).
  /// - Returns: `true` when cues are played as console tones.
  package static func areUsed(_ inputs: SpeechPolicyInputs, decision: SpeechDecision, speechAnswers: Bool) -> Bool {
    guard inputs.detection.promptOnConsole, inputs.speech.value != .off else { return false }
    guard !inputs.locality.isRemote, !inputs.detection.isReading else { return false }
    return !(decision.speaks && speechAnswers)
  }
}
