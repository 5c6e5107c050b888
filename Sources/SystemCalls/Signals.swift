internal import CProcessControl
internal import Glibc

/// A standard signal (1 to 31), such as `SIGTERM`: the package's one signal type, from the system calls that
/// send, block and handle signals up to the prompt's public ``PromptError`` (a consumer re-raises the signal
/// that ended an entry by its ``number``). It is the one public declaration of this package-access layer,
/// re-exported by `PasscodeTerminal`, whose prompt carries it.
public enum Signal: CaseIterable, Hashable, Sendable {
  /// `SIGHUP`: the terminal went away.
  case hangup
  /// `SIGINT`: interrupt, usually from `kill -INT` (Ctrl-C arrives as a key in raw mode).
  case interrupt
  /// `SIGQUIT`: quit.
  case quit
  /// `SIGILL`: an illegal instruction.
  case illegalInstruction
  /// `SIGTRAP`: a trace or breakpoint trap (Swift's runtime traps end in it).
  case trap
  /// `SIGABRT`: an abort (`fatalError` ends in it).
  case abort
  /// `SIGBUS`: a bus error.
  case busError
  /// `SIGFPE`: an arithmetic error.
  case arithmeticError
  /// `SIGKILL`: ends the process; cannot be caught.
  case kill
  /// `SIGUSR1`: user-defined; ends the process by default.
  case user1
  /// `SIGSEGV`: a segmentation fault.
  case segmentationFault
  /// `SIGUSR2`: user-defined; ends the process by default.
  case user2
  /// `SIGPIPE`: a write to a pipe or socket nobody reads.
  case brokenPipe
  /// `SIGALRM`: a real-time timer expired.
  case alarm
  /// `SIGTERM`: a polite request to end.
  case terminate
  /// `SIGSTKFLT`: a coprocessor stack fault (unused on current Linux, but it still ends a process).
  case stackFault
  /// `SIGCHLD`: a child stopped or ended; ignored by default.
  case childStatusChanged
  /// `SIGCONT`: the process was continued after a stop.
  case continued
  /// `SIGSTOP`: stops the process; cannot be caught.
  case stop
  /// `SIGTSTP`: a request to suspend (Ctrl-Z arrives as a key in raw mode).
  case terminalStop
  /// `SIGTTIN`: stop, sent by the kernel to a background job that reads its terminal, or by `kill -TTIN`.
  case backgroundRead
  /// `SIGTTOU`: stop, sent by the kernel to a background job that changes its terminal's settings (or writes
  /// to it, under `stty tostop`), or by `kill -TTOU`.
  case backgroundWrite
  /// `SIGURG`: urgent data on a socket; ignored by default.
  case urgentData
  /// `SIGXCPU`: the CPU time limit (`ulimit -t`) was passed.
  case cpuLimitExceeded
  /// `SIGXFSZ`: the file size limit (`ulimit -f`) was passed.
  case fileSizeLimitExceeded
  /// `SIGVTALRM`: a virtual (user CPU time) timer expired.
  case virtualAlarm
  /// `SIGPROF`: a profiling timer expired.
  case profilingAlarm
  /// `SIGWINCH`: the window size changed.
  case windowSizeChanged
  /// `SIGIO` (also `SIGPOLL`): I/O is possible on a descriptor.
  case inputOutputPossible
  /// `SIGPWR`: power failure.
  case powerFailure
  /// `SIGSYS`: a bad system call (or one a seccomp filter refused).
  case badSystemCall

  /// The C signal number. A `switch`, so it is safe in a signal handler.
  public var number: Int32 {
    switch self {
    case .hangup: SIGHUP
    case .interrupt: SIGINT
    case .quit: SIGQUIT
    case .illegalInstruction: SIGILL
    case .trap: SIGTRAP
    case .abort: SIGABRT
    case .busError: SIGBUS
    case .arithmeticError: SIGFPE
    case .kill: SIGKILL
    case .user1: SIGUSR1
    case .segmentationFault: SIGSEGV
    case .user2: SIGUSR2
    case .brokenPipe: SIGPIPE
    case .alarm: SIGALRM
    case .terminate: SIGTERM
    case .stackFault: SIGSTKFLT
    case .childStatusChanged: SIGCHLD
    case .continued: SIGCONT
    case .stop: SIGSTOP
    case .terminalStop: SIGTSTP
    case .backgroundRead: SIGTTIN
    case .backgroundWrite: SIGTTOU
    case .urgentData: SIGURG
    case .cpuLimitExceeded: SIGXCPU
    case .fileSizeLimitExceeded: SIGXFSZ
    case .virtualAlarm: SIGVTALRM
    case .profilingAlarm: SIGPROF
    case .windowSizeChanged: SIGWINCH
    case .inputOutputPossible: SIGIO
    case .powerFailure: SIGPWR
    case .badSystemCall: SIGSYS
    }
  }

