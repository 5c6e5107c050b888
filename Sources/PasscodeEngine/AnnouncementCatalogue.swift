/// The one table of words that announcements are spoken and shown with (ACCESSIBILITY.md §5).
///
/// Every phrase is a template with `{name}` placeholders filled only with counts, durations and the
/// caller's title. Replace the table to localise the program.
public struct AnnouncementCatalogue: Sendable {
  /// The templates, keyed by phrase name. ``english`` lists every key.
  public var phrases: [String: String]

  /// Creates a catalogue from a table of templates.
  ///
  /// - Parameter phrases: Templates keyed as in ``english``.
  public init(phrases: [String: String]) {
    self.phrases = phrases
  }

  /// The default English wording.
  public static let english = AnnouncementCatalogue(phrases: [
    "prompt.fixed": "{title}, {length} {units}",
    "prompt.variable": "{title}",
    "progress.fixed": "{entered} of {length} {units} entered",
    "progress.variable": "{entered} {enteredUnits} entered",
    "deleted": "Deleted, {progress}",
    "cleared": "Cleared, {progress}",
    "pasted": "Pasted, {progress}",
    "pasted.ignored": "Pasted, {progress}, {ignored} ignored",
    "notAllowed.digits": "Digits only",
    "notAllowed.lettersAndDigits": "Letters and digits only",
    "notAllowed.characters": "Not allowed",
    "tooShort": "At least {minimum} {units}",
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
    "timedOut": "Timed out",
    "status": "{progress}",
    "status.triesLeft": "{progress}, {tries}",
    "questionsWaiting.one": "1 question waiting",
    "questionsWaiting.other": "{count} questions waiting",
    "questionWithdrawn": "Question withdrawn",
    "questionExpired": "Question timed out",
    "askedAgain": "Asked again: the last passphrase was not accepted",
    "questionSource": "Asked by {asker}",
    "questionSource.subject": "Asked by {asker} for {subject}",
    "tries.one": "1 try left",
    "tries.other": "{count} tries left",
    "unit.digit.one": "digit",
    "unit.digit.other": "digits",
    "unit.character.one": "character",
    "unit.character.other": "characters",
    "hour.one": "1 hour",
    "hour.other": "{count} hours",
    "minute.one": "1 minute",
    "minute.other": "{count} minutes",
    "second.one": "1 second",
    "second.other": "{count} seconds",
    "demo.code": "The passcode is {code}",
    "demo.unlocked": "Unlocked. Press L to lock again or Q to quit.",
    "demo.keys": "Press L to lock again or Q to quit.",
    "digit.0": "zero", "digit.1": "one", "digit.2": "two", "digit.3": "three", "digit.4": "four",
    "digit.5": "five", "digit.6": "six", "digit.7": "seven", "digit.8": "eight", "digit.9": "nine",
    // pinentry (issue 16)
    "pinentry.entered.passphrase": "Passphrase entered",
    "pinentry.entered.pin": "PIN entered",
    "pinentry.repeat.passphrase": "Enter the same passphrase again",
    "pinentry.repeat.pin": "Enter the same PIN again",
    "pinentry.differ.passphrase": "Passphrases did not match. Start again",
    "pinentry.differ.pin": "PINs did not match. Start again",
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
  ])

