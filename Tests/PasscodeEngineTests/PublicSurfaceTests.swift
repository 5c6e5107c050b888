import Foundation
import Testing

/// The package's public API is what a consumer of its one library product, `PasscodeKeypad`, uses: the terminal's
/// prompt and its settings and errors, the engine's configuration, verdicts, outcomes and secret storage, and the
/// locked buffer. Everything else is `package` access, so this list changes only when that API does, on purpose.
@Suite("The public surface")
struct PublicSurfaceTests {
  /// Every public declaration of `Sources/`, file by file: the declaration's keywords and name, and for a
  /// function or initialiser its first argument label.
  static let expected: [String: [String]] = [
    "LockedSecretStorage/WipedSecretBuffer.swift": [
      "final class WipedSecretBuffer", "let capacity", "var count", "init(capacity:)", "func append(contentsOf:)",
      "func removeLast(_:)", "func wipe()", "func withUnsafeBytes(_:)", "func constantTimeEquals(_:)",
      "static func ==(lhs:)",
    ],
    "PasscodeEngine/Announcement.swift": [
      "enum Announcement", "enum SecretNoun", "enum SecretStrength", "enum CountlessFeedback", "enum CharacterKind",
    ],
    "PasscodeEngine/EntryConfiguration.swift": [
      "struct EntryConfiguration", "static let fixedLengthLimits", "static let variableLengthLimit",
      "static let timeExtensionLimit", "enum Length", "enum AllowedCharacters", "func allows(_:)", "var title",
      "var length", "var allowed", "var isSecure", "var reduceMotion", "var lockoutSchedule",
      "var rejectionDuration", "var checkingDelay", "var shake", "var timeout", "var progress", "var mask",
      "static let standardTitle", "init(title:)", "var maximumLength", "var minimumLength", "var fixedLength",
      "var maximumByteCount",
    ],
    "PasscodeEngine/CellMask.swift": ["enum CellMask"],
    "PasscodeEngine/EntryConfigurationError.swift": ["enum EntryConfigurationError", "var description"],
    "PasscodeEngine/PromptEffect.swift": ["enum EntryOutcome"],
    "PasscodeEngine/EntryEvent.swift": ["enum Verdict", "enum RetryReason"],
    "PasscodeEngine/LockoutSchedule.swift": [
      "struct LockoutSchedule", "let delays", "init(delays:)", "static let standard", "static let never",
    ],
    "PasscodeEngine/ProgressFeedback.swift": ["enum ProgressFeedback"],
    "PasscodeEngine/SanitizedText.swift": [
      "struct SanitizedText", "let text", "init(_:)", "init(quoting:)", "init(stringLiteral:)", "var description",
    ],
    "PasscodeEngine/SecretStorage.swift": ["protocol SecretStorage", "var description", "func append(_:)"],
    "PasscodeEngine/ShakeCurve.swift": [
      "struct ShakeCurve", "let swings", "let amplitude", "let duration", "let framesPerSecond",
      "static let maximumColumns", "static let standard", "init(swings:)",
    ],
    "AccessiblePrompt/TerminalPasscodePrompt+Current.swift": ["static func current()"],
    "PasscodeKeypad/Exports.swift": ["import enum PasscodePreferences.ColorMode"],
    "PasscodeKeypad/TerminalPasscodePrompt+AsyncVerifier.swift": ["func ask(_:)"],
    "PasscodePreferences/ColorMode.swift": ["enum ColorMode"],
    "PasscodeTerminal/PromptRemote.swift": [
      "final class PromptRemote", "init()", "func clear()", "func cancel()", "var progress", "func observeProgress(_:)",
      "struct EntryProgress", "let count", "let length", "var isFilled", "init(count:)",
    ],
    "PasscodeTerminal/PromptError.swift": ["enum PromptError", "var description"],
    "PasscodeTerminal/PromptSettings.swift": [
      "struct PromptSettings", "var terminalPath", "var color", "var screenReaderForced", "var screenReaderDetected",
      "var reducesMotion", "var environment", "var outputIsTerminal", "var soundCues", "var progress", "var mask",
      "var ignoresInterruptions", "var makeSecretStorage", "var remote", "static var processEnvironment",
      "init(terminalPath:)",
    ],
    "PasscodeTerminal/Signal.swift": ["import enum SystemCalls.Signal"],
    "PasscodeTerminal/TerminalError.swift": [
      "struct TerminalError", "enum Operation", "enum Refusal", "let operation", "let errno", "let path",
      "let refusal", "var description",
    ],
    "PasscodeTerminal/TerminalPasscodePrompt.swift": [
      "final class TerminalPasscodePrompt", "let remote", "init(settings:)", "func close()", "func ask(_:)",
      "func askForSecret(_:)",
    ],
    "SystemCalls/Signals.swift": ["enum Signal", "var number", "init?(number:)"],
  ]