  /// Finds the signal for a C signal number; `nil` for a real-time signal or a number that is none. Allocates
  /// nothing, so it is safe in a signal handler.
  ///
  /// - Parameter number: A C signal number.
  public init?(number: Int32) {
    switch number {
    case SIGHUP: self = .hangup
    case SIGINT: self = .interrupt
    case SIGQUIT: self = .quit
    case SIGILL: self = .illegalInstruction
    case SIGTRAP: self = .trap
    case SIGABRT: self = .abort
    case SIGBUS: self = .busError
    case SIGFPE: self = .arithmeticError
    case SIGKILL: self = .kill
    case SIGUSR1: self = .user1
    case SIGSEGV: self = .segmentationFault
    case SIGUSR2: self = .user2
    case SIGPIPE: self = .brokenPipe
    case SIGALRM: self = .alarm
    case SIGTERM: self = .terminate
    case SIGSTKFLT: self = .stackFault
    case SIGCHLD: self = .childStatusChanged
    case SIGCONT: self = .continued
    case SIGSTOP: self = .stop
    case SIGTSTP: self = .terminalStop
    case SIGTTIN: self = .backgroundRead
    case SIGTTOU: self = .backgroundWrite
    case SIGURG: self = .urgentData
    case SIGXCPU: self = .cpuLimitExceeded
    case SIGXFSZ: self = .fileSizeLimitExceeded
    case SIGVTALRM: self = .virtualAlarm
    case SIGPROF: self = .profilingAlarm
    case SIGWINCH: self = .windowSizeChanged
    case SIGIO: self = .inputOutputPossible
    case SIGPWR: self = .powerFailure
    case SIGSYS: self = .badSystemCall
    default: return nil
    }
  }

  /// Whether the signal's default action ends the process (signal(7)'s Term and Core).
  package var isTerminating: Bool {
    switch self {
    case .childStatusChanged, .urgentData, .windowSizeChanged, .continued: false
    default: !isStop
    }
  }

  /// Whether the signal's default action stops the process.
  package var isStop: Bool {
    switch self {
    case .stop, .terminalStop, .backgroundRead, .backgroundWrite: true
    default: false
    }
  }

  /// The signals whose disposition can be changed: all but `SIGKILL` and `SIGSTOP`.
  package static let changeable: [Signal] = allCases.filter { $0 != .kill && $0 != .stop }

  /// Sends the signal to the calling thread; a handler runs before this returns. Async-signal-safe.
  /// The corresponding C function is `raise`.
  ///
  /// - Throws: The call's ``Errno``.
  package func raise() throws(Errno) {
    try nothingOrErrno { Glibc.raise(number) }
  }

  /// Sends the signal to the calling thread from a signal handler, ignoring failure.
  package func raiseFromSignalHandler() {
    _ = Glibc.raise(number)
  }

  /// Gives a stop signal its default action and raises it again, from its own handler: it is blocked there,
  /// so the process stops as the handler returns. `errno` is kept.
  package func stopByDefaultFromSignalHandler() {
    SignalAction.defaultAction.installFromSignalHandler(for: self)
    let saved = errno
    raiseFromSignalHandler()
    errno = saved
  }
}

/// A set of signals, as a mask or a list of signals to reset.
package struct SignalSet: Sendable {
  var storage = sigset_t()

  /// The empty set.
  package static var empty: SignalSet { SignalSet() }

  /// Every signal.
  package static var all: SignalSet {
    var set = SignalSet()
    sigfillset(&set.storage)
    return set
  }

  /// The empty set. The corresponding C function is `sigemptyset`.
  package init() { sigemptyset(&storage) }

  /// A set of the given signals. The corresponding C function is `sigaddset`.
  ///
  /// - Parameter signals: The signals.
  package init(_ signals: some Sequence<Signal>) {
    self.init()
    for signal in signals { insert(signal) }
  }

  /// Adds a signal.
  ///
  /// - Parameter signal: The signal.
  package mutating func insert(_ signal: Signal) { sigaddset(&storage, signal.number) }

  /// Whether the set holds a signal. The corresponding C function is `sigismember`.
  ///
  /// - Parameter signal: The signal.
  /// - Returns: `true` when it is in the set.
  package func contains(_ signal: Signal) -> Bool {
    var copy = storage
    return sigismember(&copy, signal.number) == 1
  }

  /// The calling thread's signal mask. The corresponding C function is `pthread_sigmask`.
  package static var threadMask: SignalSet {
    var set = SignalSet()
    pthread_sigmask(SIG_SETMASK, nil, &set.storage)
    return set
  }

  /// Replaces the calling thread's signal mask.
  ///
  /// - Parameter mask: The new mask.
  /// - Returns: The mask it replaced.
  @discardableResult
  package static func setThreadMask(_ mask: SignalSet) -> SignalSet {
    var mask = mask
    var previous = SignalSet()
    pthread_sigmask(SIG_SETMASK, &mask.storage, &previous.storage)
    return previous
  }

  /// Blocks these signals in the calling thread, on top of those blocked already.
  ///
  /// - Returns: The mask before.
  @discardableResult
  package func blockInThread() -> SignalSet {
    var mine = self
    var previous = SignalSet()
    pthread_sigmask(SIG_BLOCK, &mine.storage, &previous.storage)
    return previous
  }

  /// Unblocks these signals in the calling thread.
  ///
  /// - Throws: The call's ``Errno``.
  package func unblockInThread() throws(Errno) {
    var mine = self
    try nothingOrReturnedErrno(pthread_sigmask(SIG_UNBLOCK, &mine.storage, nil))
  }

  /// Runs a closure with the calling thread's mask set to this set, then restores the mask.
  ///
  /// - Parameter body: The work.
  /// - Returns: What the closure returns.
  package func withThreadMask<Value>(_ body: () throws -> Value) rethrows -> Value {
    let previous = SignalSet.setThreadMask(self)
    defer { SignalSet.setThreadMask(previous) }
    return try body()
  }
}

