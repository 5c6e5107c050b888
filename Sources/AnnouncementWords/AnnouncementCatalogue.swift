import PasscodeEngine
import PasscodeLocalization

/// The one table of words that announcements are spoken and shown with (Docs/Accessibility.md §5): the screen,
/// speech, braille and the `passcode` command all take their words from it, each announcement's once
/// (``phrase(for:)``), and share them.
///
/// Every phrase is an English template with `{name}` placeholders filled only with counts, durations and
/// the caller's title. The English text is also the gettext message identifier: ``current`` looks each one
/// up in the user's language (``Localization``), and a phrase with no translation stays English. Phrases
/// that depend on a count come in pairs, `KEY.one` and `KEY.other`, looked up together with `ngettext`, so
/// each language applies its own plural rule to the whole phrase ("1 de 6 dígitos introducidos").
package struct AnnouncementCatalogue: Sendable {
  /// The English templates, keyed by phrase name. ``english`` lists every key.
  package var phrases: [String: String]
  /// Whether the templates are looked up in the user's language before being filled.
  package var isTranslated: Bool

  /// Creates a catalogue from a table of templates.
  ///
  /// - Parameters:
  ///   - phrases: Templates keyed as in ``english``.
  ///   - isTranslated: Whether to look each template up in the user's language; no by default.
  package init(phrases: [String: String], isTranslated: Bool = false) {
    self.phrases = phrases
    self.isTranslated = isTranslated
  }

  /// The English words in the user's language: what the program speaks and shows.
  package static var current: AnnouncementCatalogue {
    AnnouncementCatalogue(phrases: english.phrases, isTranslated: true)
  }

  /// The language the words are in, for speech's voice (`es`); `en` for English.
  package var language: String {
    isTranslated ? Localization.language : "en"
  }

  /// The default English wording, untranslated.
  package static let english = AnnouncementCatalogue(phrases: [
    "prompt.fixed.digits.one": "{title}, {length} digit",
    "prompt.fixed.digits.other": "{title}, {length} digits",
    "prompt.fixed.characters.one": "{title}, {length} character",
    "prompt.fixed.characters.other": "{title}, {length} characters",
    "prompt.variable": "{title}",
    "progress.fixed.digits.one": "{entered} of {length} digit entered",
    "progress.fixed.digits.other": "{entered} of {length} digits entered",
    "progress.fixed.characters.one": "{entered} of {length} character entered",
    "progress.fixed.characters.other": "{entered} of {length} characters entered",
    "progress.variable.one": "{entered} character entered",
    "progress.variable.other": "{entered} characters entered",
    "deleted": "Deleted, {progress}",
    "cleared": "Cleared, {progress}",
    "pasted": "Pasted, {progress}",
    "pasted.ignored.one": "Pasted, {progress}, {ignored} ignored",
    "pasted.ignored.other": "Pasted, {progress}, {ignored} ignored",
    "notAllowed.digits": "Digits only",
    "notAllowed.lettersAndDigits": "Letters and digits only",
    "notAllowed.characters": "Not allowed",
    // A caller's own set (`--allowed 0-9A-F`): "Only digits and the capital letters A to F".
    "notAllowed.custom": "Only {allowed}",
    "notAllowed.custom.unsaid.one": "Only the {count} character this prompt was set up with",
    "notAllowed.custom.unsaid.other": "Only the {count} characters this prompt was set up with",
    "allowed.list.two": "{first} and {second}",
    "allowed.list.three": "{first}, {second} and {third}",
    "allowed.digits.whole": "digits",
    "allowed.digits.range": "the digits {first} to {last}",
    "allowed.digits.single": "the digit {first}",
    "allowed.letters.whole": "letters",
    "allowed.letters.range": "the letters {first} to {last}",
    "allowed.letters.single": "the letter {first}",
    "allowed.capitals.whole": "capital letters",
    "allowed.capitals.range": "the capital letters {first} to {last}",
    "allowed.capitals.single": "the capital letter {first}",
    "allowed.smallLetters.whole": "small letters",
    "allowed.smallLetters.range": "the small letters {first} to {last}",
    "allowed.smallLetters.single": "the small letter {first}",
    "entryFull": "Full, key not taken",
    "keyRefusedNotSubmitted": "Not submitted: a key was not taken. Press Ctrl-U to clear, then type it again",
    "tooShort.digits.one": "At least {minimum} digit",
    "tooShort.digits.other": "At least {minimum} digits",
    "tooShort.characters.one": "At least {minimum} character",
    "tooShort.characters.other": "At least {minimum} characters",
    "passcodeSet": "Passcode set.",
    "checking": "Checking",
    "wrong": "Wrong passcode",
    "wrong.triesLeft": "Wrong passcode, {tries}",
    "lockedOut": "Too many tries. Try again in {duration}",
    "countdown": "Try again in {duration}",
    "ready": "Ready",
    "accepted": "Passcode accepted",
    "answerSent": "Answer sent",
    "confirmNew": "Enter the same passcode again",
    "mismatch": "Passcodes did not match. Start again",
    "tooWeak": "Too easy to guess. Choose another",
    "cancelled": "Cancelled",
    "timeLeft": "{duration} left",
    "timedOut": "Time is up",
    "timeLeftExtendable": "{duration} left. Press Tab for more time.",
    "timeExtended": "More time: {duration} left",
    "timeNotExtendable": "No more time can be given",
    "status": "{progress}",
    "status.triesLeft": "{progress}, {tries}",
    "questionsWaiting.one": "{count} question waiting",
    "questionsWaiting.other": "{count} questions waiting",
    "noQuestions": "No questions are pending",
    "noQuestions.others.one": "No questions for this agent; {count} other question is pending",
    "noQuestions.others.other": "No questions for this agent; {count} other questions are pending",
    "questionWithdrawn": "Question withdrawn",
    "questionExpired": "Question timed out",
    "questionLeft": "Question left for another agent",
    "systemdAgentAsksNext": "systemd's own prompt asks next, without speech or counts",
    "keysIgnoredWhileChecking": "Keys typed while checking were ignored",
    "keysTypedBeforeIgnored": "Keys typed before this question were ignored",
    "askedAgain": "Wrong passphrase. Try {attempt}",
    "triedAgain.passphrase": "Wrong passphrase",
    "triedAgain.password": "Wrong password",
    "triedAgain.password.attempt": "Wrong password. Try {attempt}",
    "triedAgain.pin": "Wrong PIN",
    "triedAgain.pin.attempt": "Wrong PIN. Try {attempt}",
    "typingShown": "What you type here is shown on screen",
    "shownEntry": "Typed: {text}",
    "noticeEndsByItself": "This notice ends by itself when the program is done",
    "diskQuestion": "Passphrase for disk {name}",
    "diskQuestion.device": "Passphrase for disk {name} ({device})",
    "diskUnlocked": "Disk unlocked",
    "askerNotReading": "The asker is not reading: nothing was sent",
    "socketNotTrusted": "The asker's socket cannot be trusted: nothing was sent",
    "lockedAgain": "Locked again after a stop, entry cleared",
    "failuresNotRecorded": "Failures cannot be recorded; they count only while this lock runs",
    "settingsNotTrusted":
      "Others could change your config file, so its lockout, length and grace are not used; passcode doctor says why",
    "speakupKeyEchoOn":
      "Speakup may speak the keys you type: only root can turn its key echo off; passcode doctor says how",
    "questionSource": "Asked by {asker}",
    "questionSource.subject": "Asked by {asker} for {subject}",
    "tries.one": "{count} try left",
    "tries.other": "{count} tries left",
    "hour.one": "{count} hour",
    "hour.other": "{count} hours",
    "minute.one": "{count} minute",
    "minute.other": "{count} minutes",
    "second.one": "{count} second",
    "second.other": "{count} seconds",
    "duration.separator": " ",
    "demo.code": "The passcode is {code}",
    "demo.unlocked": "Unlocked. Press L to lock again or Q to quit.",
    "demo.keys": "Press L to lock again or Q to quit.",
    "lock.nothingToLock": "No passcode is set, so nothing is locked. Set one with 'passcode set'.",
    "pressAnyKey": "Press any key to go on.",
    "digit.0": "zero", "digit.1": "one", "digit.2": "two", "digit.3": "three", "digit.4": "four",
    "digit.5": "five", "digit.6": "six", "digit.7": "seven", "digit.8": "eight", "digit.9": "nine",
    // The pinentry's words.
    "pinentry.entered.passphrase": "Passphrase entered",
    "pinentry.entered.pin": "PIN entered",
    "pinentry.entered.password": "Password entered",
    "pinentry.repeat.passphrase": "Enter the same passphrase again",
    "pinentry.repeat.pin": "Enter the same PIN again",
    "pinentry.repeat.password": "Enter the same password again",
    "pinentry.differ.passphrase": "Passphrases did not match. Start again",
    "pinentry.differ.pin": "PINs did not match. Start again",
    "pinentry.differ.password": "Passwords did not match. Start again",
    "pinentry.key.ok": "Enter: {label}.",
    "pinentry.key.notOK": "N: {label}.",
    "pinentry.key.cancel": "Esc: {label}.",
    "pinentry.label.ok": "OK",
    "pinentry.label.cancel": "Cancel",
    "pinentry.longHintKey": "Ctrl-R reads the rules in full.",
    "pinentry.generateKey": "Ctrl-G generates a passphrase.",
    "pinentry.generated": "Passphrase generated",
    "pinentry.strength.weak": "Strength: weak",
    "pinentry.strength.fair": "Strength: fair",
    "pinentry.strength.strong": "Strength: strong",
    // Feedback without counts (`--progress tick` and `silent`).
    "countless.entered": "Entered",
    "countless.deleted": "Deleted",
    "countless.cleared": "Cleared",
    "countless.pasted": "Pasted",
    "countless.pasted.someIgnored": "Pasted, some left out",
    "countless.nothingPasted": "Nothing pasted",
    "countless.tooShort": "Too short",
    "countless.status.something": "Something typed",
    "countless.status.nothing": "Nothing typed",
    // The lock keys.
    "capsLock.on": "Caps Lock is on",
    "capsLock.off": "Caps Lock is off",
    "numLock.off": "Num Lock is off: the keypad sends arrows",
  ])

  /// An announcement with its words, looked up once, to be shown and spoken alike.
  ///
  /// - Parameter announcement: What to say.
  /// - Returns: The phrase.
  package func phrase(for announcement: Announcement) -> Phrase {
    Phrase(announcement, words: text(for: announcement))
  }

  /// The words for an announcement.
  ///
  /// - Parameter announcement: What to say.
  /// - Returns: The text to speak or show.
  package func text(for announcement: Announcement) -> String {
    switch announcement {
    case let .prompt(title, length?, kind):
      plural("prompt.fixed.\(unitName(kind))", length, ["title": title.text, "length": "\(length)"])
    case let .prompt(title, nil, _):
      fill("prompt.variable", ["title": title.text])
    case let .callerDescription(text), let .callerError(text), let .notice(text), let .storeProblem(text):
      text.text
    case .passcodeSet: fill("passcodeSet", [:])
    case let .progress(entered, length, kind):
      progress(entered: entered, length: length, kind: kind)
    case let .deleted(entered, length, kind):
      fill("deleted", ["progress": progress(entered: entered, length: length, kind: kind)])
    case let .cleared(length, kind):
      fill("cleared", ["progress": progress(entered: 0, length: length, kind: kind)])
    case let .pasted(entered, length, kind, ignored):
      ignored > 0
        ? plural(
          "pasted.ignored", ignored,
          ["progress": progress(entered: entered, length: length, kind: kind), "ignored": "\(ignored)"])
        : fill("pasted", ["progress": progress(entered: entered, length: length, kind: kind)])
    case .notAllowed(.digits): fill("notAllowed.digits", [:])
    case .notAllowed(.lettersAndDigits): fill("notAllowed.lettersAndDigits", [:])
    case .notAllowed(.characters): fill("notAllowed.characters", [:])
    case let .notAllowedOutside(set): onlyAllowed(EntryConfiguration.AllowedCharacters.spoken(set))
    case .entryFull: fill("entryFull", [:])
    case .keyRefusedNotSubmitted: fill("keyRefusedNotSubmitted", [:])
    case let .tooShort(minimum, kind):
      plural("tooShort.\(unitName(kind))", minimum, ["minimum": "\(minimum)"])
    case .checking: fill("checking", [:])
    case .wrong(nil): fill("wrong", [:])
    case let .wrong(tries?): fill("wrong.triesLeft", ["tries": triesLeft(tries)])
    case let .lockedOut(seconds): fill("lockedOut", ["duration": duration(seconds: seconds)])
    case let .countdown(seconds): fill("countdown", ["duration": duration(seconds: seconds)])
    case .ready: fill("ready", [:])
    case .accepted: fill("accepted", [:])
    case .answerSent: fill("answerSent", [:])
    case .confirmNew: fill("confirmNew", [:])
    case .mismatch: fill("mismatch", [:])
    case .tooWeak: fill("tooWeak", [:])
    case .cancelled: fill("cancelled", [:])
    case let .timeLeft(seconds): fill("timeLeft", ["duration": duration(seconds: seconds)])
    case .timedOut: fill("timedOut", [:])
    case let .timeLeftExtendable(seconds): fill("timeLeftExtendable", ["duration": duration(seconds: seconds)])
    case let .timeExtended(seconds): fill("timeExtended", ["duration": duration(seconds: seconds)])
    case .timeNotExtendable: fill("timeNotExtendable", [:])
    case let .status(entered, length, kind, nil):
      fill("status", ["progress": progress(entered: entered, length: length, kind: kind)])
    case let .status(entered, length, kind, tries?):
      fill(
        "status.triesLeft",
        ["progress": progress(entered: entered, length: length, kind: kind), "tries": triesLeft(tries)])
    case let .questionsWaiting(count): plural("questionsWaiting", count)
    case .noQuestionsPending(others: 0): fill("noQuestions", [:])
    case let .noQuestionsPending(others): plural("noQuestions.others", others)
    case .questionWithdrawn: fill("questionWithdrawn", [:])
    case .questionExpired: fill("questionExpired", [:])
    case .questionLeft: fill("questionLeft", [:])
    case .systemdAgentAsksNext: fill("systemdAgentAsksNext", [:])
    case .keysIgnoredWhileChecking: fill("keysIgnoredWhileChecking", [:])
    case .keysTypedBeforeIgnored: fill("keysTypedBeforeIgnored", [:])
    case let .askedAgain(attempt), let .triedAgain(.passphrase, attempt?): fill("askedAgain", ["attempt": "\(attempt)"])
    case let .triedAgain(noun, nil): fill("triedAgain.\(key(noun))", [:])
    case let .triedAgain(noun, attempt?): fill("triedAgain.\(key(noun)).attempt", ["attempt": "\(attempt)"])
    case .typingShown: fill("typingShown", [:])
    case let .shownEntry(text): fill("shownEntry", ["text": text.text])
    case .noticeEndsByItself: fill("noticeEndsByItself", [:])
    case let .diskQuestion(name, nil): fill("diskQuestion", ["name": name.text])
    case let .diskQuestion(name, device?): fill("diskQuestion.device", ["name": name.text, "device": device.text])
    case .diskUnlocked: fill("diskUnlocked", [:])
    case .askerNotReading: fill("askerNotReading", [:])
    case .socketNotTrusted: fill("socketNotTrusted", [:])
    case .lockedAgain: fill("lockedAgain", [:])
    case .failuresNotRecorded: fill("failuresNotRecorded", [:])
    case .settingsNotTrusted: fill("settingsNotTrusted", [:])
    case .speakupKeyEchoOn: fill("speakupKeyEchoOn", [:])
    case let .questionSource(asker, nil): fill("questionSource", ["asker": asker.text])
    case let .questionSource(asker, subject?):
      fill("questionSource.subject", ["asker": asker.text, "subject": subject.text])
    case let .demoCode(length):
      fill("demo.code", ["code": digitWords(Announcement.demoDigits.prefix(max(length, 0)))])
    case .demoUnlocked: fill("demo.unlocked", [:])
    case .demoKeys: fill("demo.keys", [:])
    case .nothingToLock: fill("lock.nothingToLock", [:])
    case .pressAnyKey: fill("pressAnyKey", [:])
    // pinentry (issue 16)
    case let .secretEntered(noun): fill("pinentry.entered.\(key(noun))", [:])
    case let .repeatSecret(noun): fill("pinentry.repeat.\(key(noun))", [:])
    case let .secretsDiffer(noun): fill("pinentry.differ.\(key(noun))", [:])
    case let .confirmationKeys(ok, notOK, cancel, offersCancel):
      confirmationKeys(ok: ok, notOK: notOK, cancel: cancel, offersCancel: offersCancel)
    case .longHintKey: fill("pinentry.longHintKey", [:])
    case .generateKey: fill("pinentry.generateKey", [:])
    case .generated: fill("pinentry.generated", [:])
    case .strength(.weak): fill("pinentry.strength.weak", [:])
    case .strength(.fair): fill("pinentry.strength.fair", [:])
    case .strength(.strong): fill("pinentry.strength.strong", [:])
    case let .countless(feedback): countless(feedback)
    case .capsLockOn: fill("capsLock.on", [:])
    case .capsLockOff: fill("capsLock.off", [:])
    case .numLockOff: fill("numLock.off", [:])
    }
  }

  /// The words for an announcement as a sighted user reads them on screen: the same as ``text(for:)``, except
  /// that the demo's code is shown in numerals ("The passcode is 2580").
  ///
  /// - Parameter announcement: What to show.
  /// - Returns: The text to show.
  package func screenText(for announcement: Announcement) -> String {
    screenText(for: phrase(for: announcement))
  }

  /// The words of a phrase as a sighted user reads them on screen: its words, except that the demo's code is
  /// shown in numerals; nothing else is looked up again.
  ///
  /// - Parameter phrase: What to show, with its words from ``phrase(for:)``.
  /// - Returns: The text to show.
  package func screenText(for phrase: Phrase) -> String {
    guard case let .demoCode(length) = phrase.announcement else { return phrase.words }
    let numerals = String(decoding: Announcement.demoDigits.prefix(max(length, 0)), as: UTF8.self)
    return fill("demo.code", ["code": numerals])
  }

  /// A duration in words, largest units first, without zero parts: "1 hour 5 minutes", "30 seconds".
  ///
  /// - Parameter seconds: The duration in whole seconds; values below 1 read as "1 second".
  /// - Returns: The words.
  package func duration(seconds: Int) -> String {
    let total = max(seconds, 1)
    let hours = total / 3600
    let minutes = total % 3600 / 60
    let rest = total % 60
    var parts: [String] = []
    if hours > 0 { parts.append(plural("hour", hours)) }
    if minutes > 0 { parts.append(plural("minute", minutes)) }
    if rest > 0 { parts.append(plural("second", rest)) }
    return parts.joined(separator: fill("duration.separator", [:]))
  }

  private func progress(entered: Int, length: Int?, kind: Announcement.CharacterKind) -> String {
    if let length {
      return plural("progress.fixed.\(unitName(kind))", length, ["entered": "\(entered)", "length": "\(length)"])
    }
    return plural("progress.variable", entered, ["entered": "\(entered)"])
  }

  /// The words of feedback that carries no count: a fixed phrase each, the tries left after the status.
  private func countless(_ feedback: Announcement.CountlessFeedback) -> String {
    let key: String
    switch feedback {
    case .entered: key = "countless.entered"
    case .deleted: key = "countless.deleted"
    case .cleared: key = "countless.cleared"
    case .pasted(someIgnored: false): key = "countless.pasted"
    case .pasted(someIgnored: true): key = "countless.pasted.someIgnored"
    case .nothingPasted: key = "countless.nothingPasted"
    case .tooShort: key = "countless.tooShort"
    case let .status(anythingTyped, tries):
      let typed = fill(anythingTyped ? "countless.status.something" : "countless.status.nothing", [:])
      guard let tries else { return fill("status", ["progress": typed]) }
      return fill("status.triesLeft", ["progress": typed, "tries": triesLeft(tries)])
    }
    return fill(key, [:])
  }

  /// What a refused key says on a prompt of a caller's set: its parts joined as a list, or how many characters
  /// it takes when the parts cannot be heard in a few words.
  private func onlyAllowed(_ spoken: EntryConfiguration.AllowedCharacters.SpokenSet) -> String {
    switch spoken {
    case let .unsaid(count): return plural("notAllowed.custom.unsaid", count)
    case let .parts(parts):
      let words = parts.map(part)
      let list: String
      switch words.count {
      case 0, 1: list = words.first ?? ""
      case 2: list = fill("allowed.list.two", ["first": words[0], "second": words[1]])
      default:
        list = fill("allowed.list.three", ["first": words[0], "second": words[1], "third": words[2]])
      }
      return fill("notAllowed.custom", ["allowed": list])
    }
  }

  /// One part of a caller's set: "digits", "the capital letters A to F", "the letter x".
  private func part(_ part: EntryConfiguration.AllowedCharacters.SpokenPart) -> String {
    let kind: String
    switch part.kind {
    case .digits: kind = "digits"
    case .letters: kind = "letters"
    case .capitals: kind = "capitals"
    case .smallLetters: kind = "smallLetters"
    }
    if part.isWhole { return fill("allowed.\(kind).whole", [:]) }
    let ends = ["first": String(part.first), "last": String(part.last)]
    return fill(part.first == part.last ? "allowed.\(kind).single" : "allowed.\(kind).range", ends)
  }

  /// ASCII digits as words, one word per digit: "two five eight zero".
  private func digitWords(_ digits: ArraySlice<UInt8>) -> String {
    digits.map { fill("digit.\(Character(Unicode.Scalar($0)))", [:]) }.joined(separator: " ")
  }

  /// "Enter: {ok}. N: {not OK}. Esc: {cancel}.", each label a phrase of its own after its key.
  private func confirmationKeys(
    ok: SanitizedText?, notOK: SanitizedText?, cancel: SanitizedText?, offersCancel: Bool
  ) -> String {
    var phrases = [fill("pinentry.key.ok", ["label": ok?.text ?? fill("pinentry.label.ok", [:])])]
    if let notOK { phrases.append(fill("pinentry.key.notOK", ["label": notOK.text])) }
    if offersCancel {
      phrases.append(fill("pinentry.key.cancel", ["label": cancel?.text ?? fill("pinentry.label.cancel", [:])]))
    }
    return phrases.joined(separator: " ")
  }

  /// The noun's part of a phrase key.
  private func key(_ noun: Announcement.SecretNoun) -> String {
    switch noun {
    case .pin: "pin"
    case .passphrase: "passphrase"
    case .password: "password"
    }
  }

  /// The word for what a code is made of in phrase keys: digits, or characters for every other set.
  private func unitName(_ kind: Announcement.CharacterKind) -> String {
    kind == .digits ? "digits" : "characters"
  }

  private func triesLeft(_ count: Int) -> String {
    plural("tries", count)
  }

  /// A phrase pair `KEY.one`/`KEY.other` in the form for `count`, filled with `count` and `values`.
  private func plural(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> String {
    let singular = template("\(key).one")
    let plural = template("\(key).other")
    let text =
      isTranslated
      ? Localization.pluralTemplate(singular: singular, plural: plural, count: count)
      : Localization.untranslated(singular: singular, plural: plural, count: count)
    return filling(text, values.merging(["count": "\(count)"]) { given, _ in given })
  }

  private func fill(_ key: String, _ values: [String: String]) -> String {
    let text = isTranslated ? Localization.text(template(key)) : template(key)
    return filling(text, values)
  }

  /// The English template of a key; a key missing from a replaced table falls back to ``english``'s. A key that
  /// ``english`` lacks too is a mistake in this file, which the tests' walk of every announcement in every
  /// language finds: a debug build stops at it, and a release build says nothing rather than the key's name.
  private func template(_ key: String) -> String {
    if let template = phrases[key] ?? Self.english.phrases[key] { return template }
    assertionFailure("the catalogue has no phrase for \(key)")
    return ""
  }

  private func filling(_ template: String, _ values: [String: String]) -> String {
    Placeholders.fill(template, values)
  }
}

extension Announcer {
  /// Delivers an announcement that nothing shows, with its words from `catalogue`; an announcement that is
  /// also shown takes the words made for the screen instead (``AnnouncementCatalogue/phrase(for:)``).
  ///
  /// - Parameters:
  ///   - announcement: What to say.
  ///   - catalogue: The words; English in the user's language.
  package func announce(_ announcement: Announcement, in catalogue: AnnouncementCatalogue = .current) {
    announce(catalogue.phrase(for: announcement))
  }
}
