import Foundation

/// Where the built `passcode` executable is, and a `pinentry-passcode` symlink to it.
enum PinentryBinary {
  /// The built `passcode`: `PASSCODE_BINARY` when set, else next to the test bundle (SwiftPM puts every
  /// product of a build in one directory).
  static var passcodePath: String {
    if let path = ProcessInfo.processInfo.environment["PASSCODE_BINARY"], !path.isEmpty { return path }
    let runner =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var directory = URL(fileURLWithPath: runner).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("passcode").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("passcode").path
  }

  /// Makes `directory/pinentry-passcode` pointing at the built `passcode`.
  ///
  /// - Parameter directory: Where to put the link.
  /// - Returns: The link's path.
  /// - Throws: A file-system error when the link cannot be made.
  static func makePinentryLink(in directory: String) throws -> String {
    let link = directory + "/pinentry-passcode"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: passcodePath)
    return link
  }
}
