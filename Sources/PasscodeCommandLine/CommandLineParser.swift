/// Turns `passcode`'s arguments and environment into what to do. Pure: no I/O, no exit.
///
/// Forms: `--option value`, `--option=value`, `-h`, and `--` to end the options. Options may come before
/// or after the subcommand. For `exec`, the first argument that is not an option starts the command, and
/// everything from there on is the command's own, untouched. Under the program name `pinentry-passcode`
/// the subcommand is `pinentry`, and the options gpg-agent passes to pinentry programs are accepted; under
/// `passcode-askpass` it is `askpass` (crypttab's `keyscript=` takes a path, with no arguments of its own).
///
/// `passcode` alone is a usage error ("Missing subcommand", exit 64) whose text also lists the
/// subcommands; `passcode --help` and `passcode help [<subcommand>]` print help and exit 0.
package enum CommandLineParser {
  /// The program name under which the program is a pinentry: `pinentry-passcode`.
  package static let pinentryProgramName = "pinentry-passcode"
  /// The program name under which the program is a crypttab keyscript: `passcode-askpass`.
  package static let askpassProgramName = "passcode-askpass"

  /// The subcommand a program name stands for: `pinentry` for ``pinentryProgramName``, `askpass` for
  /// ``askpassProgramName``, `nil` for any other name (`passcode`).
  static func impliedSubcommand(programName: String) -> Subcommand? {
    switch programName {
    case pinentryProgramName: .pinentry
    case askpassProgramName: .askpass
    default: nil
    }
  }

  /// Every long option the parser knows, with its dashes, such as `--length`.
  package static var knownLongOptions: [String] {
    Option.allCases.map(\.longName)
  }

  /// Parses one command line.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without `argv[0]`.
  ///   - programName: The base name of `argv[0]`, such as `passcode` or `pinentry-passcode`.
  ///   - environment: The environment; `PASSCODE_REDUCE_MOTION`, `PASSCODE_SPEECH` and `PASSCODE_PROGRESS` are read. Options
  ///     given on the command line win over them.
  /// - Returns: A run, or help or version text to print.
  /// - Throws: ``UsageError`` when the command line cannot be run.
  package static func parse(
    arguments: [String], programName: String, environment: [String: String]
  ) throws(UsageError) -> ParseOutcome {
    var state = ParserState(arguments: arguments, programName: programName)
    return try state.parse(environment: environment)
  }
}
