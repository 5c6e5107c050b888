import Foundation

/// Finds the `passcode` executable that `swift build` made, for every end-to-end and lab test.
package enum PasscodeBinary {
  /// The executable: `PASSCODE_BINARY` when set, else the `passcode` in the build folder that holds this
  /// test runner (so debug and release test runs each use their own), else `.build/debug/passcode`.
  package static let path: String = {
    if let path = ProcessInfo.processInfo.environment["PASSCODE_BINARY"], !path.isEmpty { return path }
    if let runner = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      var directory = URL(fileURLWithPath: runner).deletingLastPathComponent()
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("passcode").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    return packageRoot + "/.build/debug/passcode"
  }()

  /// The package root, three levels up from this file (`Sources/PasscodeTestSupport/PasscodeBinary.swift`).
  package static let packageRoot: String = {
    var components = URL(fileURLWithPath: #filePath).pathComponents
    components.removeLast(3)
    return "/" + components.dropFirst().joined(separator: "/")
  }()

  /// Why the binary is missing, or `nil` when it is there.
  package static var missingReason: String? {
    FileManager.default.isExecutableFile(atPath: path)
      ? nil : "\(path) is missing: run 'swift build' before 'swift test'."
  }

  /// Makes a `pinentry-passcode` symbolic link to the binary, as gpg-agent's `pinentry-program`.
  ///
  /// - Parameter directory: Where to put the link.
  /// - Returns: The link's path.
  /// - Throws: When the link cannot be made.
  package static func makePinentryLink(in directory: String) throws -> String {
    let link = directory + "/pinentry-passcode"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    return link
  }
}
