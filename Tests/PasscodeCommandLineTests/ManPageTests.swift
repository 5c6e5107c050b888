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
      .storageError, .permissionDenied, .cannotExecute, .commandNotFound,
    ]
    for code in codes {
      #expect(words.contains(String(code.rawValue)), "Docs/passcode.1 does not mention exit status \(code.rawValue)")
    }
  }
}
