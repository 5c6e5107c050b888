import AccessibilityEnvironment
import PasscodeSpeech
import PasscodeTerminal

/// The speech channel decided once: the decision, what was detected, where background notices go, and
/// the announcer when speech was chosen.
struct PromptSpeech {
  /// What the speech policy looked at.
  let inputs: SpeechPolicyInputs
  let detection: ScreenReaderDetection
  let decision: SpeechDecision
  let notices: NoticeBoard?
  let announcer: SpeechDispatcherAnnouncer?
}
