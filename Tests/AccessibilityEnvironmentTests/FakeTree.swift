import Foundation
import Glibc

/// A temporary directory tree for detector tests, removed when dropped.
final class FakeTree {
  let root: String

  init() throws {
    var template = Array("/tmp/passcode-tree.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    root = String(cString: made)
  }

  func write(_ relativePath: String, _ contents: String) throws {
    let path = root + "/" + relativePath
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
  }

  func makeDirectory(_ relativePath: String) throws {
    try FileManager.default.createDirectory(atPath: root + "/" + relativePath, withIntermediateDirectories: true)
  }

  func addProcess(pid: Int, comm: String, cmdline: [String], uid: UInt32) throws {
    try write("\(pid)/comm", comm + "\n")
    try write("\(pid)/cmdline", cmdline.map { $0 + "\u{0}" }.joined())
    try write("\(pid)/status", "Name:\t\(comm)\nUmask:\t0022\nUid:\t\(uid)\t\(uid)\t\(uid)\t\(uid)\nGid:\t0\t0\t0\t0\n")
  }

  deinit {
    try? FileManager.default.removeItem(atPath: root)
  }
}
