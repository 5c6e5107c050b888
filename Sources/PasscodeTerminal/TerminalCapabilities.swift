import PasscodeEngine
import PasscodePreferences

/// What the output can do and how to present the prompt on it, decided once at start from the
/// environment, the command-line options and whether the output is a terminal. A pure value: no I/O.
package struct TerminalCapabilities: Equatable, Sendable {
  /// The width used when neither `COLUMNS` nor the window size gives one.
  package static let defaultWidth = 80

  /// What the output is connected to.
  package let terminalKind: TerminalKind
  /// Whether to use colour (SGR sequences). Never `true` when ``allowsEscapes`` is `false`.
  package let usesColor: Bool
  /// Whether any escape sequence may be written. `false` for ``TerminalKind/dumb`` and ``TerminalKind/file``.
  package let allowsEscapes: Bool
  /// How to present the prompt.
  package let profile: OutputProfile
  /// The width to render for, in columns.
  package let width: Int

  /// Decides the capabilities.
  ///
  /// - Parameters:
  ///   - environment: The process environment (`TERM`, `NO_COLOR`, `COLUMNS` are read).
  ///   - outputIsTerminal: Whether the output descriptor is a terminal (`isatty`).
  ///   - color: The `--color` option. Following no-color.org, a non-empty `NO_COLOR` turns colour off
  ///     unless the user asked for `always`.
  ///   - screenReaderForced: Whether `--screen-reader` was given.
  ///   - screenReaderDetected: Whether a running screen reader was detected.
  ///   - requestedProfile: A profile the person chose (`profile =` in the config file), or `nil` to decide
  ///     from the above; `visual` becomes `plain` where escape codes are not allowed.
  ///   - windowColumns: The columns the kernel reports for the window, if any.
  package init(
    environment: [String: String], outputIsTerminal: Bool, color: ColorMode, screenReaderForced: Bool,
    screenReaderDetected: Bool, requestedProfile: OutputProfile? = nil, windowColumns: Int? = nil
  ) {
    let term = environment["TERM"] ?? ""
    if !outputIsTerminal {
      terminalKind = .file
    } else if term.isEmpty || term == "dumb" {
      terminalKind = .dumb
    } else {
      terminalKind = .tty
    }
    allowsEscapes = terminalKind == .tty
    switch color {
    case .always: usesColor = allowsEscapes
    case .never: usesColor = false
    // no-color.org: `NO_COLOR` set and not empty asks for none; `--color always` still wins.
    case .auto: usesColor = allowsEscapes && (environment["NO_COLOR"] ?? "").isEmpty
    }
    if let requestedProfile, !screenReaderForced {
      profile = requestedProfile == .visual && terminalKind != .tty ? .plain : requestedProfile
    } else if screenReaderForced || screenReaderDetected {
      profile = .screenReader
    } else if terminalKind == .tty {
      profile = .visual
    } else {
      profile = .plain
    }
    width = Self.width(environment: environment, windowColumns: windowColumns)
  }

  /// The width to render for: `COLUMNS` when it is a positive whole number, else the window's columns
  /// when positive, else ``defaultWidth``.
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - windowColumns: The columns from `TIOCGWINSZ`, if known.
  /// - Returns: The width in columns.
  package static func width(environment: [String: String], windowColumns: Int?) -> Int {
    if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
    if let windowColumns, windowColumns > 0 { return windowColumns }
    return defaultWidth
  }
}