/// What happens when a signal arrives: the default action, nothing, or a handler.
package struct SignalAction: Sendable {
  fileprivate var storage = sigaction()

  /// The signal's default action (`SIG_DFL`).
  package static var defaultAction: SignalAction { SignalAction(disposition: SIG_DFL, flags: 0) }

  /// The signal is discarded (`SIG_IGN`).
  package static var ignore: SignalAction { SignalAction(disposition: SIG_IGN, flags: 0) }

  /// A handler with an empty mask and without `SA_RESTART`, so that slow calls return `EINTR` when it ran.
  ///
  /// - Parameter handler: The handler; it must be async-signal-safe.
  /// - Returns: The action.
  package static func handler(_ handler: @escaping @convention(c) (Int32) -> Void) -> SignalAction {
    SignalAction(disposition: handler, flags: 0)
  }

  /// A handler that runs once: the disposition returns to the default as it starts (`SA_RESETHAND`), and the
  /// signal is not blocked inside it (`SA_NODEFER`), so it can re-raise the signal with its default action.
  ///
  /// - Parameter handler: The handler; it must be async-signal-safe.
  /// - Returns: The action.
  package static func oneShotHandler(_ handler: @escaping @convention(c) (Int32) -> Void) -> SignalAction {
    SignalAction(disposition: handler, flags: Int32(bitPattern: UInt32(SA_RESETHAND)) | Int32(SA_NODEFER))
  }

  private init(disposition: __sighandler_t?, flags: Int32) {
    storage.__sigaction_handler.sa_handler = disposition
    sigemptyset(&storage.sa_mask)
    storage.sa_flags = flags
  }

  fileprivate init() {}

  /// Whether this is `SIG_IGN`.
  package var isIgnore: Bool {
    unsafeBitCast(storage.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Makes this the signal's disposition. The corresponding C function is `sigaction`.
  ///
  /// - Parameter signal: The signal.
  /// - Returns: The action it replaced, to put back with another ``install(for:)``.
  /// - Throws: The call's ``Errno``.
  @discardableResult
  package func install(for signal: Signal) throws(Errno) -> SignalAction {
    var action = storage
    var previous = SignalAction()
    try nothingOrErrno { sigaction(signal.number, &action, &previous.storage) }
    return previous
  }

  /// Makes this the signal's disposition from a signal handler, ignoring failure and keeping `errno`.
  ///
  /// - Parameter signal: The signal.
  package func installFromSignalHandler(for signal: Signal) {
    let saved = errno
    var action = storage
    _ = sigaction(signal.number, &action, nil)
    errno = saved
  }

  /// The signal's disposition now.
  ///
  /// - Parameter signal: The signal.
  /// - Returns: The action.
  package static func current(for signal: Signal) -> SignalAction {
    var action = SignalAction()
    _ = sigaction(signal.number, nil, &action.storage)
    return action
  }

  /// Makes the process ignore `SIGPIPE`, so a write to a closed pipe or socket (a dead speech daemon, a
  /// measured program that hung up) returns ``Errno/brokenPipe`` instead of ending the process. The package's
  /// only place that changes `SIGPIPE` for this process; ``ProcessImage`` puts back what the caller gave
  /// (``InheritedSignals``), and the test support's spawner resets it for a child.
  ///
  /// - Throws: The call's ``Errno``.
  package static func ignoreBrokenPipe() throws(Errno) {
    try SignalAction.ignore.install(for: .brokenPipe)
  }
}

/// The signal state a program was started with: the signals its caller ignored (`trap '' QUIT`, `nohup`'s
/// `SIGHUP`, a shell's background job's `SIGINT` and `SIGQUIT`) and the calling thread's mask. Take it first
/// thing, before the program changes either; a program that replaces itself with a command (`exec`) hands it
/// back with ``restore()``, so the command sees what the caller gave, not what the program did.
package struct InheritedSignals: Sendable {
  /// The changeable signals that were ignored.
  package let ignored: SignalSet
  /// The calling thread's mask.
  package let mask: SignalSet

  /// The state now: which of ``Signal/changeable`` are ignored, and the calling thread's mask.
  package static func current() -> InheritedSignals {
    InheritedSignals(
      ignored: SignalSet(Signal.changeable.filter { SignalAction.current(for: $0).isIgnore }),
      mask: SignalSet.threadMask)
  }

  /// Puts the state back: each changeable signal ignored if it was, at its default action if not (a handler
  /// would not survive `exec` anyway, and one the program ignored itself, such as `SIGPIPE`, must not
  /// reach the command), and the calling thread's mask as it was. Failures are ignored: a signal that cannot
  /// be changed keeps what it has.
  package func restore() {
    for signal in Signal.changeable {
      _ = try? (ignored.contains(signal) ? SignalAction.ignore : SignalAction.defaultAction).install(for: signal)
    }
    SignalSet.setThreadMask(mask)
  }
}

/// A process identifier, and the calls that take one: `kill` and `waitpid`.
package struct ProcessIdentifier: RawRepresentable, Hashable, Sendable {
  /// The C process identifier.
  package let rawValue: Int32
  /// Wraps a C process identifier.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// This process. The corresponding C function is `getpid`.
  package static var current: ProcessIdentifier { ProcessIdentifier(rawValue: getpid()) }

  /// This process's parent. The corresponding C function is `getppid`.
  package static var parent: ProcessIdentifier { ProcessIdentifier(rawValue: getppid()) }

  /// The calling thread's kernel identifier, as `/proc/self/task` names it. The corresponding C function is
  /// `gettid`.
  package static var currentThread: ProcessIdentifier { ProcessIdentifier(rawValue: passcode_thread_identifier()) }

  /// The session this process belongs to. The corresponding C function is `getsid`.
  ///
  /// - Throws: The call's ``Errno``.
  package static func currentSession() throws(Errno) -> ProcessIdentifier {
    ProcessIdentifier(rawValue: try valueOrErrno { getsid(0) })
  }

  /// Whether the process exists, perhaps as another user's (signal 0 reaches it, or only permission is
  /// lacking): the package's one liveness check. The corresponding C function is `kill` with signal 0.
  package var exists: Bool {
    do {
      try nothingOrErrno { kill(rawValue, 0) }
      return true
    } catch {
      return error != .noSuchProcess
    }
  }

  /// Sends a signal. The corresponding C function is `kill`.
  ///
  /// - Parameter signal: The signal.
  /// - Throws: The call's ``Errno``.
  package func send(_ signal: Signal) throws(Errno) {
    try nothingOrErrno { kill(rawValue, signal.number) }
  }

  /// Collects the child's status if it has ended, without waiting. The corresponding C function is `waitpid`
  /// with `WNOHANG`.
  ///
  /// - Returns: The status, or `nil` while the child runs.
  /// - Throws: The call's ``Errno`` (`ECHILD` once it was collected).
  package func statusIfExited() throws(Errno) -> WaitStatus? {
    var status: Int32 = 0
    let result = try valueOrErrno { waitpid(rawValue, &status, WNOHANG) }
    return result == 0 ? nil : WaitStatus(rawValue: status)
  }

  /// Waits for the child to end (or, when it is traced, to stop). The corresponding C function is `waitpid`.
  ///
  /// - Returns: Its status.
  /// - Throws: The call's ``Errno``.
  @discardableResult
  package func waitForExit() throws(Errno) -> WaitStatus {
    var status: Int32 = 0
    _ = try valueOrErrno { waitpid(rawValue, &status, 0) }
    return WaitStatus(rawValue: status)
  }
}

/// How a child ended, decoded from `waitpid`'s status word.
package struct WaitStatus: RawRepresentable, Hashable, Sendable {
  /// The status word.
  package let rawValue: Int32
  /// Wraps a status word.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// The exit code when the child called `exit`.
  package var exitCode: Int32? { rawValue & 0x7f == 0 ? (rawValue >> 8) & 0xff : nil }

  /// The signal that ended the child.
  package var terminatingSignal: Signal? {
    let number = rawValue & 0x7f
    return number != 0 && number != 0x7f ? Signal(number: number) : nil
  }

  /// Whether a core dump was written when a signal ended the child.
  package var dumpedCore: Bool { terminatingSignal != nil && rawValue & 0x80 != 0 }
}
