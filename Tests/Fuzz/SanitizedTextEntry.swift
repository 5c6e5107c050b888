// libFuzzer entry for the outside-text sanitiser (built by .ci/fuzz, not by SwiftPM).
//
// Properties: cleaning never traps; the result has no C0 or C1 control (but a permitted line feed), no
// DEL, no format character (bidi marks and overrides, zero-width characters, tags), no other
// default-ignorable code point, no line or paragraph separator and no private-use character; cleaning again
// changes nothing; quoting never traps and its result is already clean.

/// libFuzzer calls this once per input; it returns 0, and traps when a property fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSanitizedText(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: count)
  let allowsNewlines = count > 0 && bytes[0] & 1 == 1
  let clean = SanitizedText(bytes: bytes, allowsNewlines: allowsNewlines)
  for scalar in clean.text.unicodeScalars {
    let value = scalar.value
    precondition(value >= 0x20 || (value == 0x0A && allowsNewlines), "a C0 control survived")
    precondition(!(0x7F...0x9F).contains(value), "DEL or a C1 control survived")
    precondition(!(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value), "a bidi control survived")
    let properties = scalar.properties
    precondition(
      properties.generalCategory != .format && !properties.isDefaultIgnorableCodePoint,
      "a format or default-ignorable character survived")
    precondition(
      ![.lineSeparator, .paragraphSeparator, .privateUse].contains(properties.generalCategory),
      "a separator or private-use character survived")
  }
  precondition(SanitizedText(clean.text, allowsNewlines: allowsNewlines) == clean, "cleaning is not idempotent")
  let quoted = SanitizedText(quoting: String(decoding: bytes, as: UTF8.self))
  precondition(SanitizedText(quoted.text) == quoted, "a quoted text is not clean")
  return 0
}
