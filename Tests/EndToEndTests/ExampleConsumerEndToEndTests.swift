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

  @Test(
    "the example in Architecture.md builds against a checkout in a folder of another name, offline, and unlocks")
  func exampleBuildsAndUnlocks() throws {
    let (manifest, program, programPath) = try Self.exampleFiles()
    // A consumer writes one import and names one product, and gets the accessible prompt by default.
    let imports = program.split(separator: "\n").filter { $0.hasPrefix("import ") }
    #expect(imports == ["import PasscodeKeypad"], "the example's imports: \(imports)")
    let products = manifest.matches(of: #/\.product\(name: "([^"]+)"/#).map { String($0.output.1) }
    #expect(products == ["PasscodeKeypad"], "the example's products: \(products)")
    #expect(program.contains("mask = ") && program.contains("try await prompt.ask"), "a mask and an async verifier")
    let workspace = try StoreDirectory()
    // The checkout is in a folder that is not called PasscodeKeypad: the person sets the path, and nothing else.
    let checkoutLine = try #require(manifest.firstMatch(of: #/let checkout = "[^"]*"/#)?.output)
    try FileManager.default.createSymbolicLink(
      atPath: workspace.child("passcode-keypad-1"), withDestinationPath: Self.packageRoot.path)
    let ownManifest = manifest.replacingOccurrences(
      of: String(checkoutLine), with: #"let checkout = "../passcode-keypad-1""#)
    let example = workspace.child("Example")
    let programFile = example + "/" + programPath
    try FileManager.default.createDirectory(
      atPath: (programFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try ownManifest.write(toFile: example + "/Package.swift", atomically: true, encoding: .utf8)
    try program.write(toFile: programFile, atomically: true, encoding: .utf8)

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
    // The library builds neither the vault (libsodium) nor the pinentry (libassuan): the packages the document
    // lists are all a consumer needs.
    #expect(buildOutput.contains("Compiling PasscodeKeypad"), "the log names what it compiles: \(buildOutput)")
    for unbuilt in ["PasscodeVault", "Pinentry"] {
      #expect(!buildOutput.contains("Compiling \(unbuilt)"), "\(unbuilt) was built")
    }

    // A terminal that draws cells (PasscodeRun's own is a dumb one, which draws none).
    let run = try PasscodeRun(
      executable: example + "/.build/debug/example", arguments: [], store: workspace,
      environment: ["TERM": "xterm-256color"])
    try run.enter("1111", after: "Enter Passcode, 4 digits")
    try run.expect("Wrong passcode")
    try run.enter("2580", after: "Ready")
    try run.expect("Unlocked")
    #expect(try run.finish() == .exited(0))
    #expect(!run.output.contains("Not unlocked"))
    // The async verifier took its time, so "Checking" was said; the cells are the mask's.
    #expect(run.output.contains("Checking"), "\(run.output)")
    #expect(run.output.contains("**__") && !run.output.contains("●"), "\(run.output)")
    Transcript.expectNoTypedDigits(run.output)

    // The person's PASSCODE_MASK goes over the program's own.
    let bullets = try PasscodeRun(
      executable: example + "/.build/debug/example", arguments: [], store: workspace,
      environment: ["PASSCODE_MASK": "bullet", "TERM": "xterm-256color"])
    try bullets.enter("2580", after: "Enter Passcode")
    try bullets.expect("Unlocked")
    #expect(try bullets.finish() == .exited(0))
    #expect(bullets.output.contains("•") && !bullets.output.contains("**"), "\(bullets.output)")

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

  /// The manifest, the program and the file the document says the program goes in: the two Swift blocks of the
  /// document's "An example consumer" section, and the one source path it names.
  static func exampleFiles() throws -> (manifest: String, program: String, programPath: String) {
    let document = try String(
      contentsOf: packageRoot.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
    let section = try #require(document.components(separatedBy: "## An example consumer").dropFirst().first)
      .components(separatedBy: "\n## ")[0]
    let blocks = section.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    try #require(blocks.count == 2, "the section has a manifest and a program")
    let paths = Set(section.matches(of: #/`(Sources/[^`]+\.swift)`/#).map { String($0.output.1) })
    try #require(paths.count == 1, "the section names the program's file once: \(paths)")
    return (blocks[0], blocks[1], try #require(paths.first))
  }
}
