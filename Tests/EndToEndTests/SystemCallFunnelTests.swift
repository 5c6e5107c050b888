import Foundation
import PasscodeTestSupport
import Testing

/// `SystemCalls` is the one target that calls libc: every other file reaches the system through it, so the
/// `EINTR` retry, the error type and the descriptor handles are written once.
@Suite("one libc funnel")
struct SystemCallFunnelTests {
  /// The files outside `Sources/SystemCalls` that may import Glibc, each with the reason.
  private static let allowed: [String: String] = [
    "PasscodeSpeech/SpeechDispatcherCalls.swift": "libspeechd's wrapper frees and copies the C strings it owns",
    "AccessibilityEnvironment/BrailleApiCalls.swift": "BrlAPI's wrapper passes C buffers and sizes to the library",
  ]

  @Test("only SystemCalls and the C libraries' own wrappers import Glibc")
  func onlyTheFunnelImportsGlibc() throws {
    let importing = try Self.filesImportingGlibc()
    #expect(importing.contains { $0.hasPrefix("SystemCalls/") }, "the scan must see SystemCalls: \(importing)")
    let outside = importing.filter { !$0.hasPrefix("SystemCalls/") }
    let offenders = outside.subtracting(Self.allowed.keys)
    #expect(offenders.isEmpty, "call libc through SystemCalls instead: \(offenders.sorted())")
    let stale = Set(Self.allowed.keys).subtracting(outside)
    #expect(stale.isEmpty, "no longer import Glibc; take them off the list: \(stale.sorted())")
  }

  /// The files under `Sources`, as `Target/path.swift`, with a line that imports Glibc.
  private static func filesImportingGlibc() throws -> Set<String> {
    let sources = PasscodeBinary.packageRoot + "/Sources"
    var found: Set<String> = []
    for target in try FileManager.default.contentsOfDirectory(atPath: sources) {
      let directory = sources + "/" + target
      let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
      for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
        if text.split(whereSeparator: \.isNewline).contains(where: { StartupFootprintTests.imports("Glibc", $0) }) {
          found.insert(target + "/" + file)
        }
      }
    }
    return found
  }
}
