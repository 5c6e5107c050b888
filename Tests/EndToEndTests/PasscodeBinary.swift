import Foundation

/// Finds the `passcode` executable that `swift build` made, next to this package's sources.
enum PasscodeBinary {
  /// The package root, three levels up from this file (`Tests/EndToEndTests/PasscodeBinary.swift`).
  static let packageRoot: String = {
    var components = URL(fileURLWithPath: #filePath).pathComponents
    components.removeLast(3)
    return "/" + components.dropFirst().joined(separator: "/")
  }()

  /// Why the binary is missing, or `nil` when it is there.
  static var missingReason: String? {
    FileManager.default.isExecutableFile(atPath: path)
      ? nil : "\(path) is missing: run 'swift build' before 'swift test --filter EndToEndTests'."
  }

  /// The debug build of the executable.
  static var path: String { packageRoot + "/.build/debug/passcode" }
}
