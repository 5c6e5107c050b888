import Foundation
import PasscodeCommandLine
import Testing

/// The translated manual pages, `Docs/passcode.LANGUAGE.1`: each names every option and subcommand, so
/// none is left undocumented in a language.
@Suite("The translated man pages")
struct TranslatedManPageTests {
  private static let languages = ["es", "fr", "de"]

  private static func words(language: String) throws -> Set<String> {
    let source = try String(
      contentsOf: packageRoot().appendingPathComponent("Docs/passcode.\(language).1"), encoding: .utf8)
    let plain = source.replacingOccurrences(of: "\\-", with: "-")
      .replacingOccurrences(of: #"\\f[BIRP]"#, with: "", options: .regularExpression)
    let wordCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-_")
    return Set(plain.components(separatedBy: wordCharacters.inverted).filter { !$0.isEmpty })
  }

  @Test("every long option and every subcommand is in each translated page", arguments: languages)
  func documentsEveryOptionAndSubcommand(language: String) throws {
    let words = try Self.words(language: language)
    for option in CommandLineParser.knownLongOptions {
      #expect(words.contains(option), "Docs/passcode.\(language).1 does not mention \(option)")
    }
    for subcommand in Subcommand.allCases {
      #expect(words.contains(subcommand.rawValue), "Docs/passcode.\(language).1 does not mention \(subcommand)")
    }
  }

  @Test("each translated page formats without a warning from man", arguments: languages)
  func formatsCleanly(language: String) throws {
    let page = packageRoot().appendingPathComponent("Docs/passcode.\(language).1").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "man --warnings -E UTF-8 -l \"$0\" 2>&1 >/dev/null", page]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let warnings = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(warnings.isEmpty, "man warns: \(warnings)")
  }
}
