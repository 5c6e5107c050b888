import SystemCalls
import Testing

@testable import PasscodeTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Serialized: signal dispositions are process-wide.
@Suite("Signal relay", .serialized)
struct SignalRelayTests {
  @Test("raised signals arrive on the pipe once each, in order")
  func relaysSignals() throws {
    let relay = try SignalRelay()
    defer { relay.uninstall() }
    // The test runs on a worker thread, which may block signals; raise() targets this thread.
    for number in [SIGWINCH, SIGINT, SIGTERM] { try TerminalCalls.unblockSignal(number) }
    #expect(relay.drain().isEmpty)
    try TerminalCalls.raise(SIGWINCH)
    try TerminalCalls.raise(SIGINT)
    try TerminalCalls.raise(SIGWINCH)
    try TerminalCalls.raise(SIGTERM)
    var descriptors = [pollfd(fd: relay.readFileDescriptor, events: Int16(POLLIN), revents: 0)]
    #expect(try TerminalCalls.poll(&descriptors, timeoutMilliseconds: 0) == 1)
    #expect(relay.drain() == [.windowSizeChanged, .interrupt, .terminate])
    #expect(relay.drain().isEmpty)
  }

  @Test("uninstall puts the previous disposition back")
  func uninstallRestores() throws {
    let before = try TerminalCalls.ignoreSignal(SIGHUP)
    defer { _ = try? TerminalCalls.setSignalAction(SIGHUP, before) }
    let relay = try SignalRelay()
    let during = try TerminalCalls.ignoreSignal(SIGHUP)
    _ = try TerminalCalls.setSignalAction(SIGHUP, during)
    #expect(!during.isIgnore)
    relay.uninstall()
    let after = try TerminalCalls.ignoreSignal(SIGHUP)
    #expect(after.isIgnore)
  }

  @Test("only one relay can be installed at a time")
  func oneAtATime() throws {
    let relay = try SignalRelay()
    #expect(throws: TerminalError(operation: .signalAction, errno: EBUSY)) { try SignalRelay() }
    relay.uninstall()
    let second = try SignalRelay(signals: [.windowSizeChanged])
    second.uninstall()
  }

  @Test("re-raising a signal whose default is to ignore it returns and keeps relaying")
  func reraiseIgnoredSignal() throws {
    let relay = try SignalRelay()
    defer { relay.uninstall() }
    try relay.reraise(.windowSizeChanged)
    #expect(relay.drain().isEmpty)
    try TerminalCalls.raise(SIGWINCH)
    #expect(relay.drain() == [.windowSizeChanged])
  }

  @Test("signal numbers map both ways; every catchable signal whose default ends the process is marked")
  func signalNumbers() {
    for signal in Signal.allCases { #expect(Signal(number: signal.number) == signal) }
    #expect(Signal(number: SIGKILL) == nil)
    #expect(Signal(number: SIGSEGV) == nil, "faults are CrashGuard's")
    let terminating = Set(Signal.allCases.filter(\.isTerminating).map(\.number))
    // signal(7): every signal whose default action is Term or Core, less the uncatchable SIGKILL and the
    // faults CrashGuard handles.
    let expected: Set<Int32> = [
      SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS,
      SIGPWR, SIGIO, SIGSTKFLT,
    ]
    #expect(terminating == expected)
    for number in Int32(1)...31 where !expected.contains(number) && !CrashGuard.signals.contains(number) {
      // What is left stops, continues, is ignored by default, cannot be caught, or (SIGPIPE) is ignored
      // on purpose so a dead speech-dispatcher gives EPIPE.
      #expect(
        [SIGKILL, SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGCHLD, SIGURG, SIGWINCH, SIGPIPE].contains(number))
    }
  }

  @Test("every catchable stop signal is relayed, marked as a stop; SIGTTIN and SIGTTOU a caller ignored stay ignored")
  func stopSignals() throws {
    #expect(Set(Signal.allCases.filter(\.isStop).map(\.number)) == [SIGTSTP, SIGTTIN, SIGTTOU])
    // No terminal: nothing to be in the background of, so a SIGTTIN or SIGTTOU is relayed like a `kill`.
    let relay = try SignalRelay()
    for number in [SIGTTIN, SIGTTOU] { try TerminalCalls.unblockSignal(number) }
    try TerminalCalls.raise(SIGTTIN)
    try TerminalCalls.raise(SIGTTOU)
    #expect(relay.drain() == [.backgroundRead, .backgroundWrite])
    relay.uninstall()

    let before = try TerminalCalls.ignoreSignal(SIGTTOU)
    defer { _ = try? TerminalCalls.setSignalAction(SIGTTOU, before) }
    let ignoring = try SignalRelay()
    defer { ignoring.uninstall() }
    let during = SignalAction.current(for: SignalNumber(rawValue: SIGTTOU))
    #expect(during.isIgnore, "an ignored SIGTTOU lets a background job set the terminal, so it stays ignored")
    try TerminalCalls.raise(SIGTTOU)
    #expect(ignoring.drain().isEmpty)
  }

  @Test("SIGPIPE can be ignored")
  func ignoresBrokenPipe() throws {
    let original = try TerminalCalls.setDefaultSignalAction(SIGPIPE)
    defer { _ = try? TerminalCalls.setSignalAction(SIGPIPE, original) }
    try SignalRelay.ignoreSIGPIPE()
    let current = try TerminalCalls.setSignalAction(SIGPIPE, original)
    #expect(current.isIgnore)
  }
}
