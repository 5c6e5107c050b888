import PasscodeEngine
internal import SystemCalls

/// One tone on the virtual console's PC speaker, and the silence after it before the next.
///
/// The tones are made to be told from a BIOS's beeps, which are one pitch (often near the console bell's
/// 750 Hz) repeated, and from each other (Docs/Boot.md):
/// - asking (a question's prompt opens): two short tones rising a fifth, D5 (587 Hz) then A5 (880 Hz), 120 ms
///   each, their starts 0.5 s apart, as the spoken-boot cue Ubuntu chose (two beeps 0.5 s apart);
/// - wrong (the question is asked again, a wrong code): one low tone, A3 (220 Hz), 400 ms;
/// - lockout: the wrong tone, longer (800 ms); accepted: one high tone, A5, 80 ms.
package struct ConsoleTone: Hashable, Sendable {
  /// The pitch.
  package var hertz: Int
  /// How long it sounds.
  package var duration: Duration
  /// The silence after it, before the next tone starts.
  package var pauseAfter: Duration

  /// A tone.
  ///
  /// - Parameters:
  ///   - hertz: The pitch.
  ///   - duration: How long it sounds.
  ///   - pauseAfter: The silence after it; none by default.
  package init(hertz: Int, duration: Duration, pauseAfter: Duration = .zero) {
    self.hertz = hertz
    self.duration = duration
    self.pauseAfter = pauseAfter
  }

  /// The tones a cue plays, in order.
  ///
  /// - Parameter cue: The cue.
  /// - Returns: Its tones; the pauses separate them, and the last has none.
  package static func tones(for cue: SoundCue) -> [ConsoleTone] {
    switch cue {
    case .asking:
      [
        ConsoleTone(hertz: 587, duration: .milliseconds(120), pauseAfter: .milliseconds(380)),
        ConsoleTone(hertz: 880, duration: .milliseconds(120)),
      ]
    case .error: [ConsoleTone(hertz: 220, duration: .milliseconds(400))]
    case .lockout: [ConsoleTone(hertz: 220, duration: .milliseconds(800))]
    case .success: [ConsoleTone(hertz: 880, duration: .milliseconds(80))]
    }
  }

  /// The silence between two cues played one after the other (the wrong tone, then the asking tones).
  package static let pauseBetweenCues = Duration.milliseconds(300)
}

/// Plays cues as tones on the PC speaker of the virtual console a prompt is on (`KDMKTONE`), waiting out each
/// tone and pause, so that a second cue never cuts the first short. On a terminal that is not a virtual
/// console the call fails and nothing is heard, and nothing is said about it: the tones are never the only
/// signal of anything.
final class ConsoleTonePlayer {
  private let console: FileDescriptor
  private let sleep: (Duration) -> Void
  private var hasPlayed = false

  /// A player on the prompt's terminal.
  ///
  /// - Parameters:
  ///   - console: The terminal.
  ///   - sleep: Waits out a tone (the real sleep; tests pass their own).
  init(console: FileDescriptor, sleep: @escaping (Duration) -> Void = { SystemCalls.sleep(for: $0) }) {
    self.console = console
    self.sleep = sleep
  }

  /// Plays a cue's tones and returns when the last has finished.
  func play(_ cue: SoundCue) {
    if hasPlayed { sleep(ConsoleTone.pauseBetweenCues) }
    hasPlayed = true
    for tone in ConsoleTone.tones(for: cue) {
      do {
        try console.playConsoleTone(hertz: tone.hertz, milliseconds: Int(tone.duration.wholeMilliseconds))
      } catch {
        return
      }
      sleep(tone.duration + tone.pauseAfter)
    }
  }
}
