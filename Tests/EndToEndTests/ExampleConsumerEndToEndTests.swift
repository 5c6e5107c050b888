import Foundation
import PasscodeTestSupport
import Testing

/// The example consumer in Docs/Architecture.md, built as a package of its own against this one and run as a
/// person would run it.
@Suite("the documented example consumer")
struct ExampleConsumerEndToEndTests {
  /// The package's root: two folders above this file.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("the example in Architecture.md builds against this package by path, offline, and unlocks with its code")
  func exampleBuildsAndUnlocks() throws {
    let (manifest, program) = try Self.exampleFiles()
    // A consumer writes one import and names one product, and gets the accessible prompt by default.
    let imports = program.split(separator: "\n").filter { $0.hasPrefix("import ") }
    #expect(imports == ["import PasscodeKeypad"], "the example's imports: \(imports)")
    let products = manifest.matches(of: #/\.product\(name: "([^"]+)"/#).map { String($0.output.1) }
    #expect(products == ["PasscodeKeypad"], "the example's products: \(products)")
    let workspace = try StoreDirectory()
    // The example names its dependency `../PasscodeKeypad`, as a checkout of this repository would be called.
    try FileManager.default.createSymbolicLink(
      atPath: workspace.child("PasscodeKeypad"), withDestinationPath: Self.packageRoot.path)
    let example = workspace.child("Example")
    try FileManager.default.createDirectory(atPath: example + "/Sources/example", withIntermediateDirectories: true)
    try manifest.write(toFile: example + "/Package.swift", atomically: true, encoding: .utf8)
    try program.write(toFile: example + "/Sources/example/main.swift", atomically: true, encoding: .utf8)

    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // One job: the other end-to-end tests run meanwhile, and their programs must still start promptly.
    build.arguments = ["swift", "build", "--package-path", example, "--disable-automatic-resolution", "--jobs", "1"]
    let log = Pipe()
    build.standardOutput = log
    build.standardError = log
    try build.run()
    let buildOutput = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    build.waitUntilExit()
    try #require(build.terminationStatus == 0, "swift build failed:\n\(buildOutput)")

    let run = try PasscodeRun(executable: example + "/.build/debug/example", arguments: [], store: workspace)
    try run.enter("2580", after: "Enter Passcode, 4 digits")
    try run.expect("Unlocked")
    #expect(try run.finish() == .exited(0))
    #expect(!run.output.contains("Not unlocked"))
    Transcript.expectNoTypedDigits(run.output)

    // `current()` takes the person's PASSCODE_PROGRESS, so another tool's prompt says no count either.
    let ticking = try PasscodeRun(
      executable: example + "/.build/debug/example", arguments: [], store: workspace,
      environment: ["PASSCODE_PROGRESS": "tick"])
    try ticking.enter("2580", after: "Enter Passcode")
    try ticking.expect("Unlocked")
    #expect(try ticking.finish() == .exited(0))
    #expect(ticking.output.components(separatedBy: "Entered").count - 1 == 4, "\(ticking.output)")
    #expect(!ticking.output.contains("digits") && !ticking.output.contains(" of 4"), "\(ticking.output)")

    // The session binds the person's language for another tool too: its words and its standard title.
    let spanish = try PasscodeRun(
      executable: example + "/.build/debug/example", arguments: [], store: workspace,
      environment: try CompiledMessageCatalogues.environment(language: "es"))
    try spanish.enter("2580", after: "Introduce el código, 4 dígitos")
    try spanish.expect("Código aceptado")
    #expect(try spanish.finish() == .exited(0))
    #expect(
      !spanish.output.contains("Enter Passcode") && !spanish.output.contains("digits entered"), "\(spanish.output)")
  }

  /// The manifest and the program: the two Swift blocks of the document's "An example consumer" section.
  static func exampleFiles() throws -> (manifest: String, program: String) {
    let document = try String(
      contentsOf: packageRoot.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
    let section = try #require(document.components(separatedBy: "## An example consumer").dropFirst().first)
      .components(separatedBy: "\n## ")[0]
    let blocks = section.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    try #require(blocks.count == 2, "the section has a manifest and a program")
    return (blocks[0], blocks[1])
  }
}
