import PasscodeEngine
import PasscodeSpeech
import Synchronization

/// An announcer for tests that keeps what it was asked to say.
package final class RecordingAnnouncer: Announcer {
  private let state = Mutex<(phrases: [Phrase], cues: [SoundCue], closed: Bool)>(([], [], false))

  /// Creates an empty recorder.
  package init() {}

  /// Every phrase so far, in order, with the words it was given.
  package var phrases: [Phrase] {
    state.withLock { $0.phrases }
  }

  /// Every announcement so far, in order.
  package var announcements: [Announcement] {
    phrases.map(\.announcement)
  }

  /// Every sound cue so far, in order.
  package var cues: [SoundCue] {
    state.withLock { $0.cues }
  }

  /// Whether ``close()`` was called.
  package var isClosed: Bool {
    state.withLock { $0.closed }
  }

  /// Records a phrase.
  ///
  /// - Parameter phrase: What would be said.
  package func announce(_ phrase: Phrase) {
    state.withLock { $0.phrases.append(phrase) }
  }

  /// Records a sound cue.
  ///
  /// - Parameter cue: The cue that would be played.
  package func play(_ cue: SoundCue) {
    state.withLock { $0.cues.append(cue) }
  }

  /// Records that the announcer was closed.
  package func close() {
    state.withLock { $0.closed = true }
  }
}
