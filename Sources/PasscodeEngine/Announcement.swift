/// Something the user must be told, as a value with counts and never free text.
///
/// The words are made at the edge, by `AnnouncementCatalogue` in AnnouncementWords; the only texts from outside are the prompt's title,
/// description and error, which the caller chose to show, and background notices, and they are ``SanitizedText``. No case can carry a typed character.
public enum Announcement: Equatable, Hashable, Sendable {
  /// The prompt is shown: its title and, for a fixed length, how many characters it takes.
  case prompt(title: SanitizedText, length: Int?, kind: CharacterKind)
  /// Words the caller supplied to describe the prompt (pinentry's SETDESC), spoken once cleaned.
  case callerDescription(SanitizedText)
  /// An error the caller supplied (pinentry's SETERROR), spoken once cleaned.
  case callerError(SanitizedText)
  /// A character was added.
  case progress(entered: Int, length: Int?, kind: CharacterKind)
  /// The last character was deleted.
  case deleted(entered: Int, length: Int?, kind: CharacterKind)
  /// Every character was deleted.
  case cleared(length: Int?, kind: CharacterKind)
  /// Text was pasted; `ignored` characters were dropped because they were not allowed or did not fit.
  case pasted(entered: Int, length: Int?, kind: CharacterKind, ignored: Int)
  /// A key that is not allowed was pressed, on a prompt of one of the standard sets.
  case notAllowed(CharacterKind)
  /// A key that is not allowed was pressed, on a prompt that takes a caller's own set of characters
  /// (``EntryConfiguration/AllowedCharacters/custom(_:)``): the words name that set, which is the prompt's
  /// configuration, and never the key (`EntryConfiguration.AllowedCharacters.spoken(_:)`).
  case notAllowedOutside(Set<Unicode.Scalar>)
  /// A key came when the entry had no room for it; it was not taken.
  case entryFull
  /// Enter was pressed, or a fixed-length entry filled, after a key was refused: the entry is not what was
  /// typed, so it is not submitted until it is cleared.
  case keyRefusedNotSubmitted
  /// Enter was pressed before the code was long enough.
  case tooShort(minimum: Int, kind: CharacterKind)
  /// The verifier is taking a while.
  case checking
  /// The code was wrong; `triesLeft` is set when a lockout is near.
  case wrong(triesLeft: Int?)
  /// Too many wrong codes: entry is refused for `seconds`.
  case lockedOut(seconds: Int)
  /// A lockout is still running, with `seconds` left.
  case countdown(seconds: Int)
  /// Input is accepted again after a rejection or lockout.
  case ready
  /// The code was right.
  case accepted
  /// A new passcode was stored (`passcode set`).
  case passcodeSet
  /// Why the store cannot be used as it is, and what to do, in the program's own words (a damaged file, a
  /// store that cannot be written): told on every channel, since it is why a prompt will not unlock.
  case storeProblem(SanitizedText)
  /// The code was passed on unchecked (a password agent's answer went to its asker).
  case answerSent
  /// A new passcode was entered once; it must be entered again.
  case confirmNew
  /// The two entries of a new passcode differed.
  case mismatch
  /// The new passcode is too easy to guess.
  case tooWeak
  /// The user cancelled.
  case cancelled
  /// The prompt times out in `seconds`.
  case timeLeft(seconds: Int)
  /// The prompt timed out.
  case timedOut
  /// The prompt times out in `seconds` unless the user asks for more time, and names the key that gives it
  /// (``EntryEvent/moreTime``).
  case timeLeftExtendable(seconds: Int)
  /// The user asked for more time and got it: the time limit starts again, `seconds` long.
  case timeExtended(seconds: Int)
  /// The user asked for more time and none can be given: the extensions are used up, or the deadline is the
  /// asker's (a password agent's `NotAfter=`), which no key moves.
  case timeNotExtendable
  /// The user asked to hear the status again.
  case status(entered: Int, length: Int?, kind: CharacterKind, triesLeft: Int?)
  /// A password agent has `count` questions pending, the one being asked included.
  case questionsWaiting(count: Int)
  /// A password agent found no question to answer; `others` are pending that its `--id` leaves to others.
  case noQuestionsPending(others: Int)
  /// The question being asked was withdrawn by its asker (or answered elsewhere); the entry was wiped.
  case questionWithdrawn
  /// The question being asked passed its asker's deadline; the entry was wiped.
  case questionExpired
  /// The user cancelled, and the question was left unanswered for another agent (`passcode agent
  /// --leave-on-cancel`): its asker is not told, and keeps waiting.
  case questionLeft
  /// The question left for another agent (``questionLeft``) goes to systemd's own agent next, which asks
  /// without speech or counts (`passcode agent --leave-on-cancel`, at boot under dracut).
  case systemdAgentAsksNext
  /// Keys typed while a code was checked, or while its rejection showed, were thrown away: they belong to no
  /// entry, and are not taken into the next one.
  case keysIgnoredWhileChecking
  /// Keys typed before the prompt took the terminal (while a disk's passphrase was checked between two
  /// questions, before the console was opened) were thrown away: none is taken into this entry.
  case keysTypedBeforeIgnored
  /// The same question came back soon after an answer: the answer was not accepted, and this is try
  /// `attempt` (2 after one answer).
  case askedAgain(attempt: Int)
  /// An askpass caller (sudo, ssh) asks again after a wrong answer: "Wrong password. Try 2", or with no try
  /// number when only the caller's own words ("Bad passphrase, try again") say it was wrong.
  case triedAgain(SecretNoun, attempt: Int?)
  /// What is typed in this entry is not a secret (git's "Username for"), so it is shown as typed.
  case typingShown
  /// What is typed in an entry that is not a secret, as typed: "Typed: alice" (the visual cells show it too).
  case shownEntry(SanitizedText)
  /// A caller's notice (ssh's "Confirm user presence") stays until the caller is done, and then ends by itself.
  case noticeEndsByItself
  /// systemd-cryptsetup's passphrase question, from its message and `Id=`: "Passphrase for disk cryptroot
  /// (/dev/vda)"; `device` is `nil` when the name already says it.
  case diskQuestion(name: SanitizedText, device: SanitizedText?)
  /// The disk a password agent answered for was unlocked: its mapping appeared, and it was not asked again.
  case diskUnlocked
  /// The asker's queue stayed full while a password agent's answer or cancel waited: nothing was sent.
  case askerNotReading
  /// The socket a password agent's answer was for is not root's, or is reached through a link: nothing was sent.
  case socketNotTrusted
  /// A prompt that must not be stopped (`lock`) was stopped from outside (SIGSTOP) and continued: it is
  /// locked again, in raw mode, and what was typed before was wiped.
  case lockedAgain
  /// Wrong codes cannot be written to the store (read-only, full): they count only while this prompt's
  /// process runs.
  case failuresNotRecorded
  /// The config file could be changed by another user, so its lockout, length and grace are not used (its
  /// accessibility choices are); said once at the start of every prompt.
  case settingsNotTrusted
  /// Speakup's key echo is on and this process may not turn it off (a user other than root), so Speakup may
  /// speak the keys typed; said once, before the first key.
  case speakupKeyEchoOn
  /// Who asks, from the question's identifier (`cryptsetup:/dev/sda2`): `asker` and, when given, `subject`.
  case questionSource(asker: SanitizedText, subject: SanitizedText?)
  /// A notice from work in the background ("speech-dispatcher is not answering; …"), told apart from the status.
  /// It is shown and not spoken: whoever posts one speaks what needs speaking, or speech is what failed.
  case notice(SanitizedText)
  /// The demo's published code, `length` digits of ``demoDigits``: part of the demo's text, never a typed secret.
  /// It is spoken with digit words ("two five eight zero"), so a count is the only numeral a reader speaks.
  case demoCode(length: Int)
  /// The demo was unlocked; the keys that lock it again or quit.
  case demoUnlocked
  /// A key the demo's unlocked screen does not take was pressed; the keys it takes.
  case demoKeys
  /// `lock` found no passcode to unlock with, so it locks nothing (exit 66), and says how to set one.
  case nothingToLock
  /// Words that must be heard before the program ends were told; any key ends it (``WordsUntilKey``).
  case pressAnyKey

