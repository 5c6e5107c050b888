import PasscodeEngine
import PasscodePreferences
import Synchronization
internal import SystemCalls

/// The background side of ``SpeechDispatcherAnnouncer``: one thread that owns the libspeechd connection.
///
/// Callers only touch the mutex-guarded state and signal a semaphore, so they never wait for the daemon.
/// The thread connects, sends, reconnects with backoff and reports each outage once. A watchdog thread
/// notices a connect or send that takes longer than the deadline (a daemon that accepts but never
/// answers). While nothing is being sent both threads block without a timeout, so an idle prompt makes no
/// wake-ups.
final class SpeechWorker: Sendable {
  private struct State {
    var queue = SpeechQueue()
    var connected = false
    var closing = false
    var outageReported = false
    /// Whether a connection was ever made; before that, failures within the startup grace are not reported.
    var everConnected = false
    /// The number of the connect or send running now, for the watchdog.
    var busyOperation: Int?
    var operationCount = 0
  }

  private let configuration: SpeechDispatcherConfiguration
  /// The end of ``SpeechDispatcherConfiguration/startupGrace``.
  private let graceEnds: BootTimeClock.Instant
  private let onUnavailable: @Sendable (String) -> Void
  private let state = Mutex(State())
  private let wake = Semaphore()
  private let finished = Semaphore()
  /// Signalled when a connect or send begins, and on close; the watchdog sleeps on it.
  private let operationBegan = Semaphore()
  /// Signalled when a connect or send ends.
  private let operationEnded = Semaphore()

  init(configuration: SpeechDispatcherConfiguration, onUnavailable: @escaping @Sendable (String) -> Void) {
    self.configuration = configuration
    self.graceEnds = BootTimeClock.now + configuration.startupGrace
    self.onUnavailable = onUnavailable
  }

  /// Starts the thread; returns at once.
  func start() {
    SpeechDispatcherCalls.ignoreBrokenPipeSignal()
    BackgroundThread.start { [self] in
      run()
      finished.signal()
    }
    BackgroundThread.start { [self] in watch() }
  }

  /// The watchdog: for each connect or send, waits at most the deadline for it to end, and reports an
  /// outage when it does not. A stuck operation is then waited out, as the worker cannot start another.
  private func watch() {
    while true {
      operationBegan.wait()
      let (closing, operation) = state.withLock { state in (state.closing, state.busyOperation) }
      guard !closing else { return }
      if !operationEnded.wait(for: configuration.deadline) {
        let stuck = state.withLock { state in
          guard let operation, state.busyOperation == operation else { return false }
          state.connected = false
          state.queue.connectionFailed()
          return true
        }
        if stuck {
          reportOutage(SpeechError.timedOut(milliseconds: configuration.deadline.wholeMilliseconds).description)
        }
        operationEnded.wait()
      }
    }
  }

  /// Queues a request and wakes the thread. Never waits for the daemon.
  func submit(_ request: SpeechRequest) {
    let accepted = state.withLock { state in
      guard !state.closing else { return false }
      state.queue.add(request)
      return true
    }
    if accepted { wake.signal() }
  }

  /// Asks the thread to stop and waits for it at most the deadline; a stuck thread is left to finish alone.
  func close() {
    let first = state.withLock { state in
      defer { state.closing = true }
      return !state.closing
    }
    guard first else { return }
    wake.signal()
    operationBegan.signal()
    _ = finished.wait(for: configuration.deadline)
  }

  /// Whether a connection is up and answering.
  var isConnected: Bool {
    state.withLock { $0.connected }
  }

  /// How many connections and sends have begun.
  var operationCount: Int {
    state.withLock { $0.operationCount }
  }

  /// Asks the thread to stop without waiting.
  func abandon() {
    state.withLock { $0.closing = true }
    wake.signal()
  }

  private var isClosing: Bool {
    state.withLock { $0.closing }
  }

