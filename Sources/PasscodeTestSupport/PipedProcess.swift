import Foundation

/// A program started with Foundation's `Process`, its standard input and output (and optionally its
/// standard error) on pipes, for tests that talk a line protocol to it; what is not captured goes to
/// `/dev/null`.
package struct PipedProcess {
  /// The running program.
  package let process: Process
  /// The write end of its standard input.
  package let input: FileHandle
  /// The read end of its standard output.
  package let output: FileHandle
  /// The read end of its standard error, when captured.
  package let errors: FileHandle?

  /// Starts a program.
  ///
  /// - Parameters:
  ///   - executablePath: The program's absolute path.
  ///   - arguments: The arguments after its name.
  ///   - environment: Its whole environment, but for the pinned detection tree (``PinnedDetection/pinning(_:)``).
  ///   - capturesErrors: Whether standard error goes to ``errors`` instead of `/dev/null`.
  /// - Throws: Foundation's error when the program cannot be started.
  package init(
    executablePath: String, arguments: [String] = [], environment: [String: String], capturesErrors: Bool = false
  ) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executablePath)
    process.arguments = arguments
    process.environment = PinnedDetection.pinning(environment)
    let inputPipe = Pipe()
    let outputPipe = Pipe()
    let errorPipe = capturesErrors ? Pipe() : nil
    process.standardInput = inputPipe
    process.standardOutput = outputPipe
    process.standardError = errorPipe ?? FileHandle.nullDevice
    try process.run()
    self.process = process
    input = inputPipe.fileHandleForWriting
    output = outputPipe.fileHandleForReading
    errors = errorPipe?.fileHandleForReading
  }
}
