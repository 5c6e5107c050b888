import PasscodeEngine

/// Something that delivers announcements to the user through a channel other than the terminal's text.
///
/// Implementations must return at once: `announce` is called on the keystroke path.
public protocol Announcer: AnyObject, Sendable {
  /// Delivers an announcement, or queues it; never waits for the channel.
  ///
  /// - Parameter announcement: What to tell the user. Its words come from the catalogue.
  func announce(_ announcement: Announcement)

  /// Plays an optional sound cue alongside an announcement, or does nothing if the channel has none.
  ///
  /// - Parameter cue: The cue.
  func play(_ cue: SoundCue)

  /// Stops delivering and releases the channel, waiting at most a short deadline.
  func close()
}
