import PasscodeEngine

/// A ``PromptOutput`` that records what a driver carried out, in order.
package struct RecordingEntryOutput: PromptOutput {
  /// Everything carried out, in order.
  package enum Record: Sendable {
    /// A display drawn.
    case render(EntryDisplay)
    /// An announcement made.
    case announce(Announcement)
    /// A heading shown above the entry: the prompt's title, and lines (a hint, a caller's descriptions).
    case heading(title: SanitizedText?, lines: [Announcement])
    /// Words told apart from the status (a hint, a notice).
    case aside(Announcement)
    /// A cue played.
    case cue(SoundCue)
    /// A verification started.
    case verify
    /// The entry lent to the caller's companion.
    case lendEntry
    /// The input flushed.
    case flushInput
    /// The screen ended.
    case finish
  }

  /// What was carried out, in order.
  package private(set) var records: [Record] = []
  /// The storage of a verification started and not answered yet.
  package var pendingVerification: (any SecretStorage)?
  /// Whether a flush reports that it threw keys away, as a terminal holding keys typed ahead does.
  package var flushDiscardsKeys = false

  /// Creates an empty record.
  package init() {}

  /// Records a display drawn.
  package mutating func render(_ display: EntryDisplay) { records.append(.render(display)) }
  /// Records the display drawn and the announcement told.
  package mutating func announce(_ announcement: Announcement, display: EntryDisplay) {
    records.append(.render(display))
    records.append(.announce(announcement))
  }
  /// Records a heading.
  package mutating func heading(title: SanitizedText?, lines: [Announcement]) {
    records.append(.heading(title: title, lines: lines))
  }
  /// Records words told apart from the status.
  package mutating func aside(_ announcement: Announcement) { records.append(.aside(announcement)) }
  /// Records a cue.
  package mutating func cue(_ cue: SoundCue) { records.append(.cue(cue)) }
  /// Records a flush.
  ///
  /// - Returns: ``flushDiscardsKeys``.
  package mutating func flushInput() -> Bool {
    records.append(.flushInput)
    return flushDiscardsKeys
  }
  /// Records the entry lent to the companion.
  package mutating func lendEntry(_ entry: any SecretStorage) { records.append(.lendEntry) }
  /// Records the end.
  package mutating func finish() { records.append(.finish) }

  /// Records a verification started and keeps its storage in ``pendingVerification`` for the test to answer.
  package mutating func verify(_ secret: any SecretStorage) {
    records.append(.verify)
    pendingVerification = secret
  }

  /// The displays drawn, in order.
  package var renders: [EntryDisplay] {
    records.compactMap { if case let .render(display) = $0 { display } else { nil } }
  }

  /// The announcements made, in order.
  package var announcements: [Announcement] {
    records.compactMap { if case let .announce(announcement) = $0 { announcement } else { nil } }
  }

  /// The words told apart from the status, in order.
  package var asides: [Announcement] {
    records.compactMap { if case let .aside(announcement) = $0 { announcement } else { nil } }
  }

  /// How many times the input was flushed.
  package var flushCount: Int { records.count { if case .flushInput = $0 { true } else { false } } }

  /// How many verifications were started.
  package var verificationCount: Int { records.count { if case .verify = $0 { true } else { false } } }
}
