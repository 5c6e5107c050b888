/// Something that happened to a prompt: a key, a paste, a verdict, a timer or a notice.
package enum EntryEvent: Sendable {
  /// A character was typed.
  case character(Unicode.Scalar)
  /// A key that is not a character arrived (an arrow key, a function key, invalid bytes). It is
  /// announced as "not allowed" without naming it.
  case unsupportedKey
  /// The last character should be deleted (Backspace).
  case delete
  /// Every character should be deleted (Ctrl-U).
  case clear
  /// Text was pasted. The engine takes the allowed characters that fit, then wipes `storage`.
  /// `overflowCount` counts characters that did not even fit in the paste storage; they are reported as
  /// ignored.
  case paste(any SecretStorage, overflowCount: Int)
  /// The user asked to submit (Enter).
  case submit
  /// The user cancelled (Esc, Ctrl-C, Ctrl-D).
  case cancel
  /// The user asked to hear the status again.
  case repeatStatus
  /// The user asked for more time (Tab): the time limit starts again, at most
  /// ``EntryConfiguration/timeExtensionLimit`` times.
  case moreTime
  /// The verifier answered the code sent with ``PromptEffect/verify(_:)``.
  case verdict(Verdict)
  /// A timer scheduled with ``PromptEffect/schedule(_:after:)`` fired.
  case timerFired(EntryTimer)
  /// The caller has words for the user about the entry (a pinentry's strength rating, its rules): told
  /// like the engine's own, and only while keys are taken.
  case callerWords(Announcement)
  /// Work in the background has words for the user: a notice ("speech-dispatcher is not answering; …",
  /// ``Announcement/notice(_:)``, shown and not spoken) or news (an agent's "2 questions waiting", shown and
  /// spoken). Told as an ``PromptEffect/aside(_:)`` whatever the entry is doing, a lockout or a verification
  /// included.
  case notice(Announcement)
  /// The caller's companion asks to read the entry, after a batch of keys changed it: while keys are taken the
  /// engine lends it (``PromptEffect/lendEntry(_:)``); otherwise it does nothing.
  case lendEntry
  /// The terminal reported the Caps Lock state (a Linux virtual console's `KDGKBLED`), read as the prompt
  /// started or as a key arrived; never sent where it cannot be read. ``LockKeyHints`` decides what is told.
  case capsLock(isOn: Bool)
  /// A keypad navigation key arrived (an arrow, Home, End, Page Up or Down, Insert, the keypad's 5), as a
  /// keypad sends in place of digits when Num Lock is off: a digit prompt says so once, and after that it is
  /// a key not allowed.
  case keypadNavigation
  /// A prompt that must not be stopped (`lock`) was stopped from outside and continued: the entry typed so
  /// far is wiped and the user told ``Announcement/lockedAgain``. A running lockout goes on; a verification
  /// under way keeps its code and its verdict.
  case relock
  /// A flush (``PromptEffect/flushInput``) threw away keys typed ahead, which no machine saw; sent right after
  /// the effects that flushed. An entry says so when they were typed during a check
  /// (``Announcement/keysIgnoredWhileChecking``).
  case keysDiscarded

  /// Whether the event can change the entry typed so far.
  package var changesEntry: Bool {
    switch self {
    case .character, .delete, .clear, .paste, .relock: true
    default: false
    }
  }
}

/// The verifier's answer to a complete code.
public enum Verdict: Equatable, Sendable {
  /// The code is right.
  case accepted
  /// The code is wrong. `failureCount` is the persisted count of consecutive failures including this
  /// one, when the verifier keeps one; otherwise the engine counts from its starting count.
  case rejected(failureCount: Int?)
  /// The verifier refused to check because a lockout is running (for example one started in another
  /// terminal).
  case lockedOut(remaining: Duration, failureCount: Int)
  /// The code is not checked but entry starts again, saying why (choosing a new passcode).
  case retry(RetryReason)
}

/// Why entry starts again without a failure, while a new passcode is chosen.
public enum RetryReason: Equatable, Hashable, Sendable {
  /// The first entry was taken; enter it again to confirm.
  case confirmNew
  /// The confirmation did not match the first entry.
  case mismatch
  /// The code is too easy to guess.
  case tooWeak
  /// The caller refused the code, in its own words (a pinentry's agent, whose passphrase constraints it
  /// does not meet).
  case refused(Announcement)
}

/// The timers the engine asks the front to run. Scheduling one that is already pending replaces it.
package enum EntryTimer: Hashable, Sendable {
  /// The verifier has been slow: time to say "Checking".
  case checking
  /// A frame of the shake, by its index in ``ShakeCurve/columnOffsets``. Frames left pending when the
  /// rejection ends do nothing when they fire.
  case shakeFrame(Int)
  /// The rejection has shown long enough.
  case rejectionEnded
  /// The next point of the lockout countdown.
  case lockoutTick
  /// Time to warn that the prompt will time out.
  case timeoutWarning
  /// Time to warn that the asker's deadline (``EntryConfiguration/fixedDeadline``) is near.
  case deadlineWarning
  /// The prompt timed out.
  case timeout
}
