import Foundation

/// A fresh private store directory (0700) for one test, with a settings file (0600) holding a fast
/// lockout schedule counted in seconds; removed when released.
final class StoreDirectory {
  let path: String

  /// Creates the directory and its settings file.
  ///
  /// - Parameter settings: The settings file's text.
  /// - Throws: An error when the directory or the file cannot be made.
  init(settings: String = "lockout = 0,0,2,3\n") throws {
    var template = Array((NSTemporaryDirectory() + "/passcode-end-to-end-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) } != nil
    }
    guard created else { throw POSIXError(.EIO) }
    path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
      .replacingOccurrences(of: "//", with: "/")
    try write(settings, to: "config", mode: 0o600)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of a file in the store.
  func child(_ name: String) -> String { path + "/" + name }

  /// Writes a file with a mode.
  func write(_ text: String, to name: String, mode: mode_t) throws {
    let file = child(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    guard chmod(file, mode) == 0 else { throw POSIXError(.EPERM) }
  }

  /// Changes a file's mode.
  func setMode(_ mode: mode_t, of name: String) throws {
    guard chmod(child(name), mode) == 0 else { throw POSIXError(.EPERM) }
  }

  /// The bytes of a file in the store.
  func read(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: child(name))))
  }

  /// Every regular file under the store, with its bytes.
  func allFiles() throws -> [(name: String, bytes: [UInt8])] {
    let names = try FileManager.default.subpathsOfDirectory(atPath: path).sorted()
    return try names.compactMap { name in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: child(name), isDirectory: &isDirectory), !isDirectory.boolValue
      else { return nil }
      return (name, try read(name))
    }
  }
}
