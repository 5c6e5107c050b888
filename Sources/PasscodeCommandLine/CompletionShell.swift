/// A shell that `passcode --generate-completion-script` writes a completion script for.
package enum CompletionShell: String, CaseIterable, Equatable, Sendable {
  /// GNU bash, with or without the bash-completion package.
  case bash
  /// The Z shell's completion system (`compinit`).
  case zsh
  /// The friendly interactive shell.
  case fish
}