  // pinentry (issue 16)

  /// A pinentry's entry was handed to its caller, unchecked: "Passphrase entered" or "PIN entered".
  case secretEntered(SecretNoun)
  /// A pinentry's new secret was entered once (`SETREPEAT`); it must be entered again.
  case repeatSecret(SecretNoun)
  /// The two entries of a pinentry's new secret differed and the caller gave no words for it.
  case secretsDiffer(SecretNoun)
  /// The keys of a pinentry confirmation, each with its label as a phrase of its own: "Enter: OK." A `nil`
  /// label is the standard one; `notOK` is offered only when set, Esc only when `offersCancel`.
  case confirmationKeys(ok: SanitizedText?, notOK: SanitizedText?, cancel: SanitizedText?, offersCancel: Bool)
  /// The key that reads the caller's long constraints hint, told after the short one.
  case longHintKey
  /// The key that asks the caller to generate a secret (`SETGENPIN`).
  case generateKey
  /// The caller generated a secret and put it in the entry; it is neither spoken nor shown.
  case generated
  /// The strength the caller rated the entry at (`SETQUALITYBAR`), in words.
  case strength(SecretStrength)

  // how much the feedback reveals (issue 25)

  /// Feedback on the entry that carries no count and no length, in place of ``progress(entered:length:kind:)``
  /// and its kin under ``ProgressFeedback/tick`` and ``ProgressFeedback/silent``.
  case countless(CountlessFeedback)
  // The lock keys (issue 25): ``LockKeyHints`` decides when.

