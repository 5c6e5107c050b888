import PasscodeEngine
import PasscodeLocalization

/// A command line `passcode` cannot run, with words in the manner of swift-argument-parser.
///
/// `main` prints ``rendered(programName:)`` to standard error and exits with ``ExitCode/usage`` (64).
package struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong.
  package enum Kind: Equatable, Sendable {
    /// An option no subcommand takes; `suggestion` is a near spelling, if any.
    case unknownOption(String, suggestion: String?)
    /// An option that needs a value came last, or before another option.
    case missingValue(option: String)
    /// A value an option does not take; `expectation` says what would do.
    case invalidValue(value: String, option: String, expectation: String)
    /// A flag was given a value with `=`.
    case valueForFlag(option: String, value: String)
    /// An argument nothing takes.
    case unexpectedArgument(String)
    /// No subcommand was named.
    case missingSubcommand
    /// A word that names no subcommand; `suggestion` is a near name, if any.
    case unknownSubcommand(String, suggestion: String?)
    /// `exec` without a command to run.
    case missingCommand
    /// An option that exists but does not apply to this subcommand.
    case optionNotApplicable(option: String, subcommand: Subcommand)
    /// An environment variable with a value it does not take.
    case invalidEnvironment(variable: String, value: String, expectation: String)
    /// Two options that exclude each other, such as `--query` and `--watch`.
    case conflictingOptions(first: String, second: String)
  }

  /// What was wrong.
  package var kind: Kind
  /// The subcommand the usage line should describe, when it was known; `nil` for the overview.
  package var subcommand: Subcommand?

  /// Makes a usage error.
  ///
  /// - Parameters:
  ///   - kind: What was wrong.
  ///   - subcommand: The subcommand the usage line should describe, if known.
  package init(_ kind: Kind, subcommand: Subcommand? = nil) {
    self.kind = kind
    self.subcommand = subcommand
  }

  /// The message, without the `Error: ` in front: `Unknown option '--foo'`.
  package var message: String {
    switch kind {
    case let .unknownOption(option, suggestion):
      Localization.text("Unknown option '{option}'", ["option": Self.quoted(option)]) + Self.didYouMean(suggestion)
    case let .missingValue(option):
      Localization.text("Missing value for '{option}'", ["option": Self.quoted(option)])
    case let .invalidValue(value, option, expectation):
      Localization.text(
        "The value '{value}' is invalid for '{option}'.", ["value": Self.quoted(value), "option": Self.quoted(option)])
        + " "
        + expectation
    case let .valueForFlag(option, value):
      Localization.text(
        "The option '{option}' takes no value, but '{value}' was given",
        ["option": Self.quoted(option), "value": Self.quoted(value)])
    case let .unexpectedArgument(argument):
      Localization.text("Unexpected argument '{argument}'", ["argument": Self.quoted(argument)])
    case .missingSubcommand:
      Localization.text("Missing subcommand")
    case let .unknownSubcommand(name, suggestion):
      Localization.text("Unknown subcommand '{name}'", ["name": Self.quoted(name)]) + Self.didYouMean(suggestion)
    case .missingCommand:
      Localization.text("Missing expected argument '<command>'")
    case let .optionNotApplicable(option, subcommand):
      Localization.text(
        "The option '{option}' does not apply to '{subcommand}'",
        ["option": Self.quoted(option), "subcommand": subcommand.rawValue])
    case let .invalidEnvironment(variable, value, expectation):
      Localization.text(
        "The value '{value}' is invalid for '{option}'.",
        ["value": Self.quoted(value), "option": Self.quoted(variable)]) + " "
        + expectation
    case let .conflictingOptions(first, second):
      Localization.text(
        "The options '{first}' and '{second}' cannot be used together",
        ["first": Self.quoted(first), "second": Self.quoted(second)])
    }
  }

  /// The message alone, as `Error: …` says it; ``rendered(programName:)`` adds the usage lines.
  package var description: String { message }

  /// The full text for standard error: the error, the usage line and where to find more.
  ///
  /// ```
  /// Error: Unknown option '--foo'
  /// Usage: passcode check [--title <text>] ...
  ///   See 'passcode check --help' for more information.
  /// ```
  /// A missing subcommand also lists the subcommands. Every line is at most 80 columns, except a
  /// message that quotes a long argument.
  ///
  /// - Parameter programName: The base name the program was started under; it is quoted like any word typed.
  /// - Returns: The text, ending in a newline.
  package func rendered(programName: String) -> String {
    let shownName = Self.quoted(programName)
    var lines = [Localization.text("Error: {message}", ["message": message])]
    lines += HelpText.usageLines(prefix: Localization.text("Usage: "), subcommand: subcommand, programName: shownName)
    if kind == .missingSubcommand, programName != CommandLineParser.pinentryProgramName {
      lines += [""] + HelpText.subcommandSection() + [""]
    }
    let path = HelpText.commandPath(subcommand: subcommand, programName: shownName)
    lines.append("  " + Localization.text("See '{command} --help' for more information.", ["command": path]))
    return HelpLayout.text(lines)
  }

  /// A word the user typed (an argument, a value, the program's name) as the message quotes it: whole, with
  /// anything that could move the cursor or start a line shown as a visible escape.
  private static func quoted(_ word: String) -> String {
    SanitizedText(quoting: word).text
  }

  private static func didYouMean(_ suggestion: String?) -> String {
    guard let suggestion else { return "" }
    return Localization.text(". Did you mean '{suggestion}'?", ["suggestion": suggestion])
  }
}