  @Test("Package.swift offers one library, PasscodeKeypad, and one executable, passcode")
  func products() throws {
    let manifest = try String(
      contentsOf: EnginePurityTests.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    // The products list: from `products: [` to the bracket that closes it, alone on its line.
    let list = try #require(
      manifest.firstMatch(of: #/products:\s*\[(?<list>.*?)\n\s*\],/#.dotMatchesNewlines())?.output.list)
    let products = list.matches(of: #/\.(library|executable|plugin)\(\s*name:\s*"([^"]+)"/#)
      .map { "\($0.output.1) \($0.output.2)" }
    #expect(products == ["executable passcode", "library PasscodeKeypad"])
  }

  @Test("the public declarations are the consumer's API and nothing more")
  func publicDeclarations() throws {
    let found = try Self.publicDeclarations()
    #expect(found["PasscodeEngine/EntryConfiguration.swift"]?.contains("var title") == true, "the scan: \(found)")
    for file in Set(found.keys).union(Self.expected.keys).sorted() where found[file] != Self.expected[file] {
      Issue.record("\(file): public \(found[file] ?? []), expected \(Self.expected[file] ?? [])")
    }
  }

  @Test("a declaration made public is found, with its first label")
  func scanFindsDeclarations() {
    let text = """
      /// A type.
      public struct Made {
        @discardableResult
        public static func make(with value: Int) -> Made { Made() }
        public private(set) var count = 0
        public nonisolated(nonsending) func wait(for other: Made) async {}
        package var hidden = 0
      }
      """
    #expect(Self.declarations(in: text) == ["struct Made", "static func make(with:)", "var count", "func wait(for:)"])
  }

  /// The public declarations of every Swift file under `Sources/`, by the file's path from there.
  static func publicDeclarations() throws -> [String: [String]] {
    let sources = EnginePurityTests.packageRoot.appendingPathComponent("Sources")
    let paths = try #require(FileManager.default.subpaths(atPath: sources.path)).filter { $0.hasSuffix(".swift") }
    var found: [String: [String]] = [:]
    for path in paths.sorted() {
      let declarations = declarations(
        in: try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8))
      if !declarations.isEmpty { found[path] = declarations }
    }
    return found
  }

  /// Each public declaration of a file, in order: its keywords and name, a function's first label (read on the
  /// next line when the parameters start there).
  static func declarations(in text: String) -> [String] {
    let declaration =
      #/
      ^ \s* (?: @\w+ (?: \( [^)]* \) )? \s+ )* public \s+ (?: private\(set\) \s+ )? (?: nonisolated (?: \( \w+ \) )? \s+ )?
      ( (?: == | [^(:=<{] )* (?: == | [^(:=<{\s] ) ) \s* (?: < [^>]* > )? ( \( \s* (\w*) )?
      /#
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.indices.compactMap { index -> String? in
      var line = String(lines[index])
      if line.hasSuffix("("), index + 1 < lines.count { line += lines[index + 1].drop { $0 == " " } }
      guard let match = line.firstMatch(of: declaration) else { return nil }
      let head = match.output.1.split(separator: " ").joined(separator: " ")
      guard match.output.2 != nil else { return head }
      let label = match.output.3 ?? ""
      return label.isEmpty ? "\(head)()" : "\(head)(\(label):)"
    }
  }
}
