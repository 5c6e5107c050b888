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
/// wake-ups. Every reading and every wait for time is on the injected ``SpeechClock``.
final class SpeechWorker: Sendable {
  private struct State {
    var queue = SpeechQueue()
    var connected = false
    /// Whether the latest attempt to connect failed or took longer than the deadline.
    var latestConnectFailed = false
    var closing = false
    var outageReported = false
    /// Whether a connection was ever made; before that, failures within the startup grace are not reported.
    var everConnected = false
    /// The connect or send running now, for the watchdog.
    var busyOperation: Operation?
    var operationCount = 0
  }

  /// A connect or send: its number, and the clock's reading when it began.
  private struct Operation {
    let number: Int
    let began: Duration
  }

  private let configuration: SpeechDispatcherConfiguration
  private let clock: any SpeechClock
  /// The end of ``SpeechDispatcherConfiguration/startupGrace``.
  private let graceEnds: Duration
  private let onUnavailable: @Sendable (String) -> Void
  private let state = Mutex(State())
  private let wake = Semaphore()
  private let finished = Semaphore()
  /// Signalled when a connect or send begins, and on close; the watchdog sleeps on it.
  private let operationBegan = Semaphore()
  /// Signalled when a connect or send ends.
  private let operationEnded = Semaphore()
  /// Signalled when an attempt to connect succeeds, fails or times out, and on close.
  private let connectionSettled = Semaphore()

  init(
    configuration: SpeechDispatcherConfiguration, clock: any SpeechClock,
    onUnavailable: @escaping @Sendable (String) -> Void
  ) {
    self.configuration = configuration
    self.clock = clock
    self.graceEnds = clock.now() + configuration.startupGrace
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

  /// The watchdog: for each connect or send, waits until the deadline after it began for it to end, and
  /// reports an outage when it does not. A stuck operation is then waited out, as the worker cannot start
  /// another.
  private func watch() {
    while true {
      operationBegan.wait()
      let (closing, busy) = state.withLock { state in (state.closing, state.busyOperation) }
      guard !closing else { return }
      // Nothing running: the operation whose beginning woke the watchdog has ended already.
      guard let busy else { continue }
      let deadline = busy.began + configuration.deadline
      while isBusy(with: busy), clock.now() < deadline {
        clock.sleep(wakingOn: operationEnded, until: deadline)
      }
      let stuck = state.withLock { state in
        guard state.busyOperation?.number == busy.number else { return false }
        state.connected = false
        state.latestConnectFailed = true
        state.queue.connectionFailed()
        return true
      }
      guard stuck else { continue }
      connectionSettled.signal()
      reportOutage(SpeechError.timedOut(milliseconds: configuration.deadline.wholeMilliseconds).description)
      while isBusy(with: busy) { operationEnded.wait() }
    }
  }

  private func isBusy(with operation: Operation) -> Bool {
    state.withLock { $0.busyOperation?.number == operation.number }
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
    connectionSettled.signal()
    let deadline = clock.now() + configuration.deadline
    clock.sleep(wakingOn: finished, until: deadline)
  }

  /// Waits until a connection is up, or the latest attempt to make one failed or timed out, or the worker
  /// closes; at most `limit` on the worker's clock. One thread waits at a time.
  ///
  /// - Parameter limit: The longest wait.
  /// - Returns: Whether a connection is up.
  func waitUntilConnected(within limit: Duration) -> Bool {
    let deadline = clock.now() + limit
    while true {
      let (connected, settled) = state.withLock { state in
        (state.connected, state.connected || state.latestConnectFailed || state.closing)
      }
      if settled || clock.now() >= deadline { return connected }
      clock.sleep(wakingOn: connectionSettled, until: deadline)
    }
  }

  /// Whether a connection is up and answering.
  var isConnected: Bool {
    state.withLock { $0.connected }
  }

  /// Asks the thread to stop without waiting.
  func abandon() {
    state.withLock { $0.closing = true }
    wake.signal()
    connectionSettled.signal()
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
      state.withLock { $0.latestConnectFailed = true }
      connectionSettled.signal()
      reportOutage(error.description)
      return
    }
    var connection: SpeechDispatcherCalls.Connection?
    var backoff = configuration.backoff
    var nextAttempt = clock.now()
    while !isClosing {
      guard let open = connection else {
        if clock.now() < nextAttempt {
          clock.sleep(wakingOn: wake, until: nextAttempt)
          continue
        }
        switch connect(calls) {
        case let .success(opened):
          connection = opened
          backoff.reset()
        case let .failure(error):
          // Within the startup grace nothing has been heard yet, so nothing is old news: all waits in order,
          // and the daemon, expected at any moment, is tried again at a steady pace.
          let starting = clock.now() < graceEnds
          let awaitingStart = state.withLock { state in
            state.latestConnectFailed = true
            let awaitingStart = starting && !state.everConnected
            if !awaitingStart { state.queue.connectionFailed() }
            return awaitingStart
          }
          reportOutage(error.description, unlessStarting: true)
          nextAttempt = clock.now() + (awaitingStart ? configuration.startupRetryInterval : backoff.next())
        }
        connectionSettled.signal()
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
        nextAttempt = clock.now() + backoff.next()
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
    let began = clock.now()
    let operation = state.withLock { state in
      state.operationCount += 1
      state.busyOperation = Operation(number: state.operationCount, began: began)
      return state.operationCount
    }
    operationBegan.signal()
    return operation
  }

  private func endOperation(_ operation: Int, succeeded: Bool) {
    state.withLock { state in
      if state.busyOperation?.number == operation { state.busyOperation = nil }
      if succeeded {
        state.connected = true
        state.latestConnectFailed = false
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
    let starting = unlessStarting && clock.now() < graceEnds
    let report = state.withLock { state in
      guard !state.closing, !state.outageReported, !(starting && !state.everConnected) else { return false }
      state.outageReported = true
      return true
    }
    if report { onUnavailable(reason) }
  }
}
