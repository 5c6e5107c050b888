// libFuzzer entry for the Assuan line parser and percent-decoding (built by .ci/fuzz, not by SwiftPM).
//
// Properties: parsing never traps; an accepted line is within the Assuan limit; unescaping what
// PercentEscaping would escape gives the text back.

/// libFuzzer calls this once per input; it returns 0, and traps when a property fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssuan(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: count)
  do {
    _ = try AssuanCommand.parse(line: bytes)
    precondition(count + 1 <= AssuanCommand.maximumLineLength, "an over-long line was accepted")
  } catch {
    _ = error.description
  }
  let text = String(decoding: bytes, as: UTF8.self)
  _ = try? PercentEscaping.unescape(text)
  var escaped = ""
  for byte in text.utf8 {
    if PercentEscaping.needsEscape(byte) {
      let digits = Array("0123456789ABCDEF")
      escaped += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    } else {
      escaped.unicodeScalars.append(Unicode.Scalar(byte))
    }
  }
  if let unescaped = try? PercentEscaping.unescape(escaped), text.utf8.allSatisfy({ $0 < 0x80 }) {
    precondition(unescaped == text, "unescape(escape(text)) is not text")
  }
  return 0
}
