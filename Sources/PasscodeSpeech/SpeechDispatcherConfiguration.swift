import AnnouncementWords
import PasscodeEngine
import PasscodePreferences

/// How ``SpeechDispatcherAnnouncer`` talks to speech-dispatcher (Docs/Accessibility.md §4).
package struct SpeechDispatcherConfiguration: Sendable {
  /// The client name the daemon sees.
  package var clientName: String
  /// The connection name the daemon sees.
  package var connectionName: String
  /// The user name the daemon sees, or `nil` for the password database's. It is checked where it is sent
  /// (`SSIPValue`): one that is not a plain name, such as a `USER` holding a line break or a quote, is dropped
  /// for the password database's.
  package var userName: String?
  /// Where to connect, or `nil` to let libspeechd read `SPEECHD_ADDRESS` and fall back to its default socket.
  package var address: SpeechDispatcherAddress?
  /// Whether libspeechd may start a daemon when none answers (`speech-dispatcher --spawn`); off unless
  /// speech was forced with `--speech on`.
  package var autospawn: Bool
  /// How long a connect or send may take before speech is reported unavailable, and how long `close()` waits.
  package var deadline: Duration
  /// The delays between reconnection attempts.
  package var backoff: ReconnectBackoff
  /// How long after the start a daemon that has not answered yet is not reported unavailable, and what was
  /// announced waits in order rather than only the newest: at boot, speech-dispatcher starts with the sound
  /// card, often a moment after the first question.
  package var startupGrace: Duration = .zero
  /// How often a daemon that has never answered is tried again within ``startupGrace``: it is expected at any
  /// moment, so the attempts do not back off (with ``backoff``'s doubling, a daemon ready just after an attempt
  /// was heard up to a second late at boot). After the grace, ``backoff`` applies.
  package var startupRetryInterval: Duration = .milliseconds(100)
  /// The language announcements' words are in, for the voice (`es`); the words themselves come with each
  /// ``Phrase``.
  package var language: String
  /// The rate, pitch, volume and voice, each sent after the language when given; the daemon's own stay
  /// for the others.
  package var voice: VoiceSettings

  /// Creates a configuration; the defaults are the program's.
  ///
  /// - Parameters:
  ///   - clientName: The client name; `passcode`.
  ///   - connectionName: The connection name; `main`.
  ///   - userName: The user name; `USER` from the environment, checked when sent.
  ///   - address: Where to connect; `nil` lets libspeechd decide.
  ///   - autospawn: Whether libspeechd may start a daemon; no.
  ///   - deadline: The connect, send and close deadline; 1 second.
  ///   - backoff: The delays between reconnection attempts.
  ///   - language: The words' language; the catalogue's, English in the user's language.
  ///   - voice: How the voice sounds; by default as the daemon has it.
  package init(
    clientName: String = "passcode", connectionName: String = "main",
    userName: String? = SpeechSystemCalls.environmentValue("USER"), address: SpeechDispatcherAddress? = nil,
    autospawn: Bool = false, deadline: Duration = .seconds(1), backoff: ReconnectBackoff = ReconnectBackoff(),
    language: String = AnnouncementCatalogue.current.language, voice: VoiceSettings = VoiceSettings()
  ) {
    self.clientName = clientName
    self.connectionName = connectionName
    self.userName = userName
    self.address = address
    self.autospawn = autospawn
    self.deadline = deadline
    self.backoff = backoff
    self.language = language
    self.voice = voice
  }
}
