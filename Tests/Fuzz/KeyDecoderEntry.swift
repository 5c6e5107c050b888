// libFuzzer entry for the key decoder (built by .ci/fuzz, not by SwiftPM).
//
// Properties checked on every input: decoding never traps; the keys are the same however the bytes are
// split into reads (the first input byte picks the split); a paste with no end fails past a small byte limit
// or when the wait for its end passes, and leaves the decoder out of it; no key's description names a typed
// character.

private let fixedDescriptions: Set<String> = [
  "character", "backspace", "clear", "enter", "escape", "interrupt", "endOfFile", "suspend", "quit", "reread",
  "moreTime", "generate", "invalid", "unknownSequence", "keypadNavigation",
]

/// A comparable picture of a key: pastes by their bytes, not their storage's identity.
private func picture(_ key: Key) -> String {
  switch key {
  case let .character(scalar): return "c\(scalar.value)"
  case let .paste(text): return "p\(text.storage.withUnsafeBytes { Array($0) })+\(text.overflowByteCount)"
  default: return key.description
  }
}

private func decode(_ parts: [UnsafeRawBufferPointer]) -> [Key] {
  var decoder = KeyDecoder(pasteCapacity: 64, pasteByteLimit: 256)
  var keys: [Key] = []
  for part in parts { decoder.decode(part, into: &keys) }
  keys += decoder.expireEscape() + decoder.endOpenPaste()
  precondition(!decoder.isInsidePaste && !decoder.isAwaitingEscapeCompletion, "a wait outlived its end")
  return keys
}

/// libFuzzer calls this once per input; it returns 0, and traps when a property fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
  guard count > 0 else { return 0 }
  let input = UnsafeRawBufferPointer(start: data, count: count)
  let bytes = UnsafeRawBufferPointer(rebasing: input[1...])
  let split = Int(input[0]) % (bytes.count + 1)
  let whole = decode([bytes])
  let pieces = decode([
    UnsafeRawBufferPointer(rebasing: bytes[..<split]), UnsafeRawBufferPointer(rebasing: bytes[split...]),
  ])
  precondition(whole.map(picture) == pieces.map(picture), "a split read changed the keys")
  for key in whole {
    let description = key.description
    if case .paste = key {
      precondition(description.hasPrefix("paste(PastedText(") && description.contains("redacted"))
    } else {
      precondition(fixedDescriptions.contains(description), "a key description names more than its kind")
    }
  }
  return 0
}
