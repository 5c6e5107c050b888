/// Something that delivers announcements to the user through a channel other than the terminal's text.
///
/// An announcer never looks words up: it is given each announcement's ``Phrase``, whose words the edge made
/// once with the catalogue the screen uses, so speech says what the screen shows and the lookup is not done
/// again on the keystroke path. Implementations must return at once: `announce` is called on that path.
package protocol Announcer: AnyObject, Sendable {
  /// Delivers an announcement's words, or queues them; never waits for the channel.
  ///
  /// - Parameter phrase: What to tell the user: the announcement (its kind sets the urgency) and its words.
  func announce(_ phrase: Phrase)

  /// Delivers several phrases as one utterance, in order (a prompt and the lines under it), so none is
  /// dropped as stale before the channel is up; never waits for the channel.
  ///
  /// - Parameter phrases: What to tell the user, in order.
  func announce(together phrases: [Phrase])

  /// Plays an optional sound cue alongside an announcement, or does nothing if the channel has none.
  ///
  /// - Parameter cue: The cue.
  func play(_ cue: SoundCue)

  /// Stops delivering and releases the channel, waiting at most a short deadline.
  func close()
}

extension Announcer {
  /// Delivers each phrase on its own, for channels that have no notion of one utterance.
  ///
  /// - Parameter phrases: What to tell the user, in order.
  package func announce(together phrases: [Phrase]) {
    for phrase in phrases { announce(phrase) }
  }
}
