/// What the output is connected to, decided once at start.
package enum TerminalKind: Equatable, Sendable {
  /// A terminal that understands escape sequences.
  case tty
  /// A terminal that understands none: `TERM=dumb`, or `TERM` unset or empty.
  case dumb
  /// Not a terminal: a file or a pipe.
  case file
}
