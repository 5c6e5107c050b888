import PasscodeEngine

/// speech-dispatcher's message priorities that the program uses.
package enum SpeechPriority: Equatable, Hashable, Sendable, CaseIterable {
  /// Progress: a newer message replaces an older one.
  case text
  /// The prompt, success, cancel and status.
  case message
  /// Errors, lockouts and timeouts; interrupts the others.
  case important
}

extension Announcement {
  /// How urgently speech should deliver this announcement (Docs/Accessibility.md §4).
  package var priority: SpeechPriority {
    switch self {
    case .progress, .deleted, .cleared, .pasted, .notAllowed, .notAllowedOutside, .entryFull, .strength, .generated,
      .shownEntry:
      .text
    case .wrong, .lockedOut, .mismatch, .tooWeak, .timeLeft, .timedOut, .callerError, .secretsDiffer: .important
    case .timeLeftExtendable: .important
    case .timeExtended, .timeNotExtendable: .message
    case .questionWithdrawn, .questionExpired, .askedAgain, .triedAgain, .askerNotReading, .socketNotTrusted,
      .lockedAgain,
      .failuresNotRecorded, .settingsNotTrusted, .speakupKeyEchoOn:
      .important
    case .prompt, .callerDescription, .tooShort, .checking, .countdown, .ready, .accepted, .confirmNew, .cancelled,
      .status, .questionsWaiting, .noQuestionsPending, .questionLeft, .systemdAgentAsksNext, .questionSource,
      .diskQuestion, .diskUnlocked,
      .answerSent, .demoCode, .demoUnlocked, .demoKeys, .notice:
      .message
    case .keyRefusedNotSubmitted, .passcodeSet, .storeProblem, .nothingToLock, .pressAnyKey: .message
    case .keysIgnoredWhileChecking, .keysTypedBeforeIgnored: .message
    case .secretEntered, .repeatSecret, .confirmationKeys, .longHintKey, .generateKey: .message
    case .countless(.tooShort), .countless(.status): .message
    case .countless(.entered), .countless(.deleted), .countless(.cleared), .countless(.pasted),
      .countless(.nothingPasted):
      .text
    case .capsLockOn, .capsLockOff, .numLockOff, .typingShown, .noticeEndsByItself: .message
    }
  }
}
