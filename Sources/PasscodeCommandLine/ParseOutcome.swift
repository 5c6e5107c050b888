/// What a command line asks for: a run, or one of the texts that end the program at once.
package enum ParseOutcome: Equatable, Sendable {
  /// Run a subcommand.
  case run(Invocation)
  /// Print `text` to standard output and exit 0; `topic` is `nil` for the overview and for the topics that are
  /// not subcommands (``HelpReference``).
  case showHelp(topic: Subcommand?, text: String)
  /// Print `text` (the version line) to standard output and exit 0.
  case showVersion(String)
  /// Print `text`, a completion script for `shell`, to standard output and exit 0.
  case showCompletionScript(shell: CompletionShell, text: String)
}
