import PasscodeEngine

/// One ``TerminalPasscodePrompt/ask(_:failureCount:lockoutRemaining:attemptLimit:hint:preamble:verifier:)``'s
/// output for its ``EntryDriver``: the screen, the verifier running off the input thread, and the input to flush.
struct PromptRunOutput: EntryOutput {
  typealias Failure = PromptError

  let screen: PromptScreen
  let keys: KeyInput
  /// Which keys outlive a flush.
  let keyPolicy: KeyPolicy
  let verification: VerificationRunner
  let verifier: @Sendable (any SecretStorage) throws -> Verdict
  /// Whether cues are played: asked for, and not under reduce motion.
  let playsCues: Bool

  func render(_ display: EntryDisplay) throws(PromptError) {
    try screen.render(display)
  }

  func announce(_ announcement: Announcement, display: EntryDisplay) throws(PromptError) {
    try screen.announce(announcement, display: display)
  }

  func cue(_ cue: SoundCue) throws(PromptError) {
    // Optional, never the only signal, and silenced by reduce motion.
    guard playsCues else { return }
    try screen.play(cue)
  }

  func verify(_ secret: any SecretStorage) {
    verification.start(secret, verifier: verifier)
  }

  func flushInput() throws(PromptError) {
    try keys.discard(from: screen.session, keeping: keyPolicy.survivesFlush)
  }

  func finish(_ outcome: EntryOutcome) throws(PromptError) {
    try screen.finishLine()
  }
}
