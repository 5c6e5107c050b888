// libFuzzer entry for the settings file parser (built by .ci/fuzz, not by SwiftPM).
//
// Properties: parsing never traps, and an error never repeats more than a bounded piece of the file.

/// libFuzzer calls this once per input; it returns 0, and traps when a property fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigFile(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
  do {
    let settings = try VaultSettings.parse(text, path: "/config")
    precondition(settings.grace >= .zero)
  } catch {
    _ = error.description
  }
  return 0
}
