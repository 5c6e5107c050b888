import Foundation
import Testing

/// The engine is pure: it depends on no other target and imports nothing but the standard library, so it
/// can be read, tested and fuzzed alone, and no system call, environment read or catalogue lookup hides in it.
@Suite("Engine purity")
struct EnginePurityTests {
  /// The package's root, two directories above this file.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("Package.swift gives the engine target no dependencies")
  func manifestGivesNoDependencies() throws {
    let manifest = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let declaration = try #require(
      manifest.range(of: #"\.target\(\s*name:\s*"PasscodeEngine"\s*,[^)]*\)"#, options: .regularExpression),
      "Package.swift declares the PasscodeEngine target")
    let target = String(manifest[declaration])
    #expect(
      target.range(of: #"dependencies:\s*\[\s*\]"#, options: .regularExpression) != nil,
      "the engine target depends on something: \(target)")
  }

  @Test("no file of the engine imports anything but the standard library")
  func sourcesImportNothing() throws {
    let directory = Self.packageRoot.appendingPathComponent("Sources/PasscodeEngine")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    var imports: [String] = []
    for file in files.sorted() {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        if let module = Self.importedModule(line), module != "Swift" { imports.append("\(file): \(line)") }
      }
    }
    #expect(imports.isEmpty, "the engine imports more than the standard library: \(imports)")
  }

  /// The module an import declaration names (`Glibc` for `internal import Glibc`, `Swift` for
  /// `import struct Swift.Int`), or `nil` for a line that is no import.
  static func importedModule(_ line: Substring) -> String? {
    var words = line.split(separator: " ")[...]
    let modifiers: Set<Substring> = ["public", "package", "internal", "private", "fileprivate"]
    while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words.removeFirst() }
    guard words.first == "import" else { return nil }
    words.removeFirst()
    let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
    if let first = words.first, kinds.contains(first) { words.removeFirst() }
    return words.first.flatMap { $0.split(separator: ".").first }.map(String.init)
  }
}
