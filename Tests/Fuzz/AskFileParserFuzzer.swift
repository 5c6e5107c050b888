// libFuzzer entry point for the ask-file parser (PasswordAgent's AskFileParser).
//
// It is built on its own, not by SwiftPM, together with the parser's files, which import nothing:
//
//   swiftc -sanitize=fuzzer,address -parse-as-library -O -o .build/fuzz-ask-file \
//     Tests/Fuzz/AskFileParserFuzzer.swift Sources/PasswordAgent/AskFileParser.swift \
//     Sources/PasswordAgent/AskFileError.swift Sources/PasswordAgent/PasswordQuestion.swift \
//     Sources/PasswordAgent/EchoMode.swift Sources/PasswordAgent/MonotonicInstant.swift
//   cp -r Tests/Fuzz/AskFileCorpus /tmp/corpus   # libFuzzer adds what it finds to the first directory
//   .build/fuzz-ask-file -dict=Tests/Fuzz/ask-file.dict -max_total_time=60 /tmp/corpus
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
