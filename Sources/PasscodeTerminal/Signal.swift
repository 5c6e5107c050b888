internal import Glibc

/// A signal the passcode prompt reacts to, as delivered by ``SignalRelay``: every signal that can be
/// caught and whose default action ends or stops the process, or that changes what is drawn.
///
/// The fault signals (SEGV, BUS, ILL, FPE, TRAP, ABRT) are ``CrashGuard``'s; SIGKILL and SIGSTOP cannot
/// be caught. Every other signal whose default action ends the process is here, so the prompt can
/// restore the terminal before it dies of it, and so is every catchable one that stops it, so the prompt
/// gives the terminal back first (or, for `lock`, does not stop).
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
  /// `SIGTTIN`: stop, sent by the kernel to a background job that reads its terminal, or by `kill -TTIN`.
  case backgroundRead
  /// `SIGTTOU`: stop, sent by the kernel to a background job that changes its terminal's settings (or writes
  /// to it, under `stty tostop`), or by `kill -TTOU`.
  case backgroundWrite
  /// `SIGCONT`: the process was continued after a stop.
  case continued
  /// `SIGWINCH`: the window size changed.
  case windowSizeChanged
  /// `SIGUSR1`: user-defined; ends the process by default.
  case user1
  /// `SIGUSR2`: user-defined; ends the process by default.
  case user2
  /// `SIGALRM`: a real-time timer expired.
  case alarm
  /// `SIGVTALRM`: a virtual (user CPU time) timer expired.
  case virtualAlarm
  /// `SIGPROF`: a profiling timer expired.
  case profilingAlarm
  /// `SIGXCPU`: the CPU time limit (`ulimit -t`) was passed.
  case cpuLimitExceeded
  /// `SIGXFSZ`: the file size limit (`ulimit -f`) was passed.
  case fileSizeLimitExceeded
  /// `SIGSYS`: a bad system call (or one a seccomp filter refused).
  case badSystemCall
  /// `SIGPWR`: power failure.
  case powerFailure
  /// `SIGIO` (also `SIGPOLL`): I/O is possible on a descriptor.
  case inputOutputPossible
  /// `SIGSTKFLT`: a coprocessor stack fault (unused on current Linux, but it still ends a process).
  case stackFault

  /// The C signal number.
  public var number: Int32 {
    switch self {
    case .interrupt: SIGINT
    case .terminate: SIGTERM
    case .hangup: SIGHUP
    case .quit: SIGQUIT
    case .terminalStop: SIGTSTP
    case .backgroundRead: SIGTTIN
    case .backgroundWrite: SIGTTOU
    case .continued: SIGCONT
    case .windowSizeChanged: SIGWINCH
    case .user1: SIGUSR1
    case .user2: SIGUSR2
    case .alarm: SIGALRM
    case .virtualAlarm: SIGVTALRM
    case .profilingAlarm: SIGPROF
    case .cpuLimitExceeded: SIGXCPU
    case .fileSizeLimitExceeded: SIGXFSZ
    case .badSystemCall: SIGSYS
    case .powerFailure: SIGPWR
    case .inputOutputPossible: SIGIO
    case .stackFault: SIGSTKFLT
    }
  }

  /// Whether the signal's default action ends the process, so the prompt should restore the terminal,
  /// then re-raise it with ``SignalRelay/reraise(_:)``.
  package var isTerminating: Bool {
    switch self {
    case .terminalStop, .backgroundRead, .backgroundWrite, .continued, .windowSizeChanged: false
    default: true
    }
  }

  /// Whether the signal's default action stops the process: the prompt gives the terminal back first, then
  /// stops with ``SignalRelay/suspendSelf(by:)``.
  package var isStop: Bool {
    switch self {
    case .terminalStop, .backgroundRead, .backgroundWrite: true
    default: false
    }
  }

  /// Finds the signal for a C signal number.
  ///
  /// - Parameter number: A C signal number.
  package init?(number: Int32) {
    guard let match = Self.allCases.first(where: { $0.number == number }) else { return nil }
    self = match
  }
}
