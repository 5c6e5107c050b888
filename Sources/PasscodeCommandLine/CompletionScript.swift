/// The shell completion scripts `passcode --generate-completion-script <shell>` prints, made from the
/// parser's own tables (subcommands, the options each takes, and the values an option accepts), so a
/// completion can never offer what the parser refuses or miss what it takes. Pure: no I/O.
package enum CompletionScript {
  /// The option that prints a script, spelled as swift-argument-parser spells it. It is hidden from help.
  package static let optionName = "--generate-completion-script"

  /// The completion script for a shell.
  ///
  /// - Parameters:
  ///   - shell: The shell the script is for.
  ///   - programName: The command the script completes.
  /// - Returns: The script, ending in a newline.
  package static func render(for shell: CompletionShell, programName: String = "passcode") -> String {
    let lines: [String]
    switch shell {
    case .bash: lines = BashCompletion.lines(programName: programName)
    case .zsh: lines = ZshCompletion.lines(programName: programName)
    case .fish: lines = FishCompletion.lines(programName: programName)
    }
    return HelpLayout.text(lines)
  }

  /// The words that can stand where a subcommand goes: every subcommand, then `help`.
  static var subcommandWords: [String] {
    Subcommand.allCases.map(\.rawValue) + ["help"]
  }

  /// The words that can follow `help`: every subcommand, then the topics that are not subcommands.
  static var helpTopicWords: [String] {
    Subcommand.allCases.map(\.rawValue) + HelpReference.allCases.map(\.rawValue)
  }

  /// The words a script offers after ``optionName``: the shells it writes scripts for.
  static var shellNames: [String] {
    CompletionShell.allCases.map(\.rawValue)
  }

  /// Every spelling of an option that takes its value as the next word, so a script can step over the value
  /// when it looks for the subcommand (`--console=TTY` only takes an attached one). ``optionName`` is among
  /// them: it is hidden from the options offered, but its shell is completed.
  static var spellingsTakingValues: [String] {
    Option.allCases.filter { $0.valueName != nil && !$0.takesOptionalValue }.flatMap(\.spellings) + [optionName]
  }

  /// A shell-safe name for functions: the program name with anything but letters and digits as `_`.
  static func functionName(_ programName: String) -> String {
    String(programName.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }

  /// Text in single quotes for a POSIX shell (bash, zsh): `'` becomes `'\''`.
  static func singleQuoted(_ text: String) -> String {
    "'" + text.flatMap { $0 == "'" ? Array("'\\''") : [$0] } + "'"
  }
}
