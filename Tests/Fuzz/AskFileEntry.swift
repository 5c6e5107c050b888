// libFuzzer entry point for the ask-file parser (PasswordAgent's AskFileParser), built by .ci/fuzz (not by
// SwiftPM) from the parser's files, which import nothing, with the seed corpus Tests/Fuzz/Corpus/ask-file
// and the dictionary Tests/Fuzz/ask-file.dict:
//
//   sh .ci/fuzz 60 ask-file
//
// Besides not crashing, every question it accepts must keep the parser's promises.

/// Parses one input; libFuzzer calls it for every input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func askFileParserFuzzTest(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: count)
  let question: PasswordQuestion
  do {
    question = try AskFileParser.parse(bytes, fileName: "ask.fuzz")
  } catch {
    // Every refusal has words that name keys, never the file's values.
    precondition(!error.description.isEmpty)
    return 0
  }
  precondition(count <= AskFileParser.maximumByteCount)
  precondition(question.socketPath.hasPrefix("/"))
  precondition(question.socketPath.utf8.count <= AskFileParser.maximumSocketPathByteCount)
  precondition(!question.socketPath.utf8.contains(0))
  precondition(question.processIdentifier.map { $0 > 0 } ?? true)
  precondition(question.notAfter.map { $0.microseconds > 0 } ?? true)
  precondition(!question.message.contains("\n"))
  return 0
}
