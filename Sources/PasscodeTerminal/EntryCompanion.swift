import PasscodeEngine

/// A caller's part in one entry besides its verifier: keys it answers itself and words it adds as the entry
/// changes. The pinentry uses it for its client's "generate" key (`SETGENPIN`), the long constraints hint
/// and the spoken strength (`SETQUALITYBAR`). Called on the prompt's own thread.
package protocol EntryCompanion: AnyObject {
  /// What a key stands for when the companion answers it, or `nil` to leave the key to the prompt.
  ///
  /// - Parameter key: The key.
  /// - Returns: The events to give the engine and the announcements to make after them.
  func answer(to key: Key) -> CompanionAnswer?

  /// Called once after a batch of keys changed the entry (so fast typing and pastes ask once).
  ///
  /// - Parameter entry: The entry typed so far, lent only for the call; never to be kept or copied outside
  ///   secret memory.
  /// - Returns: An announcement to make, or `nil`.
  func entryChanged(_ entry: UnsafeRawBufferPointer) -> Announcement?
}

/// How an ``EntryCompanion`` answers a key.
package struct CompanionAnswer: Sendable {
  /// The events the key stands for, in order.
  package var events: [EntryEvent]
  /// What to say after them.
  package var announcements: [Announcement]

  /// Makes an answer.
  ///
  /// - Parameters:
  ///   - events: The events the key stands for.
  ///   - announcements: What to say after them.
  package init(events: [EntryEvent] = [], announcements: [Announcement] = []) {
    self.events = events
    self.announcements = announcements
  }
}
