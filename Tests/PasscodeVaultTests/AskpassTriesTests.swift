import Foundation
import PasscodeVault
import Testing

@Suite("AskpassTries: the same question asked again under the same parent is the next try")
struct AskpassTriesTests {
  /// This test's own process: a parent that is running.
  private let parent = getpid()

  private func count(_ question: String, start: UInt64 = 77, in directory: TemporaryDirectory) -> Int? {
    AskpassTries.count(question, parent: parent, parentStart: start, location: directory.location)
  }

  @Test("each ask of the same question counts one more; a different question starts again at 1")
  func counting() throws {
    let directory = try TemporaryDirectory()
    #expect(count("[sudo] password for a: ", in: directory) == 1)
    #expect(count("[sudo] password for a: ", in: directory) == 2)
    #expect(count("[sudo] password for a: ", in: directory) == 3)
    #expect(count("Verification code: ", in: directory) == 1, "a second PAM question is no retry")
    #expect(count("Verification code: ", in: directory) == 2)
  }

  @Test("a parent with another start time is another process given the same ID: it starts at 1")
  func reusedIdentifier() throws {
    let directory = try TemporaryDirectory()
    #expect(count("q", start: 77, in: directory) == 1)
    #expect(count("q", start: 77, in: directory) == 2)
    #expect(count("q", start: 78, in: directory) == 1)
  }

  @Test("the record holds the start time, a digest of the question and the count, private to its owner")
  func recordContents() throws {
    let directory = try TemporaryDirectory()
    _ = count("[sudo] password for a: ", in: directory)
    let text = String(decoding: try directory.read("askpass-\(parent)"), as: UTF8.self)
    let lines = text.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines.first == "passcode askpass tries")
    #expect(lines.contains("parent-start 77") && lines.contains("tries 1"))
    #expect(!text.contains("sudo") && !text.contains("password"), "the question is kept only as a digest")
    let mode = try FileManager.default.attributesOfItem(atPath: directory.child("askpass-\(parent)"))[.posixPermissions]
    #expect((mode as? Int) == 0o600)
  }

  @Test("a record of a parent that is gone is removed at the next ask; a damaged one starts again at 1")
  func cleanUp() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      "passcode askpass tries\nparent-start 1\nquestion 0\ntries 4\n", to: "askpass-999999999", mode: 0o600)
    try directory.write("garbage", to: "askpass-\(parent)", mode: 0o600)
    #expect(count("q", in: directory) == 1)
    #expect(!FileManager.default.fileExists(atPath: directory.child("askpass-999999999")))
  }

  @Test("without a private runtime directory (XDG_RUNTIME_DIR unset), tries are not counted")
  func noRuntimeDirectory() throws {
    let directory = try TemporaryDirectory()
    let location = try StoreLocation.resolve(environment: ["HOME": directory.path])
    #expect(location.runtimeDirectoryIsFallback)
    #expect(AskpassTries.count("q", parent: parent, parentStart: 1, location: location) == nil)
  }
}
