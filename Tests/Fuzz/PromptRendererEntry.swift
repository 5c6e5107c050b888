// libFuzzer entry for the prompt renderer (built by .ci/fuzz, not by SwiftPM).
//
// The input picks a width from 0 to 400 (at start and after a resize), a profile, a display and an
// announcement of any kind, its counts and its caller texts (through the sanitiser). Properties checked on
// every input: rendering returns and never traps; the renderer renders for at least ten columns; every
// status row is shorter than the width rendered for, holds no line break, and the rows keep every character
// of the message; the screen-reader and plain profiles write no escape byte.

/// Reads the fuzzer's bytes as choices; past the end every choice is 0.
private struct Choices {
  let bytes: UnsafeRawBufferPointer
  var index = 0

  mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// A number in `range`, from two bytes.
  mutating func number(_ range: ClosedRange<Int>) -> Int {
    let raw = Int(byte()) << 8 | Int(byte())
    return range.lowerBound + raw % (range.count)
  }

  /// A caller's text: a length byte, then that many bytes, cleaned as every outside text is.
  mutating func text() -> SanitizedText {
    let length = min(Int(byte()) * 2, bytes.count - min(index, bytes.count))
    defer { index += length }
    return SanitizedText(bytes: UnsafeRawBufferPointer(rebasing: bytes[index..<index + length]))
  }

  mutating func optionalText() -> SanitizedText? { byte() & 1 == 0 ? nil : text() }
  mutating func length() -> Int? { byte() & 1 == 0 ? nil : number(0...1000) }
  mutating func kind() -> Announcement.CharacterKind { [.digits, .lettersAndDigits, .characters][Int(byte()) % 3] }
  mutating func noun() -> Announcement.SecretNoun { byte() & 1 == 0 ? .passphrase : .pin }
  mutating func countless() -> Announcement.CountlessFeedback {
    switch byte() % 7 {
    case 0: .entered
    case 1: .deleted
    case 2: .cleared
    case 3: .pasted(someIgnored: byte() & 1 == 1)
    case 4: .nothingPasted
    case 5: .tooShort
    default: .status(anythingTyped: byte() & 1 == 1, triesLeft: byte() & 1 == 0 ? nil : number(0...100))
    }
  }

  /// An announcement of any kind, with counts in the ranges the engine and its callers use.
  mutating func announcement() -> Announcement {
    switch byte() % 64 {
    case 0: return .prompt(title: text(), length: length(), kind: kind())
    case 1: return .callerDescription(text())
    case 2: return .callerError(text())
    case 3: return .progress(entered: number(0...1000), length: length(), kind: kind())
    case 4: return .deleted(entered: number(0...1000), length: length(), kind: kind())
    case 5: return .cleared(length: length(), kind: kind())
    case 6:
      return .pasted(entered: number(0...1000), length: length(), kind: kind(), ignored: number(0...65_535) << 5)
    case 7: return .notAllowed(kind())
    case 8: return .tooShort(minimum: number(1...1000), kind: kind())
    case 9: return .checking
    case 10: return .wrong(triesLeft: byte() & 1 == 0 ? nil : number(0...100))
    case 11: return .lockedOut(seconds: number(0...65_535) * 60)
    case 12: return .countdown(seconds: number(0...65_535) * 60)
    case 13: return .ready
    case 14: return .accepted
    case 15: return .answerSent
    case 16: return .confirmNew
    case 17: return .mismatch
    case 18: return .tooWeak
    case 19: return .cancelled
    case 20: return .timeLeft(seconds: number(0...65_535))
    case 21: return .timedOut
    case 22:
      return .status(
        entered: number(0...1000), length: length(), kind: kind(), triesLeft: byte() & 1 == 0 ? nil : number(0...100))
    case 23: return .questionsWaiting(count: number(1...1000))
    case 24: return .questionWithdrawn
    case 25: return .questionExpired
    case 26: return .askedAgain(attempt: number(2...100))
    case 27: return .questionSource(asker: text(), subject: optionalText())
    case 28: return .demoCode(length: number(1...12))
    case 29: return .demoUnlocked
    case 30: return .demoKeys
    case 31: return .secretEntered(noun())
    case 32: return .repeatSecret(noun())
    case 33: return .secretsDiffer(noun())
    case 34:
      return .confirmationKeys(
        ok: optionalText(), notOK: optionalText(), cancel: optionalText(), offersCancel: byte() & 1 == 1)
    case 35: return .longHintKey
    case 36: return .generateKey
    case 37: return .generated
    case 38: return .askerNotReading
    case 39: return .socketNotTrusted
    case 40: return .lockedAgain
    case 41: return .failuresNotRecorded
    case 42: return .notice(text())
    case 43: return .settingsNotTrusted
    case 44: return .questionLeft
    case 45: return .diskQuestion(name: text(), device: optionalText())
    case 46: return .diskUnlocked
    case 47: return .noQuestionsPending(others: number(0...65_535))
    case 48: return .timeLeftExtendable(seconds: number(0...65_535))
    case 49: return .timeExtended(seconds: number(0...65_535))
    case 50: return .timeNotExtendable
    case 51: return .countless(countless())
    case 52: return .capsLockOn
    case 53: return .capsLockOff
    case 54: return .numLockOff
    case 55: return .speakupKeyEchoOn
    case 56:
      return .triedAgain(
        [.passphrase, .pin, .password][Int(byte()) % 3], attempt: byte() & 1 == 0 ? nil : number(0...65_535))
    case 57: return .typingShown
    case 58: return .noticeEndsByItself
    case 59: return .shownEntry(text())
    case 60: return .systemdAgentAsksNext
    case 61: return .keysIgnoredWhileChecking
    case 62: return .keysTypedBeforeIgnored
    default: return .strength([.weak, .fair, .strong][Int(byte()) % 3])
    }
  }

