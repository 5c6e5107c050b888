import PasscodeEngine
import PasscodePreferences

/// What a shell may offer for an option's value.
enum CompletionValue: Equatable, Sendable {
  /// The option is a flag and takes no value.
  case none
  /// Any text; nothing is offered.
  case free
  /// One of these words.
  case choices([String])
  /// A directory name.
  case directory
  /// A file name.
  case file
}

extension Option {
  /// What a shell may offer for this option's value, from the same tables the parser checks values with.
  var completionValue: CompletionValue {
    switch self {
    case .allowed: .choices(EntryConfiguration.AllowedCharacters.names)
    case .speech: .choices(SpeechMode.allCases.map(\.rawValue))
    case .progress: .choices(ProgressFeedback.allCases.map(\.rawValue))
    case .mask: .choices(CellMask.allCases.map(\.rawValue))
    case .color: .choices(ColorMode.allCases.map(\.rawValue))
    case .store: .directory
    case .tty, .ttyName: .file
    // A value that can only be attached (`--console=TTY`) is never the next word, so the option completes
    // like a flag.
    default: valueName == nil || takesOptionalValue ? .none : .free
    }
  }

  /// Every spelling of the option: the long one, then the short one if it has one.
  var spellings: [String] {
    [longName] + (shortName.map { [$0] } ?? [])
  }

  /// The spellings a completion offers for this option under `subcommand`: the long one, and the short one
  /// where help shows it.
  func completionSpellings(for subcommand: Subcommand) -> [String] {
    let label = label(showsPinentryShortNames: subcommand == .pinentry)
    guard let shortName, label.hasPrefix(shortName + ",") else { return [longName] }
    return [shortName, longName]
  }
}

extension Subcommand {
  /// The long spellings of every option this subcommand takes, with `--help` and `--version` last: the
  /// table the completion scripts are made from.
  package var longOptionNames: [String] {
    completionOptions.map(\.longName)
  }

  /// Every option this subcommand takes, with `--help` and `--version` last.
  var completionOptions: [Option] {
    options + [.help, .version]
  }
}
