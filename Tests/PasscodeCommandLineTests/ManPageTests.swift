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
      .storageError, .cannotExecute, .commandNotFound,
    ]
    for code in codes {
      #expect(words.contains(String(code.rawValue)), "Docs/passcode.1 does not mention exit status \(code.rawValue)")
    }
  }
}
