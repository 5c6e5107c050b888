/// Something that delivers announcements to the user through a channel other than the terminal's text.
///
/// Implementations must return at once: `announce` is called on the keystroke path.
public protocol Announcer: AnyObject, Sendable {
  /// Delivers an announcement, or queues it; never waits for the channel.
  ///
  /// - Parameter announcement: What to tell the user. Its words come from the catalogue.
  func announce(_ announcement: Announcement)

  /// Delivers several announcements as one utterance, in order (a prompt and the lines under it), so none is
  /// dropped as stale before the channel is up; never waits for the channel.
  ///
  /// - Parameter announcements: What to tell the user, in order.
  func announce(together announcements: [Announcement])

  /// Plays an optional sound cue alongside an announcement, or does nothing if the channel has none.
  ///
  /// - Parameter cue: The cue.
  func play(_ cue: SoundCue)

  /// Stops delivering and releases the channel, waiting at most a short deadline.
  func close()
}

extension Announcer {
  /// Delivers each announcement on its own, for channels that have no notion of one utterance.
  ///
  /// - Parameter announcements: What to tell the user, in order.
  public func announce(together announcements: [Announcement]) {
    for announcement in announcements { announce(announcement) }
  }
}
