internal import Glibc
import Synchronization
internal import SystemCalls

/// The write end of the installed relay's pipe, read by ``relaySignal(_:)`` in signal context.
///
/// Set before any handler is installed and reset after they are all removed. `nonisolated(unsafe)`: it is
/// shared with signal handlers, which only read it.
nonisolated(unsafe) private var relayWriteDescriptor: Int32 = -1

/// The terminal of the installed relay's prompt, read by ``relaySignal(_:)`` to tell the kernel's stop of a
/// background job from a `kill`; -1 for none. Set and reset like ``relayWriteDescriptor``.
nonisolated(unsafe) private var relayTerminalDescriptor: Int32 = -1

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
  let descriptor = relayWriteDescriptor
  guard descriptor >= 0 else { return }
  if number == SIGTTIN || number == SIGTTOU, TerminalCalls.signalSafeIsInBackground(relayTerminalDescriptor) {
    backgroundStop.store(number, ordering: .sequentiallyConsistent)
    TerminalCalls.signalSafeStopByDefault(number)
    return
  }
  if number == SIGCONT {
    let stopped = backgroundStop.exchange(0, ordering: .sequentiallyConsistent)
    if stopped != 0 { TerminalCalls.signalSafeSetHandler(stopped, relaySignal) }
  }
  TerminalCalls.signalSafeWrite(descriptor, byte: UInt8(truncatingIfNeeded: number))
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
  /// The descriptor to `poll` for `POLLIN`; when it is readable, call ``drain()``.
  package let readFileDescriptor: Int32
  /// The signals this relay handles.
  package let signals: [Signal]
  private let writeFileDescriptor: Int32
  private var previousActions: [(Signal, SignalAction)] = []
  private var isInstalled = true

  /// Creates the pipe and installs a handler for each signal.
  ///
  /// - Parameters:
  ///   - signals: The signals to relay; all of ``Signal`` by default.
  ///   - terminalFileDescriptor: The prompt's terminal, which tells a background job's `SIGTTIN` and `SIGTTOU`
  ///     from a `kill`; -1 when there is none, and both are then relayed.
  /// - Throws: ``TerminalError`` (`.pipe` or `.signalAction`; `.signalAction` with `EBUSY` when another
  ///   relay is installed). Nothing stays installed after a failure.
  package init(signals: [Signal] = Signal.allCases, terminalFileDescriptor: Int32 = -1) throws(TerminalError) {
    let claimed = relayIsInstalled.withLock { installed in
      if installed { return false }
      installed = true
      return true
    }
    guard claimed else { throw TerminalError(operation: .signalAction, errno: EBUSY) }
    let descriptors: (read: Int32, write: Int32)
    do {
      descriptors = try TerminalCalls.makeNonBlockingPipe()
    } catch {
      relayIsInstalled.withLock { $0 = false }
      throw error
    }
    readFileDescriptor = descriptors.read
    writeFileDescriptor = descriptors.write
    self.signals = signals
    relayWriteDescriptor = descriptors.write
    relayTerminalDescriptor = terminalFileDescriptor
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
      if signal == .backgroundRead || signal == .backgroundWrite,
        SignalAction.current(for: SignalNumber(rawValue: signal.number)).isIgnore
      {
        continue
      }
      let previous = try TerminalCalls.setSignalHandler(signal.number, relaySignal)
      previousActions.append((signal, previous))
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
        (try? TerminalCalls.read(readFileDescriptor, into: bytes)).flatMap { $0 }.map { count in
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
    try TerminalCalls.setDefaultSignalAction(signal.number)
    var raiseError: TerminalError?
    do {
      try TerminalCalls.unblockSignal(signal.number)
      try TerminalCalls.raise(signal.number)
    } catch {
      raiseError = error
    }
    if isInstalled && signals.contains(signal) {
      _ = try TerminalCalls.setSignalHandler(signal.number, relaySignal)
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
    try TerminalCalls.setDefaultSignalAction(signal.number)
    try TerminalCalls.unblockSignal(signal.number)
    try TerminalCalls.raise(signal.number)
    if isInstalled && signals.contains(signal) {
      _ = try TerminalCalls.setSignalHandler(signal.number, relaySignal)
    }
  }

  /// Puts back the dispositions the relay replaced and closes the pipe. Calling it again does nothing.
  package func uninstall() {
    guard isInstalled else { return }
    isInstalled = false
    relayTerminalDescriptor = -1
    backgroundStop.store(0, ordering: .sequentiallyConsistent)
    for (signal, previous) in previousActions.reversed() {
      _ = try? TerminalCalls.setSignalAction(signal.number, previous)
    }
    previousActions = []
    relayWriteDescriptor = -1
    TerminalCalls.close(readFileDescriptor)
    TerminalCalls.close(writeFileDescriptor)
    relayIsInstalled.withLock { $0 = false }
  }

  /// Makes the process ignore `SIGPIPE`, so writing to a closed socket or pipe (a dead speech-dispatcher)
  /// fails with `EPIPE` instead of ending the process.
  ///
  /// - Throws: ``TerminalError`` (`.signalAction`).
  package static func ignoreSIGPIPE() throws(TerminalError) {
    try TerminalCalls.naming(.signalAction) { () throws(Errno) in try SignalAction.ignoreBrokenPipe() }
  }
}
