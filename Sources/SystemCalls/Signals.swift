internal import CProcessControl
internal import Glibc

/// A signal number, such as `SIGTERM`.
package struct SignalNumber: RawRepresentable, Hashable, Sendable {
  /// The C signal number.
  package let rawValue: Int32
  /// Wraps a C signal number.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// `SIGHUP`.
  package static let hangUp = SignalNumber(rawValue: SIGHUP)
  /// `SIGINT`.
  package static let interrupt = SignalNumber(rawValue: SIGINT)
  /// `SIGQUIT`.
  package static let quit = SignalNumber(rawValue: SIGQUIT)
  /// `SIGABRT`.
  package static let abort = SignalNumber(rawValue: SIGABRT)
  /// `SIGKILL`.
  package static let kill = SignalNumber(rawValue: SIGKILL)
  /// `SIGSEGV`.
  package static let segmentationFault = SignalNumber(rawValue: SIGSEGV)
  /// `SIGBUS`.
  package static let busError = SignalNumber(rawValue: SIGBUS)
  /// `SIGILL`.
  package static let illegalInstruction = SignalNumber(rawValue: SIGILL)
  /// `SIGFPE`.
  package static let arithmeticError = SignalNumber(rawValue: SIGFPE)
  /// `SIGTRAP`.
  package static let trap = SignalNumber(rawValue: SIGTRAP)
  /// `SIGPIPE`.
  package static let brokenPipe = SignalNumber(rawValue: SIGPIPE)
  /// `SIGALRM`.
  package static let alarm = SignalNumber(rawValue: SIGALRM)
  /// `SIGTERM`.
  package static let terminate = SignalNumber(rawValue: SIGTERM)
  /// `SIGUSR1`.
  package static let user1 = SignalNumber(rawValue: SIGUSR1)
  /// `SIGUSR2`.
  package static let user2 = SignalNumber(rawValue: SIGUSR2)
  /// `SIGCHLD`.
  package static let childStatusChanged = SignalNumber(rawValue: SIGCHLD)
  /// `SIGCONT`.
  package static let continued = SignalNumber(rawValue: SIGCONT)
  /// `SIGSTOP`.
  package static let stop = SignalNumber(rawValue: SIGSTOP)
  /// `SIGTSTP`.
  package static let terminalStop = SignalNumber(rawValue: SIGTSTP)
  /// `SIGWINCH`.
  package static let windowSizeChanged = SignalNumber(rawValue: SIGWINCH)

  /// The standard signals (1 to 31) whose disposition can be changed: all but `SIGKILL` and `SIGSTOP`.
  package static let changeable: [SignalNumber] = (1..<32).map(SignalNumber.init).filter { $0 != .kill && $0 != .stop }

  /// Sends the signal to the calling thread; a handler runs before this returns. Async-signal-safe.
  /// The corresponding C function is `raise`.
  ///
  /// - Throws: The call's ``Errno``.
  package func raise() throws(Errno) {
    try nothingOrErrno { Glibc.raise(rawValue) }
  }

  /// Sends the signal to the calling thread from a signal handler, ignoring failure.
  package func raiseFromSignalHandler() {
    _ = Glibc.raise(rawValue)
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
  package init(_ signals: some Sequence<SignalNumber>) {
    self.init()
    for signal in signals { insert(signal) }
  }

  /// Adds a signal.
  ///
  /// - Parameter signal: The signal.
  package mutating func insert(_ signal: SignalNumber) { sigaddset(&storage, signal.rawValue) }

  /// Whether the set holds a signal. The corresponding C function is `sigismember`.
  ///
  /// - Parameter signal: The signal.
  /// - Returns: `true` when it is in the set.
  package func contains(_ signal: SignalNumber) -> Bool {
    var copy = storage
    return sigismember(&copy, signal.rawValue) == 1
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
  package func install(for signal: SignalNumber) throws(Errno) -> SignalAction {
    var action = storage
    var previous = SignalAction()
    try nothingOrErrno { sigaction(signal.rawValue, &action, &previous.storage) }
    return previous
  }

  /// Makes this the signal's disposition from a signal handler, ignoring failure and keeping `errno`.
  ///
  /// - Parameter signal: The signal.
  package func installFromSignalHandler(for signal: SignalNumber) {
    let saved = errno
    var action = storage
    _ = sigaction(signal.rawValue, &action, nil)
    errno = saved
  }

  /// The signal's disposition now.
  ///
  /// - Parameter signal: The signal.
  /// - Returns: The action.
  package static func current(for signal: SignalNumber) -> SignalAction {
    var action = SignalAction()
    _ = sigaction(signal.rawValue, nil, &action.storage)
    return action
  }

  /// Makes the process ignore `SIGPIPE`, so a write to a closed pipe or socket (a dead speech daemon, a
  /// measured program that hung up) returns ``Errno/brokenPipe`` instead of ending the process. The package's
  /// only place that changes `SIGPIPE` for this process; ``Spawn`` resets it for a child, and ``ProcessImage``
  /// puts back what the caller gave (``InheritedSignals``).
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

  /// The state now: which of ``SignalNumber/changeable`` are ignored, and the calling thread's mask.
  package static func current() -> InheritedSignals {
    InheritedSignals(
      ignored: SignalSet(SignalNumber.changeable.filter { SignalAction.current(for: $0).isIgnore }),
      mask: SignalSet.threadMask)
  }

  /// Puts the state back: each changeable signal ignored if it was, at its default action if not (a handler
  /// would not survive `exec` anyway, and one the program ignored itself, such as `SIGPIPE`, must not
  /// reach the command), and the calling thread's mask as it was. Failures are ignored: a signal that cannot
  /// be changed keeps what it has.
  package func restore() {
    for signal in SignalNumber.changeable {
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
  package func send(_ signal: SignalNumber) throws(Errno) {
    try nothingOrErrno { kill(rawValue, signal.rawValue) }
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
  package var terminatingSignal: SignalNumber? {
    let number = rawValue & 0x7f
    return number != 0 && number != 0x7f ? SignalNumber(rawValue: number) : nil
  }

  /// Whether a core dump was written when a signal ended the child.
  package var dumpedCore: Bool { terminatingSignal != nil && rawValue & 0x80 != 0 }
}
