// libFuzzer entry for the command-line parser (built by .ci/fuzz, not by SwiftPM).
//
// The input is NUL-separated arguments; a first argument starting with "E" is taken as the
// PASSCODE_SPEECH value instead. Properties: parsing never traps; a usage error renders.

/// libFuzzer calls this once per input; it returns 0, and traps when a property fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: count)
  var arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  var environment: [String: String] = [:]
  if let first = arguments.first, first.hasPrefix("E") {
    environment["PASSCODE_SPEECH"] = String(first.dropFirst())
    arguments.removeFirst()
  }
  do {
    _ = try CommandLineParser.parse(arguments: arguments, programName: "passcode", environment: environment)
  } catch {
    _ = error.rendered(programName: "passcode")
  }
  return 0
}
