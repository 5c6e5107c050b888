/// The help topics that are not subcommands: what every subcommand shares, which each subcommand's help points to
/// instead of repeating it (`passcode help environment`, `passcode help config`).
package enum HelpReference: String, CaseIterable, Sendable {
  /// The environment variables `passcode` reads.
  case environment
  /// The config file and its keys.
  case config

  /// One line for completions: what the topic holds.
  var summary: String {
    switch self {
    case .environment: "The environment variables every subcommand reads."
    case .config: "The config file and its keys."
    }
  }
}
