import Foundation
import PasscodeTestSupport
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
    process.environment = PinnedDetection.pinning(["PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C.UTF-8"])
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
    let pinentry = try PipedProcess(
      executablePath: PasscodeBinary.path, arguments: ["pinentry"],
      environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "PASSCODE_SPEECH": "off"], capturesErrors: true)
    pinentry.input.write(Data(("SETDESC " + String(repeating: "x", count: 2000) + "\n").utf8))
    try pinentry.input.close()
    let message = String(decoding: pinentry.errors?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
    pinentry.process.waitUntilExit()
    #expect(pinentry.process.terminationStatus == 76)
    #expect(message.contains("longer than the Assuan limit"), "standard error: \(message)")
  }
}

/// Swift's crash backtracer no longer owns SIGQUIT and the faults: no register dump, no swallowed signal.
@Suite("pinentry and SIGQUIT")
struct PinentryQuitEndToEndTests {
  @Test("after a dialog, the first SIGQUIT ends pinentry, and no backtrace is printed")
  func firstQuitAfterDialogEndsIt() throws {
    if let reason = PasscodeBinary.missingReason { throw EndToEndError.missingBinary(reason) }
    let terminal = try PseudoTerminal()
    let directory = try GnuPGAgentHarness.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let fifo = directory + "/input"
    #expect(mkfifo(fifo, 0o600) == 0)
    // gpg-agent keeps the pipe open between dialogs; so does this test, through a FIFO.
    let session = try SpawnedProcess(
      executable: "sh", arguments: ["-c", "exec \"$0\" pinentry < \"$1\"", PasscodeBinary.path, fifo],
      environment: ["PASSCODE_SPEECH": "off"], outputPath: directory + "/output")
    defer { session.signal(SIGKILL) }
    let input = try #require(FileHandle(forWritingAtPath: fifo))
    defer { try? input.close() }
    input.write(Data("OPTION ttyname=\(terminal.slavePath)\nOPTION ttytype=dumb\nGETPIN\n".utf8))
    _ = try terminal.readUntil("PIN", timeout: .seconds(20))
    try terminal.write("123\r")
    _ = try terminal.readUntil("PIN entered", timeout: .seconds(20))
    var replies = ""
    let deadline = ContinuousClock.now + .seconds(20)
    while !replies.contains("D 123\nOK\n"), ContinuousClock.now < deadline {
      replies = (try? String(contentsOfFile: directory + "/output", encoding: .utf8)) ?? ""
    }
    #expect(replies.contains("D 123\nOK\n"), "replies: \(replies)")
    session.signal(SIGQUIT)
    let status = try #require(session.waitForExit(timeout: .seconds(20)), "one SIGQUIT did not end it")
    #expect(status & 0x7f == SIGQUIT)
    let output = (try? String(contentsOfFile: directory + "/output", encoding: .utf8)) ?? ""
    #expect(!output.contains("Backtracing"), "output: \(output)")
  }
}
