import Foundation
import Testing

/// Output that cannot be written is an error: non-zero status, a message on standard error.
@Suite("a standard output that cannot be written")
struct OutputErrorEndToEndTests {
  @Test(
    "status, --help and --version on /dev/full exit 74 and say why on standard error",
    arguments: [
      ["status", "--store", "/nonexistent/passcode-output-test"], ["--help"], ["--version"], ["status", "--help"],
    ])
  func fullOutput(arguments: [String]) throws {
    if let reason = PasscodeBinary.missingReason { throw EndToEndError.missingBinary(reason) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: PasscodeBinary.path)
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C.UTF-8"]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
    #expect(message.contains("Could not write the output"), "standard error: \(message)")
  }
}
