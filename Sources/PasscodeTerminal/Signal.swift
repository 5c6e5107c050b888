#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A signal the passcode prompt reacts to, as delivered by ``SignalRelay``.
public enum Signal: CaseIterable, Equatable, Hashable, Sendable {
  /// `SIGINT`: interrupt, usually from `kill -INT` (Ctrl-C arrives as a key in raw mode).
  case interrupt
  /// `SIGTERM`: a polite request to end.
  case terminate
  /// `SIGHUP`: the terminal went away.
  case hangup
  /// `SIGQUIT`: quit.
  case quit
  /// `SIGTSTP`: a request to suspend (Ctrl-Z arrives as a key in raw mode).
  case terminalStop
  /// `SIGCONT`: the process was continued after a stop.
  case continued
  /// `SIGWINCH`: the window size changed.
  case windowSizeChanged

  /// The C signal number.
  public var number: Int32 {
    switch self {
    case .interrupt: SIGINT
    case .terminate: SIGTERM
    case .hangup: SIGHUP
    case .quit: SIGQUIT
    case .terminalStop: SIGTSTP
    case .continued: SIGCONT
    case .windowSizeChanged: SIGWINCH
    }
  }

  /// Whether the signal's default action ends the process, so the prompt should restore the terminal,
  /// then re-raise it with ``SignalRelay/reraise(_:)``.
  public var isTerminating: Bool {
    switch self {
    case .interrupt, .terminate, .hangup, .quit: true
    case .terminalStop, .continued, .windowSizeChanged: false
    }
  }

  /// Finds the signal for a C signal number.
  ///
  /// - Parameter number: A C signal number.
  public init?(number: Int32) {
    guard let match = Self.allCases.first(where: { $0.number == number }) else { return nil }
    self = match
  }
}
