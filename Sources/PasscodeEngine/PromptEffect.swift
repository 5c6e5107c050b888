/// What the front must do after a prompt machine handled an event (``PromptMachine``), carried out in order by
/// the one interpreter behind a ``PromptDriver``. `Outcome` is how the machine's screen ends: an entry's
/// ``EntryOutcome``, a confirmation's answer.
package enum PromptEffect<Outcome: Sendable>: Sendable {
  /// Draw the prompt as described, telling nothing (a shake frame, a redraw).
  case render(EntryDisplay)
  /// Draw the prompt as described, and tell the user its message, once, on screen and/or by speech. The
  /// display's ``EntryDisplay/message`` is this announcement.
  case announce(Announcement, display: EntryDisplay)
  /// Show lines above the entry, before the prompt is first drawn, in a profile whose status line replaces each
  /// told word at the next (the visual one): the prompt's title and the hint under it, when there is a hint, and
  /// what the caller keeps there. Nothing is told here: each line is told in its turn, the caller's in the
  /// preamble, the hint as an ``aside(_:)`` after it.
  case heading(title: SanitizedText?, lines: [Announcement])
  /// Tell words that stand apart from the status, once, leaving the display and its message as they are: the
  /// hint under the prompt, after the prompt's and the preamble's words, or a notice (``EntryEvent/notice(_:)``).
  case aside(Announcement)
  /// Play an optional sound cue (never the only signal).
  case cue(SoundCue)
  /// Check the complete code held in this storage and answer with ``EntryEvent/verdict(_:)``. The engine
  /// does not touch the storage until the verdict arrives, not even when cancelled meanwhile; the front
  /// wipes it once the verifier has returned, before delivering the verdict.
  case verify(any SecretStorage)
  /// Fire ``EntryEvent/timerFired(_:)`` with this timer after the delay, replacing a pending one.
  case schedule(EntryTimer, after: Duration)
  /// Stop a pending timer.
  case cancelTimer(EntryTimer)
  /// Lend the entry typed so far to the caller's companion for one call, in answer to
  /// ``EntryEvent/lendEntry`` (a pinentry's strength rating). The storage stays the engine's: it must not be
  /// kept or copied outside secret memory.
  case lendEntry(any SecretStorage)
  /// Throw away input that the terminal has buffered but not delivered yet.
  case flushInput
  /// The screen is over, ended so.
  case finish(Outcome)
}

/// What the entry engine asks of the front.
package typealias EntryEffect = PromptEffect<EntryOutcome>

/// How a prompt ended.
public enum EntryOutcome: Equatable, Sendable {
  /// The verifier accepted the code.
  case accepted
  /// The user cancelled.
  case cancelled
  /// No key came in time.
  case timedOut
  /// The attempt limit for this run was reached with a wrong code.
  case attemptsExhausted
}

/// Optional sounds that accompany announcements.
package enum SoundCue: String, Equatable, Hashable, Sendable, CaseIterable {
  /// A wrong code or another error.
  case error
  /// A lockout started.
  case lockout
  /// The code was accepted.
  case success
  /// A question is asked: a password agent's prompt opens (``EntryConfiguration/openingCues``).
  case asking
}
