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

/// A pinentry client that breaks the protocol gets a non-zero status, not a silent success.
@Suite("pinentry and a broken protocol")
struct PinentryProtocolErrorEndToEndTests {
  @Test("a line over the Assuan limit ends pinentry with status 76 and says so on standard error")
  func overlongLine() throws {
    if let reason = PasscodeBinary.missingReason { throw EndToEndError.missingBinary(reason) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: PasscodeBinary.path)
    process.arguments = ["pinentry"]
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "PASSCODE_SPEECH": "off"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(("SETDESC " + String(repeating: "x", count: 2000) + "\n").utf8))
    try input.fileHandleForWriting.close()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 76)
    #expect(message.contains("longer than the Assuan limit"), "standard error: \(message)")
  }
}
