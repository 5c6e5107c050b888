import Foundation
import LockedSecretStorage
import PasscodeEngine
import PasscodeVault

/// A fresh private directory under the system temporary directory, removed when released.
final class TemporaryDirectory {
  let path: String

  init() throws {
    var template = Array((NSTemporaryDirectory() + "/passcode-vault-tests-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) } != nil
    }
    guard created else { throw POSIXError(.EIO) }
    path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
      .replacingOccurrences(of: "//", with: "/")
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  func child(_ name: String) -> String { path + "/" + name }

  var location: StoreLocation { .singleDirectory(path) }

  /// The names in the directory.
  func entries(of directory: String? = nil) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory ?? path).sorted()
  }

  func write(_ text: String, to name: String, mode: mode_t) throws {
    let file = child(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    guard chmod(file, mode) == 0 else { throw POSIXError(.EPERM) }
  }

  func read(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: child(name))))
  }
}

/// The permission bits of a file.
func permissions(of path: String) -> mode_t {
  var status = stat()
  guard stat(path, &status) == 0 else { return 0o7777 }
  return status.st_mode & 0o7777
}

/// A secret buffer holding the bytes of a test code.
func secret(_ code: StaticString, capacity: Int = 32) throws -> WipedSecretBuffer {
  let buffer = WipedSecretBuffer(capacity: capacity)
  _ = buffer.append(contentsOf: UnsafeRawBufferPointer(start: code.utf8Start, count: code.utf8CodeUnitCount))
  return buffer
}

/// A schedule that locks from the third failure: 0, 0, 30 s, then 60 s.
let testSchedule: LockoutSchedule = {
  do {
    return try LockoutSchedule(delays: [.zero, .zero, .seconds(30), .seconds(60)])
  } catch {
    preconditionFailure("the test schedule is valid")
  }
}()
