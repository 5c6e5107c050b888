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
    // The test support's own calls, which the shipped program does without (`testOnlyTypes`).
    "PasscodeTestSupport/TracedExit.swift": "passcode-bench's traced run: fork, ptrace, execve, getrusage",
    "PasscodeTestSupport/PseudoTerminalPair.swift": "the tests' pseudo-terminals, openpty",
  ]

  @Test("only SystemCalls, the C libraries' own wrappers and the test support's own calls import Glibc")
  func onlyTheFunnelImportsGlibc() throws {
    let importing = try Self.filesImportingGlibc()
    #expect(importing.contains { $0.hasPrefix("SystemCalls/") }, "the scan must see SystemCalls: \(importing)")
    let outside = importing.filter { !$0.hasPrefix("SystemCalls/") }
    let offenders = outside.subtracting(Self.allowed.keys)
    #expect(offenders.isEmpty, "call libc through SystemCalls instead: \(offenders.sorted())")
    let stale = Set(Self.allowed.keys).subtracting(outside)
    #expect(stale.isEmpty, "no longer import Glibc; take them off the list: \(stale.sorted())")
  }

  /// The libc functions a shipped file other than SystemCalls' may call, each with the reason; the rest of
  /// libc goes through SystemCalls. A C module can bring libc's declarations without `import Glibc`
  /// (`CLibintl` includes `<locale.h>`), so the check reads what each compiled file really calls.
  private static let allowedLibcCalls: [String: (calls: Set<String>, reason: String)] = [
    "PasscodeLocalization/GettextCalls.swift": (
      ["bindtextdomain", "bind_textdomain_codeset", "dgettext", "dngettext", "setlocale"],
      "gettext's wrapper: the message functions and the locale they read"
    ),
    "PasscodeSpeech/SpeechDispatcherCalls.swift": (
      ["strdup"], "libspeechd's wrapper copies the C strings it hands over"
    ),
  ]

  /// What every compiled Swift file may call without naming it: the compiler's own memory intrinsics and
  /// heap buffers (`malloc`, `free` for temporary allocations), the stack protector, and the futex `syscall`
  /// that the Synchronization module's `Mutex` inlines.
  private static let compilerCalls: Set<String> = [
    "memcpy", "memmove", "memset", "memcmp", "strlen", "malloc", "free", "__stack_chk_fail", "syscall",
  ]

  /// The targets whose code does not ship in `passcode`: the tests' support and the benchmark.
  private static let unshippedTargets: Set<String> = [
    "PasscodeTestSupport", "passcode_bench", "passcode_bench_floor", "SystemCalls",
  ]

  @Test("no compiled file of a shipped target but SystemCalls' calls libc, save the C libraries' own wrappers")
  func onlyTheFunnelCallsLibc() throws {
    let libc = try Self.symbols(["-D", "--defined-only", "/lib/x86_64-linux-gnu/libc.so.6"], column: 2)
    #expect(libc.contains("getenv") && libc.contains("setenv"), "the scan must see libc's symbols")
    let objects = try Self.shippedObjectFiles()
    #expect(objects.contains { $0.file == "PasscodeLocalization/GettextCalls.swift" }, "the scan must see the build")
    var offenders: [String] = []
    for object in objects {
      let called = try Self.symbols(["-u", object.path], column: 1).intersection(libc)
      let allowed = Self.compilerCalls.union(Self.allowedLibcCalls[object.file]?.calls ?? [])
      let extra = called.subtracting(allowed)
      if !extra.isEmpty { offenders.append("\(object.file): \(extra.sorted().joined(separator: ", "))") }
    }
    #expect(offenders.isEmpty, "call these through SystemCalls: \(offenders)")
  }

  /// The debug build's object file of each Swift file of the shipped targets, as `Target/File.swift`.
  private static func shippedObjectFiles() throws -> [(file: String, path: String)] {
    let build = PasscodeBinary.packageRoot + "/.build/debug"
    var found: [(file: String, path: String)] = []
    for directory in try FileManager.default.contentsOfDirectory(atPath: build) where directory.hasSuffix(".build") {
      let target = String(directory.dropLast(".build".count))
      guard !unshippedTargets.contains(target), !target.hasSuffix("Tests"), !target.hasSuffix("PackageTests")
      else { continue }
      let files = try FileManager.default.contentsOfDirectory(atPath: build + "/" + directory)
      for object in files where object.hasSuffix(".swift.o") {
        found.append((target + "/" + object.dropLast(".o".count), build + "/" + directory + "/" + object))
      }
    }
    return found
  }

  /// The symbol names `nm` lists with these arguments, versions (`@GLIBC_2.2.5`) left out.
  private static func symbols(_ arguments: [String], column: Int) throws -> Set<String> {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("nm-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let status = try SpawnedProcess.run(executable: "nm", arguments: arguments, outputPath: output)
    try #require(status == 0, "nm \(arguments) failed")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    return Set(
      text.split(whereSeparator: \.isNewline).compactMap { line in
        let fields = line.split(separator: " ")
        guard fields.count > column else { return nil }
        return String(fields[column].split(separator: "@").first ?? fields[column])
      })
  }

  /// The code only the tests and `passcode-bench` use, which lives in the test support: the traced run and its
  /// `getrusage`, and the pseudo-terminal pair. (`UnixSocket` stays in `SystemCalls`: `ConnectionProbe` connects
  /// with it to see whether speech-dispatcher listens; so does `Spawn`, which the polkit agent starts polkit's
  /// helper with.)
  private static let testOnlyTypes = ["TracedExit", "ResourceUsage", "PseudoTerminalPair"]

  @Test("no shipped target declares the test support's traced run or pseudo-terminal pair, nor calls ptrace")
  func shippedTargetsHoldNoTestOnlyCode() throws {
    let declarations = try Self.declarations(of: Self.testOnlyTypes)
    #expect(
      Set(declarations.compactMap { $0.hasPrefix("PasscodeTestSupport/") ? $0.split(separator: ": ").last : nil })
        == Set(Self.testOnlyTypes.map { Substring($0) }),
      "the scan must see each type in the test support: \(declarations)")
    let shipped = declarations.filter { !StartupFootprintTests.unshippedTargets.contains(Self.target(of: $0)) }
    #expect(shipped.isEmpty, "move them to PasscodeTestSupport: \(shipped)")
    let tracing = try Self.files(withSuffixes: [".swift", ".h"]).filter { file, text in
      !StartupFootprintTests.unshippedTargets.contains(Self.target(of: file)) && text.contains("ptrace(")
    }.map(\.file)
    #expect(tracing.isEmpty, "ptrace belongs to CTestProcessControl: \(tracing.sorted())")
  }

  /// Where the named types are declared, as `Target/path.swift: Name`.
  private static func declarations(of names: [String]) throws -> [String] {
    let declaration = #/(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)/#
    var found: [String] = []
    for (file, text) in try files(withSuffixes: [".swift"]) {
      for match in text.matches(of: declaration) where names.contains(String(match.output.1)) {
        found.append("\(file): \(match.output.1)")
      }
    }
    return found.sorted()
  }

  /// The target a `Target/path` belongs to.
  private static func target(of file: String) -> String {
    String(file.prefix { $0 != "/" })
  }

  /// The files under `Sources` whose names end in one of the suffixes, as `Target/path` and their text.
  private static func files(withSuffixes suffixes: [String]) throws -> [(file: String, text: String)] {
    let sources = PasscodeBinary.packageRoot + "/Sources"
    var found: [(file: String, text: String)] = []
    for target in try FileManager.default.contentsOfDirectory(atPath: sources) {
      let directory = sources + "/" + target
      let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
      for file in files where suffixes.contains(where: file.hasSuffix) {
        found.append((target + "/" + file, try String(contentsOfFile: directory + "/" + file, encoding: .utf8)))
      }
    }
    return found
  }

  /// The files under `Sources`, as `Target/path.swift`, with a line that imports Glibc.
  private static func filesImportingGlibc() throws -> Set<String> {
    Set(
      try files(withSuffixes: [".swift"]).filter { _, text in
        text.split(whereSeparator: \.isNewline).contains { StartupFootprintTests.imports("Glibc", $0) }
      }.map(\.file))
  }
}
