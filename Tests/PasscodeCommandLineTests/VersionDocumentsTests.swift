import Foundation
import PasscodeCommandLine
import Testing

@Suite("The version in the documents")
struct VersionDocumentsTests {
  @Test("CHANGELOG.md has a section for the version --version prints, and an Unreleased section above it")
  func changelog() throws {
    let text = try String(contentsOf: packageRoot().appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }
    #expect(headings.first == "## Unreleased")
    #expect(headings.contains { $0.hasPrefix("## \(PasscodeVersion.current) - ") })
  }

  @Test("the man page's title line names the version --version prints")
  func manPage() throws {
    let text = try String(contentsOf: packageRoot().appendingPathComponent("Docs/passcode.1"), encoding: .utf8)
    let title = text.split(separator: "\n").first { $0.hasPrefix(".TH ") }
    #expect(title?.contains("\"passcode \(PasscodeVersion.current)\"") == true)
  }
}