  /// Caps Lock is on, on a prompt that takes letters: at the start, or when it was turned on.
  case capsLockOn
  /// Caps Lock was turned off, on a prompt that takes letters.
  case capsLockOff
  /// A digit prompt received a keypad's arrows or other navigation keys: its Num Lock is off. Once a prompt.
  case numLockOff

  /// The demo's published code: `passcode demo --length N` uses its first N digits.
  package static let demoDigits: [UInt8] = Array("258025802580".utf8)

  /// What a pinentry's caller calls the secret it asks for.
  public enum SecretNoun: Equatable, Hashable, Sendable {
    /// A passphrase (the usual case).
    case passphrase
    /// A smartcard PIN.
    case pin
    /// A password (an askpass caller's: sudo, ssh, git).
    case password
  }

  /// A caller's quality rating in words, from gpg-agent's -100...100 scale.
  public enum SecretStrength: Equatable, Hashable, Sendable {
    /// Below 40.
    case weak
    /// 40 to 69.
    case fair
    /// 70 and above.
    case strong

    /// The words for a rating on gpg-agent's scale (negative values mean the constraints are not met).
    ///
    /// - Parameter quality: The agent's number.
    package init(quality: Int) {
      switch quality {
      case ..<40: self = .weak
      case 40..<70: self = .fair
      default: self = .strong
      }
    }
  }

  /// Feedback on the entry that gives no number: what `--progress tick` and `silent` say in place of the
  /// announcements that count.
  public enum CountlessFeedback: Equatable, Hashable, Sendable {
    /// A character was added: "Entered" (tick only).
    case entered
    /// The last character was deleted: "Deleted" (tick only).
    case deleted
    /// Every character was deleted: "Cleared" (tick only).
    case cleared
    /// Text was pasted and some of it entered; `someIgnored` when part of it was not (tick only).
    case pasted(someIgnored: Bool)
    /// A paste entered nothing: none of it was allowed, it did not fit, or it never ended.
    case nothingPasted
    /// Enter was pressed before the code was long enough; the minimum is not said.
    case tooShort
    /// The status (Ctrl-R): whether anything is typed, and the tries left when a lockout is near.
    case status(anythingTyped: Bool, triesLeft: Int?)
  }

  /// What the characters of a code are, which decides the words "digits" or "characters".
  public enum CharacterKind: Equatable, Hashable, Sendable {
    /// Only the digits 0 to 9.
    case digits
    /// ASCII letters and digits.
    case lettersAndDigits
    /// Any other set, such as a passphrase's printable characters.
    case characters
  }

  /// Whether this announcement reports an error, so renderers can mark it with a symbol and colour.
  package var isError: Bool {
    switch self {
    case .wrong, .lockedOut, .mismatch, .tooWeak, .timedOut, .notAllowed, .notAllowedOutside, .tooShort, .callerError,
      .secretsDiffer:
      true
    case .entryFull, .keyRefusedNotSubmitted, .storeProblem: true
    case .countless(.tooShort), .countless(.nothingPasted): true
    case .questionWithdrawn, .questionExpired, .askedAgain, .triedAgain, .askerNotReading, .socketNotTrusted,
      .lockedAgain,
      .failuresNotRecorded, .settingsNotTrusted, .speakupKeyEchoOn, .nothingToLock:
      true
    default: false
    }
  }
}