  private func run() {
    // libspeechd is loaded here, on this thread, when speech is first needed: never on the input path.
    let calls: SpeechDispatcherCalls
    switch SpeechDispatcherCalls.load() {
    case let .success(loaded): calls = loaded
    case let .failure(error):
      reportOutage(error.description)
      return
    }
    var connection: SpeechDispatcherCalls.Connection?
    var backoff = configuration.backoff
    var nextAttempt = BootTimeClock.now
    while !isClosing {
      guard let open = connection else {
        let wait = nextAttempt - BootTimeClock.now
        if wait > .zero {
          _ = wake.wait(for: wait)
          continue
        }
        switch connect(calls) {
        case let .success(opened):
          connection = opened
          backoff.reset()
        case let .failure(error):
          // Within the startup grace nothing has been heard yet, so nothing is old news: all waits in order.
          let starting = BootTimeClock.now < graceEnds
          state.withLock { state in
            if !(starting && !state.everConnected) { state.queue.connectionFailed() }
          }
          reportOutage(error.description, unlessStarting: true)
          nextAttempt = BootTimeClock.now + backoff.next()
        }
        continue
      }
      guard let request = state.withLock({ $0.queue.next() }) else {
        wake.wait()
        continue
      }
      if !send(request, over: open, calls) {
        calls.close(open)
        connection = nil
        state.withLock { state in
          state.connected = false
          state.queue.connectionLost(failed: request)
        }
        reportOutage(SpeechError.sendFailed.description)
        nextAttempt = BootTimeClock.now + backoff.next()
      }
    }
    if let connection {
      // Say what is still queued (the last "Cancelled" or "Passcode accepted" of a short-lived process)
      // before closing; ``close()`` bounds the whole wait by the deadline.
      while let request = state.withLock({ $0.queue.next() }), send(request, over: connection, calls) {}
      calls.close(connection)
    }
  }

  private func connect(_ calls: SpeechDispatcherCalls) -> Result<SpeechDispatcherCalls.Connection, SpeechError> {
    let operation = beginOperation(description: "connect")
    let result = calls.open(
      clientName: configuration.clientName, connectionName: configuration.connectionName,
      userName: configuration.userName, address: configuration.address, autospawn: configuration.autospawn)
    if case let .success(connection) = result {
      _ = calls.setPunctuationNone(connection)
      _ = calls.setLanguage(connection, configuration.language)
      setVoice(over: connection, calls)
    }
    endOperation(operation, succeeded: (try? result.get()) != nil)
    return result
  }

  /// Sends the person's voice settings after the language, since setting a language may change the voice:
  /// the voice first, then its levels. A value the daemon refuses leaves the daemon's own; the words are
  /// still said.
  private func setVoice(over connection: SpeechDispatcherCalls.Connection, _ calls: SpeechDispatcherCalls) {
    let voice = configuration.voice
    if let chosen = voice.voice { _ = calls.setVoice(connection, chosen) }
    if let rate = voice.rate { _ = calls.setRate(connection, rate) }
    if let pitch = voice.pitch { _ = calls.setPitch(connection, pitch) }
    if let volume = voice.volume { _ = calls.setVolume(connection, volume) }
  }

  private func send(
    _ request: SpeechRequest, over connection: SpeechDispatcherCalls.Connection, _ calls: SpeechDispatcherCalls
  ) -> Bool {
    let operation = beginOperation(description: "send")
    let status =
      switch request.content {
      case let .words(text): calls.say(connection, priority: request.priority, text: text)
      case let .soundIcon(name): calls.soundIcon(connection, priority: request.priority, iconName: name)
      }
    endOperation(operation, succeeded: status != -1)
    return status != -1
  }

  private func beginOperation(description: String) -> Int {
    let operation = state.withLock { state in
      state.operationCount += 1
      state.busyOperation = state.operationCount
      return state.operationCount
    }
    operationBegan.signal()
    return operation
  }

  private func endOperation(_ operation: Int, succeeded: Bool) {
    state.withLock { state in
      if state.busyOperation == operation { state.busyOperation = nil }
      if succeeded {
        state.connected = true
        state.everConnected = true
        state.queue.connectionEstablished()
        state.outageReported = false
      }
    }
    operationEnded.signal()
  }

  /// Reports an outage once; with `unlessStarting`, a daemon not reached yet within the startup grace is not
  /// reported (the next failed attempt after it is).
  private func reportOutage(_ reason: String, unlessStarting: Bool = false) {
    let starting = unlessStarting && BootTimeClock.now < graceEnds
    let report = state.withLock { state in
      guard !state.closing, !state.outageReported, !(starting && !state.everConnected) else { return false }
      state.outageReported = true
      return true
    }
    if report { onUnavailable(reason) }
  }
}
