import Synchronization
internal import SystemCalls

/// The write end of the installed relay's pipe, read by ``relaySignal(_:)`` in signal context.
///
/// Set before any handler is installed and reset after they are all removed. `nonisolated(unsafe)`: it is
/// shared with signal handlers, which only read it.
nonisolated(unsafe) private var relayWriteDescriptor: FileDescriptor?

/// The terminal of the installed relay's prompt, read by ``relaySignal(_:)`` to tell the kernel's stop of a
/// background job from a `kill`; `nil` for none. Set and reset like ``relayWriteDescriptor``.
nonisolated(unsafe) private var relayTerminalDescriptor: FileDescriptor?

/// The stop signal (`SIGTTIN` or `SIGTTOU`) left to its default action by ``relaySignal(_:)``, whose handler the
/// next `SIGCONT` puts back; 0 for none. Atomic, so signal context can exchange it.
private let backgroundStop = Atomic<Int32>(0)

/// Whether a relay is installed; only one may be, because signal dispositions are process-wide.
private let relayIsInstalled = Mutex(false)

/// The signal handler: writes the signal number as one byte to the relay pipe. Async-signal-safe.
///
/// A `SIGTTIN` or `SIGTTOU` that comes while the process is not in its terminal's foreground is the kernel
/// stopping a background job that touched the terminal (the call that did so fails with `EINTR` and is
/// retried): it is given its default action and raised again, so the job stops as any job does, and is not
/// relayed. The `SIGCONT` that continues it puts the handler back.
private func relaySignal(_ number: Int32) {
  guard let descriptor = relayWriteDescriptor, let signal = Signal(number: number) else { return }
  if signal == .backgroundRead || signal == .backgroundWrite,
    relayTerminalDescriptor?.isInBackgroundFromSignalHandler == true
  {
    backgroundStop.store(number, ordering: .sequentiallyConsistent)
    signal.stopByDefaultFromSignalHandler()
    return
  }
  if signal == .continued {
    let stopped = backgroundStop.exchange(0, ordering: .sequentiallyConsistent)
    if let stopped = Signal(number: stopped) {
      SignalAction.handler(relaySignal).installFromSignalHandler(for: stopped)
    }
  }
  descriptor.writeFromSignalHandler(UInt8(truncatingIfNeeded: number))
}

