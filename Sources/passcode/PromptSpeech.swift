import PasscodeSpeech
import PasscodeTerminal

/// The speech channel decided once: what was detected, where background notices go, and the announcer.
struct PromptSpeech {
  let detection: ScreenReaderDetection
  let notices: NoticeBoard?
  let announcer: SpeechDispatcherAnnouncer?
}
