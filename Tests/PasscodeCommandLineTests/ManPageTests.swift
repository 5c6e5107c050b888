import Foundation
import PasscodeCommandLine
import Testing

@Suite("The man page")
struct ManPageTests {
  /// `Docs/passcode.1` with groff's escapes for dashes and fonts taken out, split into words.
  private static func manPageWords() throws -> Set<String> {
    let file = packageRoot().appendingPathComponent("Docs/passcode.1")
    let source = try String(contentsOf: file, encoding: .utf8)
    let plain = source.replacingOccurrences(of: "\\-", with: "-")
      .replacingOccurrences(of: #"\\f[BIRP]"#, with: "", options: .regularExpression)
    let wordCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-_")
    return Set(plain.components(separatedBy: wordCharacters.inverted).filter { !$0.isEmpty })
  }

  @Test("every long option the parser knows is documented in Docs/passcode.1")
  func documentsEveryOption() throws {
    let words = try Self.manPageWords()
    #expect(!CommandLineParser.knownLongOptions.isEmpty)
    for option in CommandLineParser.knownLongOptions {
      #expect(words.contains(option), "Docs/passcode.1 does not mention \(option)")
    }
  }

  @Test("every subcommand and every exit status is documented in Docs/passcode.1")
  func documentsSubcommandsAndStatuses() throws {
    let words = try Self.manPageWords()
    for subcommand in Subcommand.allCases {
      #expect(words.contains(subcommand.rawValue), "Docs/passcode.1 does not mention \(subcommand.rawValue)")
    }
    let codes: [ExitCode] = [
      .accepted, .wrongNoTriesLeft, .cancelled, .timedOut, .lockedOut, .usage, .noPasscodeSet, .noTerminal,
      .storageError, .protocolError, .permissionDenied, .cannotExecute, .commandNotFound,
    ]
    for code in codes {
      #expect(words.contains(String(code.rawValue)), "Docs/passcode.1 does not mention exit status \(code.rawValue)")
    }
  }

  @Test("each exit status in the man page starts with what --help says of it")
  func exitStatusesAgreeWithHelp() throws {
    let file = packageRoot().appendingPathComponent("Docs/passcode.1")
    let source = try String(contentsOf: file, encoding: .utf8)
    let section =
      try #require(source.components(separatedBy: ".SH EXIT STATUS").last)
      .components(separatedBy: ".SH ").first ?? ""
    var entries: [String: String] = [:]
    var current: String?
    for line in section.split(separator: "\n").map(String.init) {
      if line.hasPrefix(".TP") || line.hasPrefix(".PP") {
        current = nil
      } else if let code = current {
        let words = line.hasPrefix(".B ") || line.hasPrefix(".BR ") ? String(line.split(separator: " ")[1]) : line
        entries[code] = [entries[code] ?? "", words].filter { !$0.isEmpty }.joined(separator: " ")
      } else if line.hasPrefix(".B ") {
        current = String(line.dropFirst(3))
      }
    }
    let help = HelpText.render(topic: nil, programName: "passcode")
    let helpSection = try #require(help.components(separatedBy: "EXIT STATUS:").last)
    for code in ["1", "2", "3", "4", "64", "66", "69", "74", "76"] {
      let row = helpSection.split(separator: "\n").first {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix(code + " ")
      }
      let helpWords = try #require(row).trimmingCharacters(in: .whitespaces).dropFirst(code.count)
        .trimmingCharacters(in: .whitespaces)
      let sentence = helpWords.hasSuffix(".") ? String(helpWords.dropLast()) : helpWords
      let manText = try #require(entries[code], "no entry for \(code)")
      #expect(manText.hasPrefix(sentence), "man page \(code): '\(manText)' vs --help: '\(sentence)'")
    }
  }
}