/// Turns signals into bytes on a pipe (the self-pipe trick), so the prompt loop sees them in `poll`
/// next to the terminal and handles them on its own thread, outside signal context.
///
/// The handlers are installed without `SA_RESTART`, so a blocked `read` or `poll` returns at once (the
/// funnel then retries it and finds the pipe readable). Only one relay can be installed at a time.
/// ``uninstall()``, or releasing the relay, puts the previous dispositions back.
///
/// The relay does not change signal masks. A signal sent to the process is handled by a thread that does
/// not block it (normally the main thread); background threads (speech, verification) start with every
/// signal blocked, so a signal `raise`d on one stays pending until unblocked.
///
/// `SIGTTIN` and `SIGTTOU` are relayed only when they are sent from outside while the prompt holds the
/// terminal's foreground; the kernel's own, to a background job, stop the process as by default (see
/// ``relaySignal(_:)``). When the caller ignored them, they stay ignored and are not relayed.
package final class SignalRelay {
  /// Every signal that can be caught and whose default action ends or stops the process, or that changes what
  /// is drawn: the faults (SEGV, BUS, ILL, FPE, TRAP, ABRT) are ``CrashGuard``'s, SIGKILL and SIGSTOP cannot be
  /// caught, and SIGPIPE is ignored on purpose; the rest that end the process are here, so the prompt can
  /// restore the terminal before it dies of them, and so is every catchable one that stops it, so the prompt
  /// gives the terminal back first (or, for `lock`, does not stop).
  package static let relayed: [Signal] = Signal.allCases.filter { signal in
    signal != .kill && signal != .stop && signal != .brokenPipe && !CrashGuard.signals.contains(signal)
      && (signal.isTerminating || signal.isStop || signal == .continued || signal == .windowSizeChanged)
  }

  /// The descriptor to `poll` for `POLLIN`; when it is readable, call ``drain()``.
  package let readEnd: FileDescriptor
  /// The signals this relay handles.
  package let signals: [Signal]
  private let writeEnd: FileDescriptor
  private var previousActions: [(Signal, SignalAction)] = []
  private var isInstalled = true

  /// Creates the pipe and installs a handler for each signal.
  ///
  /// - Parameters:
  ///   - signals: The signals to relay; ``relayed`` by default.
  ///   - terminal: The prompt's terminal, which tells a background job's `SIGTTIN` and `SIGTTOU` from a
  ///     `kill`; `nil` when there is none, and both are then relayed.
  /// - Throws: ``TerminalError`` (`.pipe` or `.signalAction`; `.signalAction` with `EBUSY` when another
  ///   relay is installed). Nothing stays installed after a failure.
  package init(signals: [Signal] = SignalRelay.relayed, terminal: FileDescriptor? = nil) throws(TerminalError) {
    let claimed = relayIsInstalled.withLock { installed in
      if installed { return false }
      installed = true
      return true
    }
    guard claimed else { throw TerminalError(operation: .signalAction, errno: .busy) }
    let pipe: Pipe
    do {
      pipe = try Pipe(nonBlocking: true)
    } catch {
      relayIsInstalled.withLock { $0 = false }
      throw TerminalError(operation: .pipe, errno: error)
    }
    readEnd = pipe.readEnd
    writeEnd = pipe.writeEnd
    self.signals = signals
    relayWriteDescriptor = pipe.writeEnd
    relayTerminalDescriptor = terminal
    do {
      try installHandlers()
    } catch {
      uninstall()
      throw error
    }
  }

  deinit {
    uninstall()
  }

  private func installHandlers() throws(TerminalError) {
    for signal in signals {
      if signal == .backgroundRead || signal == .backgroundWrite, SignalAction.current(for: signal).isIgnore {
        continue
      }
      previousActions.append((signal, try Self.install(.handler(relaySignal), for: signal)))
    }
  }

  /// Reads every signal that arrived since the last call.
  ///
  /// - Returns: The signals, each at most once, in the order they first arrived.
  package func drain() -> [Signal] {
    var arrived: [Signal] = []
    var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    while true {
      let count = withUnsafeMutableBytes(of: &buffer) { bytes in
        (try? readEnd.read(into: bytes)).map { count in
          for index in 0..<count {
            if let signal = Signal(number: Int32(bytes[index])), !arrived.contains(signal) {
              arrived.append(signal)
            }
          }
          return count
        } ?? 0
      }
      if count == 0 { return arrived }
    }
  }

  /// Stops the process the way a stop signal would by default, and returns once it is continued.
  ///
  /// Restore the terminal first; enter raw mode again afterwards. It sets the signal to its default action,
  /// raises it, and reinstalls the relay's handler after `SIGCONT`.
  ///
  /// - Parameter signal: The stop signal to stop with (so the shell reports it), `SIGTSTP` by default.
  /// - Throws: ``TerminalError`` (`.signalAction` or `.raiseSignal`).
  package func suspendSelf(by signal: Signal = .terminalStop) throws(TerminalError) {
    try Self.install(.defaultAction, for: signal)
    var raiseError: TerminalError?
    do {
      try Self.unblockAndRaise(signal)
    } catch {
      raiseError = error
    }
    if isInstalled && signals.contains(signal) {
      try Self.install(.handler(relaySignal), for: signal)
    }
    if let raiseError { throw raiseError }
  }

  /// Ends the process the way the signal would have by default: restores the default disposition,
  /// unblocks the signal and raises it. Call it after the terminal has been restored.
  ///
  /// For a signal whose default action does not end the process this returns, and the relay's handler is
  /// installed again.
  ///
  /// - Parameter signal: The signal to re-raise, usually one with ``Signal/isTerminating``.
  /// - Throws: ``TerminalError`` (`.signalAction` or `.raiseSignal`).
  package func reraise(_ signal: Signal) throws(TerminalError) {
    try Self.install(.defaultAction, for: signal)
    try Self.unblockAndRaise(signal)
    if isInstalled && signals.contains(signal) {
      try Self.install(.handler(relaySignal), for: signal)
    }
  }

  /// Puts back the dispositions the relay replaced and closes the pipe. Calling it again does nothing.
  package func uninstall() {
    guard isInstalled else { return }
    isInstalled = false
    relayTerminalDescriptor = nil
    backgroundStop.store(0, ordering: .sequentiallyConsistent)
    for (signal, previous) in previousActions.reversed() {
      _ = try? Self.install(previous, for: signal)
    }
    previousActions = []
    relayWriteDescriptor = nil
    readEnd.closeIgnoringErrors()
    writeEnd.closeIgnoringErrors()
    relayIsInstalled.withLock { $0 = false }
  }

  /// Makes the process ignore `SIGPIPE`, so writing to a closed socket or pipe (a dead speech-dispatcher)
  /// fails with `EPIPE` instead of ending the process.
  ///
  /// - Throws: ``TerminalError`` (`.signalAction`).
  package static func ignoreSIGPIPE() throws(TerminalError) {
    do {
      try SignalAction.ignoreBrokenPipe()
    } catch {
      throw TerminalError(operation: .signalAction, errno: error)
    }
  }

  /// Makes an action a signal's disposition, naming a failure as the terminal's.
  ///
  /// - Returns: The action it replaced.
  @discardableResult
  private static func install(_ action: SignalAction, for signal: Signal) throws(TerminalError) -> SignalAction {
    do {
      return try action.install(for: signal)
    } catch {
      throw TerminalError(operation: .signalAction, errno: error)
    }
  }

  /// Unblocks a signal in the calling thread and raises it, so that it takes effect before this returns.
  private static func unblockAndRaise(_ signal: Signal) throws(TerminalError) {
    do {
      try SignalSet([signal]).unblockInThread()
    } catch {
      throw TerminalError(operation: .signalAction, errno: error)
    }
    do {
      try signal.raise()
    } catch {
      throw TerminalError(operation: .raiseSignal, errno: error)
    }
  }
}
