import Foundation
import PasscodeTestSupport
import Testing

/// What `passcode` carries and loads at start: Foundation and Dispatch never, GLib and libspeechd only when used.
/// Timings are `passcode-bench`'s job; these pin down the structure the timings depend on.
@Suite("start-up footprint")
struct StartupFootprintTests {
  /// The targets that are not shipped: the benchmark, its floor, the test support and its C shims.
  static let unshippedTargets: Set<String> = [
    "passcode-bench", "passcode-bench-floor", "PasscodeTestSupport", "CTestProcessControl",
  ]

  @Test("no shipped target imports Foundation or Dispatch")
  func shippedSourcesDoNotImportFoundationOrDispatch() throws {
    let sources = PasscodeBinary.packageRoot + "/Sources"
    let targets = try FileManager.default.contentsOfDirectory(atPath: sources)
      .filter { !Self.unshippedTargets.contains($0) }
    #expect(targets.contains("PasscodeSpeech"), "the scan must see the shipped targets: \(targets)")
    var offenders: [String] = []
    for target in targets {
      let directory = sources + "/" + target
      let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
      for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
        for line in text.split(whereSeparator: \.isNewline)
        where Self.importsFoundation(line) || Self.imports("Dispatch", line) {
          offenders.append("\(target)/\(file): \(line)")
        }
      }
    }
    #expect(offenders.isEmpty)
  }

  @Test("a line imports Foundation when an import names a Foundation module, with or without attributes")
  func recognisesFoundationImports() {
    #expect(Self.importsFoundation("import Foundation"))
    #expect(Self.importsFoundation("  @preconcurrency import FoundationEssentials"))
    #expect(Self.importsFoundation("@_exported import struct Foundation.Data"))
    #expect(!Self.importsFoundation("import Glibc"))
    #expect(!Self.importsFoundation("/// Replaces Foundation's `ProcessInfo`."))
    #expect(Self.imports("Dispatch", "import Dispatch"))
    #expect(Self.imports("Glibc", "internal import Glibc"))
    #expect(!Self.imports("Glibc", "/// Calls Glibc's `open`; import it nowhere else."))
  }

  @Test("the passcode binary neither needs nor contains Foundation, nor uses Dispatch")
  func binaryHasNoFoundationOrDispatch() throws {
    if let reason = PasscodeBinary.missingReason { Issue.record(Comment(rawValue: reason)) }
    let data = try Data(contentsOf: URL(fileURLWithPath: PasscodeBinary.path))
    #expect(data.count > 0)
    // A shared build names libFoundation*.so among its needed libraries; any build that links Foundation
    // carries its mangled module names (`10Foundation`, `20FoundationEssentials`) in its symbols. Code that
    // uses Dispatch (a `DispatchQueue`, a `DispatchSemaphore`) carries `8Dispatch` the same way. (A debug
    // build still names libdispatch.so among its needed libraries, for the `_Concurrency` module the
    // compiler imports implicitly; the release build turns that import off.)
    for marker in ["libFoundation", "10Foundation", "20FoundationEssentials", "8Dispatch"] {
      #expect(data.range(of: Data(marker.utf8)) == nil, "\(PasscodeBinary.path) contains \(marker)")
    }
  }

  @Test("passcode pinentry answering GETINFO maps neither GLib, GIO nor libspeechd")
  func pinentryLoadsNoSpeechOrDBusLibraries() throws {
    if let reason = PasscodeBinary.missingReason { Issue.record(Comment(rawValue: reason)) }
    let pinentry = try PipedProcess(
      executablePath: PasscodeBinary.path, arguments: ["pinentry"],
      environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()])
    let (process, input, output) = (pinentry.process, pinentry.input, pinentry.output)
    defer {
      try? input.close()
      process.waitUntilExit()
    }
    input.write(Data("GETINFO version\n".utf8))
    var replies = ""
    let deadline = ContinuousClock.now + .seconds(20)
    while !replies.contains("\nOK\n"), ContinuousClock.now < deadline {
      let chunk = output.availableData
      if chunk.isEmpty { break }
      replies += String(decoding: chunk, as: UTF8.self)
    }
    #expect(replies.contains("\nD "), "replies: \(replies)")
    // /proc files report size 0, so read them to their end rather than by their size.
    let mapsFile = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(process.processIdentifier)/maps"))
    defer { try? mapsFile.close() }
    let maps = String(decoding: try mapsFile.readToEnd() ?? Data(), as: UTF8.self)
    input.write(Data("BYE\n".utf8))
    let pinentryRan = maps.contains("libassuan")
    #expect(pinentryRan, "the maps must be the running pinentry's")
    let loadedEarly = ["libglib-2.0", "libgobject-2.0", "libgio-2.0", "libspeechd"].filter { maps.contains($0) }
    #expect(loadedEarly.isEmpty, "mapped before any dialog")
  }

  /// Whether a source line is an `import` of Foundation or one of its modules.
  private static func importsFoundation(_ line: Substring) -> Bool {
    imports("Foundation", line)
  }

  /// Whether a source line is an `import`, with any attributes and access level, of a module whose name
  /// starts with `module`.
  static func imports(_ module: String, _ line: Substring) -> Bool {
    let words = line.split(whereSeparator: \.isWhitespace)
    let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    guard let importIndex = words.firstIndex(of: "import"),
      words[..<importIndex].allSatisfy({ $0.hasPrefix("@") || modifiers.contains($0) })
    else { return false }
    return words[(importIndex + 1)...].contains { $0.hasPrefix(module) }
  }

  private static func importsFoundation(_ line: String) -> Bool {
    importsFoundation(line[...])
  }
}
