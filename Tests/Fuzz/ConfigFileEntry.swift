// libFuzzer entry for the config file parser (built by .ci/fuzz, not by SwiftPM).
//
// Properties: parsing never traps, and an error never repeats more than a bounded piece of the file (a refused
// value is cut at ConfigurationLineError.shownValueLength scalars, each shown in at most 10 characters).

/// libFuzzer calls this once per input; it returns 0, and traps when a property fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigFile(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
  do {
    let settings = try ConfigurationFile.parse(text)
    precondition(settings.grace >= .zero)
  } catch {
    precondition(error.line >= 1)
    precondition(error.description.unicodeScalars.count <= 1_000)
    _ = VaultError.invalidSetting(path: "/config", line: error.line, reason: error.description).description
  }
  return 0
}