  /// The words for an announcement.
  ///
  /// - Parameter announcement: What to say.
  /// - Returns: The text to speak or show.
  public func text(for announcement: Announcement) -> String {
    switch announcement {
    case let .prompt(title, length?, kind):
      fill("prompt.fixed", ["title": title.text, "length": "\(length)", "units": units(kind, count: length)])
    case let .prompt(title, nil, _):
      fill("prompt.variable", ["title": title.text])
    case let .callerDescription(text), let .callerError(text):
      text.text
    case let .progress(entered, length, kind):
      progress(entered: entered, length: length, kind: kind)
    case let .deleted(entered, length, kind):
      fill("deleted", ["progress": progress(entered: entered, length: length, kind: kind)])
    case let .cleared(length, kind):
      fill("cleared", ["progress": progress(entered: 0, length: length, kind: kind)])
    case let .pasted(entered, length, kind, ignored):
      fill(
        ignored > 0 ? "pasted.ignored" : "pasted",
        ["progress": progress(entered: entered, length: length, kind: kind), "ignored": "\(ignored)"])
    case .notAllowed(.digits): fill("notAllowed.digits", [:])
    case .notAllowed(.lettersAndDigits): fill("notAllowed.lettersAndDigits", [:])
    case .notAllowed(.characters): fill("notAllowed.characters", [:])
    case let .tooShort(minimum, kind):
      fill("tooShort", ["minimum": "\(minimum)", "units": units(kind, count: minimum)])
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
    case let .status(entered, length, kind, nil):
      fill("status", ["progress": progress(entered: entered, length: length, kind: kind)])
    case let .status(entered, length, kind, tries?):
      fill(
        "status.triesLeft",
        ["progress": progress(entered: entered, length: length, kind: kind), "tries": triesLeft(tries)])
    case let .questionsWaiting(count): plural("questionsWaiting", count)
    case .questionWithdrawn: fill("questionWithdrawn", [:])
    case .questionExpired: fill("questionExpired", [:])
    case .askedAgain: fill("askedAgain", [:])
    case let .questionSource(asker, nil): fill("questionSource", ["asker": asker.text])
    case let .questionSource(asker, subject?):
      fill("questionSource.subject", ["asker": asker.text, "subject": subject.text])
    case let .demoCode(length):
      fill("demo.code", ["code": digitWords(Announcement.demoDigits.prefix(max(length, 0)))])
    case .demoUnlocked: fill("demo.unlocked", [:])
    case .demoKeys: fill("demo.keys", [:])
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
    }
  }

  /// The words for an announcement as a sighted user reads them on screen: the same as ``text(for:)``, except
  /// that the demo's code is shown in numerals ("The passcode is 2580").
  ///
  /// - Parameter announcement: What to show.
  /// - Returns: The text to show.
  public func screenText(for announcement: Announcement) -> String {
    guard case let .demoCode(length) = announcement else { return text(for: announcement) }
    let numerals = String(decoding: Announcement.demoDigits.prefix(max(length, 0)), as: UTF8.self)
    return fill("demo.code", ["code": numerals])
  }

  /// A duration in words, largest units first, without zero parts: "1 hour 5 minutes", "30 seconds".
  ///
  /// - Parameter seconds: The duration in whole seconds; values below 1 read as "1 second".
  /// - Returns: The words.
  public func duration(seconds: Int) -> String {
    let total = max(seconds, 1)
    let hours = total / 3600
    let minutes = total % 3600 / 60
    let rest = total % 60
    var parts: [String] = []
    if hours > 0 { parts.append(plural("hour", hours)) }
    if minutes > 0 { parts.append(plural("minute", minutes)) }
    if rest > 0 { parts.append(plural("second", rest)) }
    return parts.joined(separator: " ")
  }

  private func progress(entered: Int, length: Int?, kind: Announcement.CharacterKind) -> String {
    if let length {
      return fill(
        "progress.fixed", ["entered": "\(entered)", "length": "\(length)", "units": units(kind, count: length)])
    }
    return fill("progress.variable", ["entered": "\(entered)", "enteredUnits": units(.characters, count: entered)])
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

  private func key(_ noun: Announcement.SecretNoun) -> String {
    noun == .pin ? "pin" : "passphrase"
  }

  private func units(_ kind: Announcement.CharacterKind, count: Int) -> String {
    let base = kind == .digits ? "unit.digit" : "unit.character"
    return fill(count == 1 ? "\(base).one" : "\(base).other", [:])
  }

  private func triesLeft(_ count: Int) -> String {
    plural("tries", count)
  }

  private func plural(_ key: String, _ count: Int) -> String {
    fill(count == 1 ? "\(key).one" : "\(key).other", ["count": "\(count)"])
  }

  private func fill(_ key: String, _ values: [String: String]) -> String {
    var text = phrases[key] ?? Self.english.phrases[key] ?? key
    for (name, value) in values {
      text = text.replacingPlaceholder("{\(name)}", with: value)
    }
    return text
  }
}

extension String {
  fileprivate func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
    var result = ""
    var rest = self[...]
    while let range = rest.range(ofPlaceholder: placeholder) {
      result += rest[..<range.lowerBound]
      result += value
      rest = rest[range.upperBound...]
    }
    result += rest
    return result
  }
}

extension Substring {
  fileprivate func range(ofPlaceholder placeholder: String) -> Range<Index>? {
    var index = startIndex
    while index < endIndex {
      if self[index...].hasPrefix(placeholder) {
        return index..<self.index(index, offsetBy: placeholder.count)
      }
      index = self.index(after: index)
    }
    return nil
  }
}
