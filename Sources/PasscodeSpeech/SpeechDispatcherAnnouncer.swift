import PasscodeEngine

/// Speaks announcements through speech-dispatcher without ever making the caller wait.
///
/// The initializer returns at once; a background thread connects (with a deadline), sends, and reconnects with
/// backoff after the daemon goes away. Each outage is reported once through `onUnavailable`. Announcements made
/// before the first connection are kept in order and sent once it is up; during an outage all but the newest
/// are dropped. A newer progress message replaces an older one still waiting. The words come with each
/// ``Phrase``, made once for the screen and speech alike: nothing is looked up here, on the keystroke path.
package final class SpeechDispatcherAnnouncer: Announcer {
  private let worker: SpeechWorker

  /// Starts connecting in the background and returns at once.
  ///
  /// - Parameters:
  ///   - configuration: The client name, address, deadline and language.
  ///   - onUnavailable: Called with a reason, once per outage, on a background thread; the caller typically
  ///     shows one fixed notice (the reason is for diagnostics) and relies on the text it shows anyway.
  package convenience init(
    configuration: SpeechDispatcherConfiguration = SpeechDispatcherConfiguration(),
    onUnavailable: @escaping @Sendable (String) -> Void
  ) {
    self.init(configuration: configuration, clock: BootTimeSpeechClock(), onUnavailable: onUnavailable)
  }

  /// Starts connecting in the background on a given clock, and returns at once.
  ///
  /// - Parameters:
  ///   - configuration: The client name, address, deadline and language.
  ///   - clock: What the startup grace, the reconnection backoff and the deadline run on; a test's
  ///     `ManualClock` moves them by hand.
  ///   - onUnavailable: Called with a reason, once per outage, on a background thread.
  package init(
    configuration: SpeechDispatcherConfiguration, clock: any SpeechClock,
    onUnavailable: @escaping @Sendable (String) -> Void
  ) {
    worker = SpeechWorker(configuration: configuration, clock: clock, onUnavailable: onUnavailable)
    worker.start()
  }

  deinit {
    worker.abandon()
  }

  /// Whether the connection to speech-dispatcher is up.
  package var isConnected: Bool {
    worker.isConnected
  }

  /// Waits until the connection is up or an attempt to make it has failed, at most `limit` on the announcer's
  /// clock, so that a first question's words are not queued behind a connection that is about to come up.
  ///
  /// - Parameter limit: The longest wait.
  /// - Returns: Whether the connection is up.
  @discardableResult
  package func waitUntilConnected(within limit: Duration) -> Bool {
    worker.waitUntilConnected(within: limit)
  }

  /// Queues the phrase's words at its announcement's priority; returns at once.
  ///
  /// - Parameter phrase: What to say.
  package func announce(_ phrase: Phrase) {
    worker.submit(SpeechRequest(content: .words(phrase.words), priority: phrase.announcement.priority))
  }

  /// Queues the phrases' words as one request, joined with full stops where they have none, at the most urgent of their
  /// priorities; returns at once.
  ///
  /// - Parameter phrases: What to say, in order.
  package func announce(together phrases: [Phrase]) {
    guard phrases.count > 1 else {
      phrases.first.map(announce)
      return
    }
    // A phrase that already ends a sentence ("Set one with 'passcode set'.") takes no second full stop.
    let words = phrases.map(\.words).reduce(into: "") { text, next in
      if let last = text.last { text += ".!?".contains(last) ? " " : ". " }
      text += next
    }
    let priorities = phrases.map(\.announcement.priority)
    let priority: SpeechPriority =
      priorities.contains(.important) ? .important : priorities.contains(.message) ? .message : .text
    worker.submit(SpeechRequest(content: .words(words), priority: priority))
  }

  /// Queues a sound icon; returns at once.
  ///
  /// - Parameter cue: The cue to play.
  package func play(_ cue: SoundCue) {
    worker.submit(SpeechRequest(content: .soundIcon(cue.iconName), priority: cue.priority))
  }

  /// Closes the connection, waiting at most the configured deadline even when the daemon never answers.
  package func close() {
    worker.close()
  }
}
