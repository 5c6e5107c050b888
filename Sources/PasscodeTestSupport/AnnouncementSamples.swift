import PasscodeEngine

/// Announcements of every kind, most with several values (short, long and unbroken words, each character kind,
/// fixed and variable lengths, counts of one and more): what the renderer's width tests draw and the catalogue's
/// tests say in every language. ``kind(of:)`` has no default case, so a new kind of announcement fails to
/// compile here until it is named, and ``kindCount`` checks that the samples hold it.
package enum AnnouncementSamples {
  /// A word longer than any width tried.
  package static let longWord = String(repeating: "W", count: 450)
  /// Free texts a caller may give: words, one word longer than any window, runs of spaces, accents.
  package static let texts: [SanitizedText] = [
    SanitizedText(longWord), SanitizedText(String(repeating: "PIN for card ", count: 40)),
    "  Contraseña   del llavero «Inicio de sesión» ", "",
  ]

  /// Every kind of announcement, most with several values.
  package static let all: [Announcement] = {
    var all: [Announcement] = []
    let kinds: [(Announcement.CharacterKind, Int?)] = [(.digits, 4), (.lettersAndDigits, nil), (.characters, 1000)]
    for title in texts {
      all += [.prompt(title: title, length: 6, kind: .digits), .prompt(title: title, length: nil, kind: .characters)]
      all += [.callerDescription(title), .callerError(title), .questionSource(asker: title, subject: title)]
      all += [.notice(title), .storeProblem(title), .shownEntry(title)]
      all += [.questionSource(asker: title, subject: nil)]
      all += [.diskQuestion(name: title, device: title), .diskQuestion(name: title, device: nil)]
      all += [.confirmationKeys(ok: title, notOK: title, cancel: title, offersCancel: true)]
    }
    all.append(.confirmationKeys(ok: nil, notOK: nil, cancel: nil, offersCancel: false))
    for (kind, length) in kinds {
      all += [
        .progress(entered: 1, length: length, kind: kind), .deleted(entered: 0, length: length, kind: kind),
        .cleared(length: length, kind: kind), .pasted(entered: 3, length: length, kind: kind, ignored: 0),
        .pasted(entered: 999, length: length, kind: kind, ignored: 1_048_576),
        .status(entered: 2, length: length, kind: kind, triesLeft: 1),
        .status(entered: 2, length: length, kind: kind, triesLeft: nil),
      ]
      all += [.notAllowed(kind), .tooShort(minimum: 1, kind: kind), .tooShort(minimum: 12, kind: kind)]
    }
    // A caller's set: in parts (one, two and three), each kind of part whole, as a range and single, and unsaid.
    all += customSets.map(Announcement.notAllowedOutside)
    all += [.checking, .wrong(triesLeft: nil), .wrong(triesLeft: 1), .wrong(triesLeft: 3)]
    all += [.lockedOut(seconds: 60), .lockedOut(seconds: 7201), .countdown(seconds: 1), .countdown(seconds: 3900)]
    all += [.passcodeSet]
    all += [.ready, .accepted, .answerSent, .confirmNew, .mismatch, .tooWeak, .cancelled, .timedOut]
    all += [.timeLeft(seconds: 10), .questionsWaiting(count: 1), .questionsWaiting(count: 12)]
    all += [.timeLeftExtendable(seconds: 20), .timeLeftExtendable(seconds: 7201), .timeExtended(seconds: 300)]
    all.append(.timeNotExtendable)
    all += [.questionWithdrawn, .questionExpired, .askedAgain(attempt: 2), .demoCode(length: 4), .demoCode(length: 12)]
    all += [.askerNotReading, .socketNotTrusted, .lockedAgain, .failuresNotRecorded, .settingsNotTrusted]
    all += [
      .questionLeft, .systemdAgentAsksNext, .diskUnlocked, .speakupKeyEchoOn, .entryFull, .keyRefusedNotSubmitted,
    ]
    all += [.noQuestionsPending(others: 0), .noQuestionsPending(others: 1), .noQuestionsPending(others: 12)]
    all += [.demoUnlocked, .demoKeys, .longHintKey, .generateKey, .generated]
    all += [.nothingToLock, .pressAnyKey, .keysIgnoredWhileChecking, .keysTypedBeforeIgnored]
    all += [.capsLockOn, .capsLockOff, .numLockOff]
    for noun in [Announcement.SecretNoun.passphrase, .pin, .password] {
      all += [.secretEntered(noun), .repeatSecret(noun), .secretsDiffer(noun)]
      all += [.triedAgain(noun, attempt: nil), .triedAgain(noun, attempt: 2), .triedAgain(noun, attempt: 12)]
    }
    all += [.typingShown, .noticeEndsByItself]
    all += [.strength(.weak), .strength(.fair), .strength(.strong)]
    all += [.countless(.entered), .countless(.deleted), .countless(.cleared), .countless(.nothingPasted)]
    all += [.countless(.pasted(someIgnored: false)), .countless(.pasted(someIgnored: true)), .countless(.tooShort)]
    all += [
      .countless(.status(anythingTyped: true, triesLeft: 1)), .countless(.status(anythingTyped: false, triesLeft: nil)),
    ]
    return all
  }()

  /// Callers' sets of characters that a refused key names each way: whole kinds, ranges and single characters
  /// of digits, letters in both cases, capitals and small letters, in lists of one, two and three parts, and
  /// sets said only by their size (one character, a symbol, too many parts).
  package static let customSets: [Set<Unicode.Scalar>] = [
    scalars("0123456789ABCDEF"), scalars("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), scalars("abcdefghijklmnopqrstuvwxyz"),
    scalars("0123456789abcdefABCDEF"), scalars("1234567xyz"), scalars("7Qq"), scalars("0123456789Xa"),
    scalars("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"), scalars("-"), scalars("0-9"),
    scalars("ACEG"), scalars("0123456789+*#"), scalars("äöü"),
  ]

  /// The scalars of a text, as a set.
  private static func scalars(_ text: String) -> Set<Unicode.Scalar> { Set(text.unicodeScalars) }

  /// The number of kinds ``kind(of:)`` tells apart.
  package static let kindCount = 71

  /// The kind of an announcement, as a name; the switch has no default, so a new kind must be named here.
  package static func kind(of announcement: Announcement) -> String {
    switch announcement {
    case .prompt: "prompt"
    case .callerDescription: "callerDescription"
    case .callerError: "callerError"
    case .progress: "progress"
    case .deleted: "deleted"
    case .cleared: "cleared"
    case .pasted: "pasted"
    case .notAllowed: "notAllowed"
    case .notAllowedOutside: "notAllowedOutside"
    case .entryFull: "entryFull"
    case .keyRefusedNotSubmitted: "keyRefusedNotSubmitted"
    case .tooShort: "tooShort"
    case .checking: "checking"
    case .wrong: "wrong"
    case .lockedOut: "lockedOut"
    case .countdown: "countdown"
    case .ready: "ready"
    case .accepted: "accepted"
    case .passcodeSet: "passcodeSet"
    case .storeProblem: "storeProblem"
    case .answerSent: "answerSent"
    case .confirmNew: "confirmNew"
    case .mismatch: "mismatch"
    case .tooWeak: "tooWeak"
    case .cancelled: "cancelled"
    case .timeLeft: "timeLeft"
    case .timedOut: "timedOut"
    case .timeLeftExtendable: "timeLeftExtendable"
    case .timeExtended: "timeExtended"
    case .timeNotExtendable: "timeNotExtendable"
    case .status: "status"
    case .questionsWaiting: "questionsWaiting"
    case .questionWithdrawn: "questionWithdrawn"
    case .questionExpired: "questionExpired"
    case .questionLeft: "questionLeft"
    case .systemdAgentAsksNext: "systemdAgentAsksNext"
    case .keysIgnoredWhileChecking: "keysIgnoredWhileChecking"
    case .keysTypedBeforeIgnored: "keysTypedBeforeIgnored"
    case .diskQuestion: "diskQuestion"
    case .diskUnlocked: "diskUnlocked"
    case .askedAgain: "askedAgain"
    case .triedAgain: "triedAgain"
    case .typingShown: "typingShown"
    case .shownEntry: "shownEntry"
    case .noticeEndsByItself: "noticeEndsByItself"
    case .askerNotReading: "askerNotReading"
    case .socketNotTrusted: "socketNotTrusted"
    case .lockedAgain: "lockedAgain"
    case .failuresNotRecorded: "failuresNotRecorded"
    case .settingsNotTrusted: "settingsNotTrusted"
    case .speakupKeyEchoOn: "speakupKeyEchoOn"
    case .questionSource: "questionSource"
    case .demoCode: "demoCode"
    case .demoUnlocked: "demoUnlocked"
    case .demoKeys: "demoKeys"
    case .nothingToLock: "nothingToLock"
    case .pressAnyKey: "pressAnyKey"
    case .noQuestionsPending: "noQuestionsPending"
    case .secretEntered: "secretEntered"
    case .repeatSecret: "repeatSecret"
    case .secretsDiffer: "secretsDiffer"
    case .confirmationKeys: "confirmationKeys"
    case .longHintKey: "longHintKey"
    case .generateKey: "generateKey"
    case .generated: "generated"
    case .strength: "strength"
    case .notice: "notice"
    case .countless: "countless"
    case .capsLockOn: "capsLockOn"
    case .capsLockOff: "capsLockOff"
    case .numLockOff: "numLockOff"
    }
  }
}
