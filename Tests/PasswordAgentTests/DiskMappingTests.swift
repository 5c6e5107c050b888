import Foundation
import PasswordAgent
import Testing

@Suite("Whether an answered disk was unlocked: its device-mapper mapping")
struct DiskMappingTests {
  /// A block directory like `/sys/block`: `dm-N/dm/name` for each name, and a disk that is not mapped.
  private func blockDirectory(mapping names: [String]) throws -> String {
    let directory = NSTemporaryDirectory() + "block-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory + "/vda", withIntermediateDirectories: true)
    for (index, name) in names.enumerated() {
      try FileManager.default.createDirectory(atPath: directory + "/dm-\(index)/dm", withIntermediateDirectories: true)
      try Data((name + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/dm-\(index)/dm/name"))
    }
    return directory
  }

  private func disk(named name: String, process: Int32?) -> PasswordQuestion {
    PasswordQuestion(
      fileName: "ask.x", processIdentifier: process, socketPath: "/s",
      message: "Please enter passphrase for disk \(name):", identifier: "cryptsetup:/dev/vda")
  }

  @Test("a mapping named as the disk's volume means unlocked; a name that only starts so does not")
  func mapped() throws {
    let directory = try blockDirectory(mapping: ["cryptswap", "cryptroot"])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(DiskMapping.isMapped("cryptroot", blockDirectory: directory))
    #expect(!DiskMapping.isMapped("crypt", blockDirectory: directory))
    #expect(!DiskMapping.isMapped("cryptroot", blockDirectory: directory + "/missing"))
    #expect(
      DiskMapping.state(of: disk(named: "Samsung (cryptroot)", process: nil), blockDirectory: directory) == .mapped)
  }

  @Test("no mapping: pending while the asker runs, not mapped once it is gone or for a question that is not a disk's")
  func notMapped() throws {
    let directory = try blockDirectory(mapping: ["other"])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(DiskMapping.state(of: disk(named: "cryptroot", process: getpid()), blockDirectory: directory) == .pending)
    #expect(DiskMapping.state(of: disk(named: "cryptroot", process: nil), blockDirectory: directory) == .notMapped)
    let other = PasswordQuestion(fileName: "ask.y", processIdentifier: getpid(), socketPath: "/s", message: "Hi:")
    #expect(DiskMapping.state(of: other, blockDirectory: directory) == .notMapped)
  }
}
