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

  /// The source of one `.SH` section of `Docs/passcode.1`, up to the next one.
  private static func manPageSection(_ name: String) throws -> String {
    let source = try String(contentsOf: packageRoot().appendingPathComponent("Docs/passcode.1"), encoding: .utf8)
    let section = try #require(source.components(separatedBy: ".SH \(name)\n").dropFirst().first)
    return section.components(separatedBy: ".SH ").first ?? ""
  }

  @Test("every key of status --json is documented in the man page's JSON OUTPUT section")
  func documentsJSONKeys() throws {
    let section = try Self.manPageSection("JSON OUTPUT")
    let report = StatusReport(
      isPasscodeSet: true, length: 6, allowed: "digits", failures: 0, lockoutRemainingSeconds: 0,
      graceRemainingSeconds: 0, store: "/s")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
    #expect(object.count == 7)
    for key in object.keys {
      #expect(section.contains(".B \(key)\n"), "JSON OUTPUT does not describe \(key)")
    }
  }

  @Test("the settings file's keys are documented in the man page's CONFIGURATION section")
  func documentsSettingsKeys() throws {
    let section = try Self.manPageSection("CONFIGURATION")
    for key in ["lockout", "length", "grace"] {
      #expect(section.contains(".BI \"\(key) = \""), "CONFIGURATION does not describe \(key)")
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
