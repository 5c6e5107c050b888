import Foundation
import Testing

@testable import PasscodeCommandLine

/// The help's own words are gettext messages: each one must be in the template, so translators see it.
@Suite("Help text in the gettext template")
struct HelpMessageCatalogueTests {
  /// Every `msgid` of `passcode.pot`, continuation lines joined.
  private static func templateIdentifiers() throws -> Set<String> {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/PasscodeLocalization/po/passcode.pot").path
    let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"\n\"", with: "")
    var identifiers: Set<String> = []
    for line in text.split(separator: "\n") where line.hasPrefix("msgid \"") {
      identifiers.insert(
        String(line.dropFirst("msgid \"".count).dropLast()).replacingOccurrences(of: "\\\"", with: "\""))
    }
    return identifiers
  }

  @Test("every summary, overview, option and environment help, and every placeholder, is a message of the template")
  func everyHelpTextIsInTheTemplate() throws {
    let identifiers = try Self.templateIdentifiers()
    #expect(identifiers.contains("OVERVIEW: "), "the template was read")
    let texts =
      Subcommand.allCases.flatMap { [$0.summary, $0.overview] } + Option.allCases.map(\.help)
      + EnvironmentVariable.allCases.map(\.help) + Option.allCases.compactMap(\.valueName)
      + ["<subcommand>", "<options>", "<gpg-agent options>", "<other options>", "<command>", "<argument>", "<status>"]
    for text in texts {
      #expect(identifiers.contains(text), "not in passcode.pot: \(text.debugDescription)")
    }
  }
}
