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
    try SignalSet([.windowSizeChanged, .interrupt, .terminate]).unblockInThread()
    #expect(relay.drain().isEmpty)
    try Signal.windowSizeChanged.raise()
    try Signal.interrupt.raise()
    try Signal.windowSizeChanged.raise()
    try Signal.terminate.raise()
    #expect(try Poll.wait(for: relay.readEnd, timeout: .zero).contains(.readable))
    #expect(relay.drain() == [.windowSizeChanged, .interrupt, .terminate])
    #expect(relay.drain().isEmpty)
  }

  @Test("uninstall puts the previous disposition back")
  func uninstallRestores() throws {
    let before = try SignalAction.ignore.install(for: .hangup)
    defer { _ = try? before.install(for: .hangup) }
    let relay = try SignalRelay()
    let during = try SignalAction.ignore.install(for: .hangup)
    _ = try during.install(for: .hangup)
    #expect(!during.isIgnore)
    relay.uninstall()
    let after = try SignalAction.ignore.install(for: .hangup)
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
    try Signal.windowSizeChanged.raise()
    #expect(relay.drain() == [.windowSizeChanged])
  }

  @Test("signal numbers map both ways; every catchable signal whose default ends the process is marked")
  func signalNumbers() {
    for signal in Signal.allCases { #expect(Signal(number: signal.number) == signal) }
    #expect(Set(Signal.allCases.map(\.number)) == Set<Int32>(1...31), "every standard signal, once")
    #expect(Signal(number: 0) == nil)
    #expect(Signal(number: 40) == nil, "a real-time signal")
    #expect(!SignalRelay.relayed.contains(.kill))
    #expect(!SignalRelay.relayed.contains(.segmentationFault), "faults are CrashGuard's")
    let terminating = Set(SignalRelay.relayed.filter(\.isTerminating).map(\.number))
    // signal(7): every signal whose default action is Term or Core, less the uncatchable SIGKILL and the
    // faults CrashGuard handles.
    let expected: Set<Int32> = [
      SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS,
      SIGPWR, SIGIO, SIGSTKFLT,
    ]
    #expect(terminating == expected)
    let guarded = Set(CrashGuard.signals.map(\.number))
    for number in Int32(1)...31 where !expected.contains(number) && !guarded.contains(number) {
      // What is left stops, continues, is ignored by default, cannot be caught, or (SIGPIPE) is ignored
      // on purpose so a dead speech-dispatcher gives EPIPE.
      #expect(
        [SIGKILL, SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGCHLD, SIGURG, SIGWINCH, SIGPIPE].contains(number))
    }
  }

  @Test("every catchable stop signal is relayed, marked as a stop; SIGTTIN and SIGTTOU a caller ignored stay ignored")
  func stopSignals() throws {
    #expect(Set(SignalRelay.relayed.filter(\.isStop).map(\.number)) == [SIGTSTP, SIGTTIN, SIGTTOU])
    // No terminal: nothing to be in the background of, so a SIGTTIN or SIGTTOU is relayed like a `kill`.
    let relay = try SignalRelay()
    try SignalSet([.backgroundRead, .backgroundWrite]).unblockInThread()
    try Signal.backgroundRead.raise()
    try Signal.backgroundWrite.raise()
    #expect(relay.drain() == [.backgroundRead, .backgroundWrite])
    relay.uninstall()

    let before = try SignalAction.ignore.install(for: .backgroundWrite)
    defer { _ = try? before.install(for: .backgroundWrite) }
    let ignoring = try SignalRelay()
    defer { ignoring.uninstall() }
    let during = SignalAction.current(for: .backgroundWrite)
    #expect(during.isIgnore, "an ignored SIGTTOU lets a background job set the terminal, so it stays ignored")
    try Signal.backgroundWrite.raise()
    #expect(ignoring.drain().isEmpty)
  }

  @Test("SIGPIPE can be ignored")
  func ignoresBrokenPipe() throws {
    let original = try SignalAction.defaultAction.install(for: .brokenPipe)
    defer { _ = try? original.install(for: .brokenPipe) }
    try SignalRelay.ignoreSIGPIPE()
    let current = try original.install(for: .brokenPipe)
    #expect(current.isIgnore)
  }
}