  /// A display of any shape: fixed or variable length, up to 255 cells, any phase and shake offset.
  mutating func display(message: Announcement?) -> EntryDisplay {
    let fixed = byte() & 1 == 0
    let count = Int(byte())
    let phases: [EntryDisplay.Phase] = [.entering, .verifying, .rejected, .lockedOut, .accepted, .cancelled, .timedOut]
    let phase = phases[Int(byte()) % phases.count]
    let offset = Int(Int8(bitPattern: byte()))
    let shown = byte()
    let cells = (0..<count).map { index -> EntryDisplay.Cell in
      let content: EntryDisplay.Cell.Content
      switch shown % 3 {
      case 0: content = .masked
      case 1: content = index < count / 2 ? .masked : .empty
      default: content = .visible(Unicode.Scalar(UInt8(32 + (index + Int(shown)) % 95)))
      }
      return EntryDisplay.Cell(content: content, isCurrent: false, isError: phase == .rejected)
    }
    return EntryDisplay(
      title: "Enter Passcode", cells: cells, phase: phase, shakeOffset: offset, message: message,
      enteredCount: cells.filter(\.isFilled).count, fixedLength: fixed ? count : nil)
  }
}

/// A text without its SGR colour sequences.
private func strippingStyle(_ text: String) -> String {
  var scalars = String.UnicodeScalarView()
  var inSequence = false
  for scalar in text.unicodeScalars {
    if inSequence {
      if scalar == "m" { inSequence = false }
    } else if scalar == "\u{1b}" {
      inSequence = true
    } else {
      scalars.append(scalar)
    }
  }
  return String(scalars)
}

/// The scalars of a text that are not spaces, colour left out: what wrapping must keep.
private func visibleScalars(_ text: String) -> [Unicode.Scalar] {
  strippingStyle(text).unicodeScalars.filter { $0 != " " }
}

private func checkStatus(_ renderer: PromptRenderer, _ display: EntryDisplay, width: Int) {
  precondition(renderer.width == max(width, 10), "the renderer's width is not the window's, floored at ten")
  let rows = renderer.statusRows(display)
  for row in rows {
    // Columns counted as the renderer counts them, in characters.
    precondition(strippingStyle(row).count <= renderer.width - 1, "a status row is as wide as the terminal or wider")
    precondition(!row.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "a status row holds a line break")
  }
  let words = visibleScalars(display.message.map(renderer.catalogue.text(for:)) ?? "")
  let shown = visibleScalars(rows.joined())
  precondition(shown.count >= words.count && Array(shown.suffix(words.count)) == words, "a word was lost")
}

/// libFuzzer calls this once per input; it returns 0, and traps when a property fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPromptRenderer(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
  var choices = Choices(bytes: UnsafeRawBufferPointer(start: data, count: count))
  let width = choices.number(0...400)
  let resizedWidth = choices.number(0...400)
  let setting = choices.byte()
  let profile = [OutputProfile.visual, .screenReader, .plain][Int(setting) % 3]
  let discipline: LineDiscipline = setting & 4 == 0 ? .caretAfterWords : .caretAtLineStart
  let announcement = choices.announcement()
  let display = choices.display(message: choices.byte() & 1 == 0 ? nil : announcement)
  let line = choices.text()

  var renderer = PromptRenderer(
    profile: profile, usesColor: setting & 8 == 0, width: width, lineDiscipline: discipline, catalogue: .english)
  var output = renderer.render(display) + renderer.announce(announcement) + renderer.line(line)
  checkStatus(renderer, display, width: width)
  renderer.width = resizedWidth
  output += renderer.redraw(display) + renderer.render(display) + renderer.finish()
  checkStatus(renderer, display, width: resizedWidth)
  precondition(profile == .visual || !output.utf8.contains(0x1b), "a line profile wrote an escape byte")
  return 0
}
