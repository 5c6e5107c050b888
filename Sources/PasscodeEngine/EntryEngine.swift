/// The passcode entry state machine: feed it events, carry out the effects it returns.
///
/// The engine does no I/O and knows no clock. Time reaches it as ``EntryEvent/timerFired(_:)`` for the
/// timers it asked for, so tests drive it with events alone. The typed code lives only in the
/// ``SecretStorage`` given at creation, which the engine wipes on clear, rejection, acceptance, cancel and
/// timeout.
///
/// The engine is a value, but the secret storage it holds is a reference: copy an engine only to inspect it.
public struct EntryEngine: Sendable {
  private enum State: Equatable {
    case notStarted
    case entering
    case verifying(checkingAnnounced: Bool)
    case rejecting(shakeOffset: Int)
    case finished(EntryOutcome)
  }

  /// The configuration the engine was made with.
  public let configuration: EntryConfiguration
  /// Consecutive failures, including those from before this prompt.
  public private(set) var failureCount: Int
  /// Wrong codes entered during this prompt.
  public private(set) var attemptsThisRun = 0
  /// The most wrong codes this prompt allows before it ends with ``EntryOutcome/attemptsExhausted``.
  public let attemptLimit: Int?

  private let secret: any SecretStorage
  private var state: State = .notStarted
  private var enteredCount = 0
  private var lastMessage: Announcement?
  /// The remaining lockout time at which the next countdown tick fires; `nil` when not locked out.
  private var lockoutNextPoint: Duration?
  private var pendingLockoutAnnouncement: Int?

  /// Creates an engine.
  ///
  /// - Parameters:
  ///   - configuration: The prompt's shape.
  ///   - secretStorage: Where the typed code is kept; at least ``EntryConfiguration/maximumByteCount``
  ///     bytes. The engine wipes it now.
  ///   - failureCount: Consecutive failures before this prompt (persisted by the caller).
  ///   - lockoutRemaining: How much of a lockout is still running when the prompt starts.
  ///   - attemptLimit: The most wrong codes this prompt allows, or `nil` for no limit.
  public init(
    configuration: EntryConfiguration,
    secretStorage: any SecretStorage,
    failureCount: Int = 0,
    lockoutRemaining: Duration = .zero,
    attemptLimit: Int? = nil
  ) {
    precondition(
      secretStorage.capacity >= configuration.maximumByteCount, "the secret storage is too small for the code")
    self.configuration = configuration
    self.secret = secretStorage
    self.failureCount = max(0, failureCount)
    self.attemptLimit = attemptLimit
    secretStorage.wipe()
    if lockoutRemaining > .zero { lockoutNextPoint = lockoutRemaining }
  }

  /// Whether the prompt has ended.
  public var isFinished: Bool {
    if case .finished = state { return true }
    return false
  }

  /// How many characters are entered now.
  public var count: Int { enteredCount }

  /// Lends the entry typed so far to a caller's own check (a pinentry's quality inquiry); the bytes must
  /// not be kept or copied outside secret memory.
  ///
  /// - Parameter body: Reads the entry.
  /// - Returns: What `body` returns.
  public func withEntry<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try secret.withUnsafeBytes(body)
  }

  /// Whether a lockout is running.
  public var isLockedOut: Bool { lockoutNextPoint != nil }

  /// What a renderer should draw now (for example after the window was resized).
  public var display: EntryDisplay {
    let phase: EntryDisplay.Phase
    var shakeOffset = 0
    var isError = false
    switch state {
    case .notStarted, .entering: phase = isLockedOut ? .lockedOut : .entering
    case .verifying: phase = .verifying
    case let .rejecting(offset):
      phase = .rejected
      shakeOffset = offset
      isError = true
    case .finished(.accepted): phase = .accepted
    case .finished(.cancelled): phase = .cancelled
    case .finished(.timedOut): phase = .timedOut
    case .finished(.attemptsExhausted): phase = .rejected
    }
    let visible = configuration.isSecure ? [] : enteredScalars()
    let cellCount = configuration.fixedLength ?? enteredCount
    let cells = (0..<cellCount).map { index -> EntryDisplay.Cell in
      let content: EntryDisplay.Cell.Content
      if index >= enteredCount {
        content = .empty
      } else if index < visible.count {
        content = .visible(visible[index])
      } else {
        content = .masked
      }
      return EntryDisplay.Cell(
        content: content, isCurrent: index == enteredCount && phase == .entering, isError: isError)
    }
    return EntryDisplay(
      title: configuration.title, cells: cells, phase: phase, shakeOffset: shakeOffset, message: lastMessage,
      enteredCount: enteredCount, fixedLength: configuration.fixedLength)
  }

  /// Shows the prompt: the first render and announcement, and the timers a lockout or timeout needs.
  ///
  /// - Returns: The effects to carry out.
  public mutating func start() -> [EntryEffect] {
    precondition(state == .notStarted, "start() is called once")
    state = .entering
    var effects: [EntryEffect] = []
    if let remaining = lockoutNextPoint {
      effects += beginLockout(remaining: remaining, announce: true)
    } else {
      lastMessage = .prompt(title: configuration.title, length: configuration.fixedLength, kind: kind)
      effects.append(.announce(.prompt(title: configuration.title, length: configuration.fixedLength, kind: kind)))
    }
    effects.insert(.render(display), at: 0)
    effects += restartTimeout()
    return effects
  }

  /// Handles one event.
  ///
  /// - Parameter event: What happened.
  /// - Returns: The effects to carry out, in order.
  public mutating func handle(_ event: EntryEvent) -> [EntryEffect] {
    switch state {
    case .notStarted:
      preconditionFailure("handle(_:) before start()")
    case .finished:
      if case let .paste(storage, _) = event { storage.wipe() }
      return []
    default:
      break
    }
    switch event {
    case let .character(scalar): return acceptInput { $0.insert(scalar) }
    case .unsupportedKey: return acceptInput { $0.announce(.notAllowed($0.kind)) }
    case .delete: return acceptInput { $0.deleteLast() }
    case .clear: return acceptInput { $0.clearAll() }
    case let .paste(storage, overflow):
      defer { storage.wipe() }
      return acceptInput { $0.paste(storage, overflow: overflow) }
    case .submit: return acceptInput { $0.submit() }
    case .cancel: return cancel()
    case .repeatStatus: return repeatStatus()
    case let .verdict(verdict): return receive(verdict)
    case let .timerFired(timer): return timerFired(timer)
    }
  }

  // MARK: - Input

  private var kind: Announcement.CharacterKind { configuration.allowed.kind }

  private mutating func acceptInput(_ body: (inout Self) -> [EntryEffect]) -> [EntryEffect] {
    switch state {
    case .entering where !isLockedOut:
      let effects = body(&self)
      guard !effects.isEmpty else { return [] }
      if case .finished = state { return effects }
      return effects + restartTimeout()
    case .verifying:
      return []
    default:
      return [.flushInput]
    }
  }

  private mutating func insert(_ scalar: Unicode.Scalar) -> [EntryEffect] {
    guard configuration.allowed.allows(scalar) else { return announce(.notAllowed(kind)) }
    guard enteredCount < configuration.maximumLength else {
      return announce(.progress(entered: enteredCount, length: configuration.fixedLength, kind: kind))
    }
    guard appendToSecret(scalar) else { return [] }
    enteredCount += 1
    return afterGrowth(.progress(entered: enteredCount, length: configuration.fixedLength, kind: kind))
  }

  private mutating func deleteLast() -> [EntryEffect] {
    guard enteredCount > 0 else { return [] }
    let byteCount = secret.withUnsafeBytes { bytes in
      var start = bytes.count - 1
      while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
      return bytes.count - start
    }
    secret.removeLast(byteCount)
    enteredCount -= 1
    return [.render(display)] + announce(.deleted(entered: enteredCount, length: configuration.fixedLength, kind: kind))
  }

  private mutating func clearAll() -> [EntryEffect] {
    guard enteredCount > 0 else { return [] }
    secret.wipe()
    enteredCount = 0
    return [.render(display)] + announce(.cleared(length: configuration.fixedLength, kind: kind))
  }

  private mutating func paste(_ storage: any SecretStorage, overflow: Int) -> [EntryEffect] {
    var ignored = max(0, overflow)
    var added = 0
    storage.withUnsafeBytes { bytes in
      var decoder = UTF8()
      var iterator = bytes.makeIterator()
      decoding: while true {
        switch decoder.decode(&iterator) {
        case let .scalarValue(scalar):
          if configuration.allowed.allows(scalar), enteredCount < configuration.maximumLength,
            appendToSecret(scalar)
          {
            enteredCount += 1
            added += 1
          } else {
            ignored += 1
          }
        case .error: ignored += 1
        case .emptyInput: break decoding
        }
      }
    }
    let announcement = Announcement.pasted(
      entered: enteredCount, length: configuration.fixedLength, kind: kind, ignored: ignored)
    guard added > 0 else { return announce(announcement) }
    return afterGrowth(announcement)
  }

  private mutating func submit() -> [EntryEffect] {
    guard enteredCount >= configuration.minimumLength else {
      return announce(.tooShort(minimum: configuration.minimumLength, kind: kind))
    }
    return beginVerifying()
  }

  private mutating func afterGrowth(_ announcement: Announcement) -> [EntryEffect] {
    var effects: [EntryEffect] = []
    lastMessage = announcement
    if let length = configuration.fixedLength, enteredCount == length {
      state = .verifying(checkingAnnounced: false)
      effects.append(.render(display))
      effects.append(.announce(announcement))
      effects += startVerification()
    } else {
      effects.append(.render(display))
      effects.append(.announce(announcement))
    }
    return effects
  }

  private mutating func beginVerifying() -> [EntryEffect] {
    state = .verifying(checkingAnnounced: false)
    return [.render(display)] + startVerification()
  }

  private func startVerification() -> [EntryEffect] {
    [
      .cancelTimer(.timeoutWarning), .cancelTimer(.timeout), .schedule(.checking, after: configuration.checkingDelay),
      .verify(secret),
    ]
  }

  private func appendToSecret(_ scalar: Unicode.Scalar) -> Bool {
    var encoded: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    var length = 0
    UTF8.encode(scalar) { byte in
      withUnsafeMutableBytes(of: &encoded) { $0[length] = byte }
      length += 1
    }
    defer { encoded = (0, 0, 0, 0) }
    return withUnsafeBytes(of: &encoded) { secret.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
  }

  private func enteredScalars() -> [Unicode.Scalar] {
    secret.withUnsafeBytes { bytes in
      var scalars: [Unicode.Scalar] = []
      var decoder = UTF8()
      var iterator = bytes.makeIterator()
      while case let .scalarValue(scalar) = decoder.decode(&iterator) { scalars.append(scalar) }
      return scalars
    }
  }

  // MARK: - Verdicts

  private mutating func receive(_ verdict: Verdict) -> [EntryEffect] {
    guard case .verifying = state else { return [] }
    var effects: [EntryEffect] = [.cancelTimer(.checking)]
    switch verdict {
    case .accepted:
      failureCount = 0
      effects += finish(.accepted, announcing: configuration.acceptedAnnouncement)
      effects.append(.cue(.success))
      return effects
    case let .rejected(persistedCount):
      failureCount = persistedCount ?? failureCount + 1
      attemptsThisRun += 1
      return effects + reject()
    case let .lockedOut(remaining, persistedCount):
      failureCount = persistedCount
      secret.wipe()
      enteredCount = 0
      state = .entering
      effects += beginLockout(remaining: remaining, announce: true)
      effects.insert(.render(display), at: 1)
      return effects + [.flushInput] + restartTimeout()
    case let .retry(reason):
      secret.wipe()
      enteredCount = 0
      state = .entering
      let standard: Announcement =
        switch reason {
        case .confirmNew: .confirmNew
        case .mismatch: .mismatch
        case .tooWeak: .tooWeak
        case let .refused(words): words
        }
      let announcement = configuration.retryAnnouncements[reason] ?? standard
      lastMessage = announcement
      // Flush before announcing: a key typed as soon as the words appear belongs to the next entry.
      effects.append(.flushInput)
      effects.append(.render(display))
      effects.append(.announce(announcement))
      if reason != .confirmNew { effects.append(.cue(.error)) }
      return effects + restartTimeout()
    }
  }

  private mutating func reject() -> [EntryEffect] {
    secret.wipe()
    let lockout = configuration.lockoutSchedule.delay(afterFailures: failureCount)
    let announcement: Announcement
    if lockout > .zero {
      announcement = .lockedOut(seconds: Self.wholeSeconds(lockout))
    } else {
      announcement = .wrong(triesLeft: triesLeftWorthSaying())
    }
    state = .rejecting(shakeOffset: 0)
    lastMessage = announcement
    var effects: [EntryEffect] = [.flushInput, .render(display), .announce(announcement)]
    effects.append(.cue(lockout > .zero ? .lockout : .error))
    effects.append(.schedule(.rejectionEnded, after: configuration.rejectionDuration))
    if !configuration.reduceMotion {
      // Every frame is scheduled now, from the same instant, so late wake-ups never reorder or drop
      // frames. The last frame of the curve is the rest position, which the end of the rejection draws.
      let times = configuration.shake.frameTimes.dropLast()
      for (index, time) in times.enumerated() where time < configuration.rejectionDuration {
        effects.append(.schedule(.shakeFrame(index), after: time))
      }
    }
    if lockout > .zero {
      effects += beginLockout(remaining: lockout, announce: false)
    }
    return effects
  }

  /// The tries left before a lockout or the end of this run, when few enough to be worth saying.
  private func triesLeftWorthSaying() -> Int? {
    guard let tries = triesLeft() else { return nil }
    return tries <= 3 ? tries : nil
  }

  private func triesLeft() -> Int? {
    let beforeLockout = configuration.lockoutSchedule.triesBeforeLockout(afterFailures: failureCount)
    let beforeLimit = attemptLimit.map { max(0, $0 - attemptsThisRun) }
    switch (beforeLockout, beforeLimit) {
    case let (lockout?, limit?): return min(lockout, limit)
    case let (lockout?, nil): return lockout
    case let (nil, limit?): return limit
    case (nil, nil): return nil
    }
  }

  // MARK: - Timers

  private mutating func timerFired(_ timer: EntryTimer) -> [EntryEffect] {
    switch timer {
    case .checking:
      guard case .verifying(false) = state else { return [] }
      state = .verifying(checkingAnnounced: true)
      lastMessage = .checking
      return [.render(display), .announce(.checking)]
    case let .shakeFrame(index):
      guard case .rejecting = state else { return [] }
      let offsets = configuration.shake.columnOffsets
      guard index < offsets.count else { return [] }
      state = .rejecting(shakeOffset: offsets[index])
      return [.render(display)]
    case .rejectionEnded:
      guard case .rejecting = state else { return [] }
      enteredCount = 0
      state = .entering
      var effects: [EntryEffect] = [.flushInput]
      if let limit = attemptLimit, attemptsThisRun >= limit {
        return effects + finish(.attemptsExhausted, announcing: nil)
      }
      if isLockedOut {
        effects.append(.render(display))
      } else {
        lastMessage = .ready
        effects += [.render(display), .announce(.ready)]
      }
      return effects
    case .lockoutTick:
      guard let point = lockoutNextPoint else { return [] }
      if point <= .zero {
        lockoutNextPoint = nil
        guard case .entering = state else { return [] }
        lastMessage = .ready
        return [.flushInput, .render(display), .announce(.ready)] + restartTimeout()
      }
      let next = Self.nextCountdownPoint(before: point)
      lockoutNextPoint = next
      lastMessage = .countdown(seconds: Self.wholeSeconds(point))
      var effects: [EntryEffect] = [.schedule(.lockoutTick, after: point - next)]
      if case .entering = state {
        effects += [.render(display), .announce(.countdown(seconds: Self.wholeSeconds(point)))]
      }
      return effects
    case .timeoutWarning:
      guard let timeout = configuration.timeout, case .entering = state else { return [] }
      let warning = Self.timeoutWarningLead(for: timeout) ?? .zero
      lastMessage = .timeLeft(seconds: Self.wholeSeconds(warning))
      return [.render(display), .announce(.timeLeft(seconds: Self.wholeSeconds(warning)))]
    case .timeout:
      return finish(.timedOut, announcing: .timedOut)
    }
  }

  private mutating func beginLockout(remaining: Duration, announce: Bool) -> [EntryEffect] {
    let next = Self.nextCountdownPoint(before: remaining)
    lockoutNextPoint = next
    var effects: [EntryEffect] = [.schedule(.lockoutTick, after: remaining - next)]
    if announce {
      let announcement = Announcement.lockedOut(seconds: Self.wholeSeconds(remaining))
      lastMessage = announcement
      effects.append(.announce(announcement))
    }
    return effects
  }

  /// The next point at which the countdown speaks: each whole minute, then 30 s and 10 s, then zero.
  static func nextCountdownPoint(before remaining: Duration) -> Duration {
    let minute = Duration.seconds(60)
    if remaining > minute {
      let wholeMinutes = Self.wholeSeconds(remaining) / 60
      var point = Duration.seconds(wholeMinutes * 60)
      if point >= remaining { point -= minute }
      return point
    }
    if remaining > .seconds(30) { return .seconds(30) }
    if remaining > .seconds(10) { return .seconds(10) }
    return .zero
  }

  /// Whole seconds, rounded up, so "4.2 s left" reads as "5 seconds".
  static func wholeSeconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) + (attoseconds > 0 ? 1 : 0)
  }

  /// How long before a timeout the warning comes: 10 s for timeouts over 20 s, otherwise none.
  static func timeoutWarningLead(for timeout: Duration) -> Duration? {
    timeout > .seconds(20) ? .seconds(10) : nil
  }

  private func restartTimeout() -> [EntryEffect] {
    guard let timeout = configuration.timeout else { return [] }
    var effects: [EntryEffect] = [.schedule(.timeout, after: timeout)]
    if let lead = Self.timeoutWarningLead(for: timeout) {
      effects.append(.schedule(.timeoutWarning, after: timeout - lead))
    }
    return effects
  }

  // MARK: - Status and endings

  private mutating func repeatStatus() -> [EntryEffect] {
    if isLockedOut, let message = lastMessage { return [.announce(message)] }
    let status = Announcement.status(
      entered: enteredCount, length: configuration.fixedLength, kind: kind, triesLeft: triesLeft())
    return [.announce(status)]
  }

  private mutating func announce(_ announcement: Announcement) -> [EntryEffect] {
    lastMessage = announcement
    return [.render(display), .announce(announcement)]
  }

  /// Ends as cancelled. While a verification runs, the storage is the verifier's: it is read on another
  /// thread, and the front wipes it when the verifier returns (``EntryEffect/verify(_:)``), so it is left
  /// alone here rather than wiped under the verifier's feet.
  private mutating func cancel() -> [EntryEffect] {
    guard case .verifying = state else { return finish(.cancelled, announcing: .cancelled) }
    enteredCount = 0
    lockoutNextPoint = nil
    state = .finished(.cancelled)
    return finishEffects(.cancelled, announcing: .cancelled)
  }

  private mutating func finish(_ outcome: EntryOutcome, announcing announcement: Announcement?) -> [EntryEffect] {
    secret.wipe()
    // An accepted code stays drawn as filled cells; every other ending empties them.
    if outcome != .accepted { enteredCount = 0 }
    lockoutNextPoint = nil
    state = .finished(outcome)
    return finishEffects(outcome, announcing: announcement)
  }

  private mutating func finishEffects(_ outcome: EntryOutcome, announcing announcement: Announcement?)
    -> [EntryEffect]
  {
    var effects: [EntryEffect] = [
      .cancelTimer(.checking), .cancelTimer(.rejectionEnded), .cancelTimer(.lockoutTick),
      .cancelTimer(.timeoutWarning), .cancelTimer(.timeout),
    ]
    if let announcement {
      lastMessage = announcement
      effects += [.render(display), .announce(announcement)]
    } else {
      effects.append(.render(display))
    }
    effects.append(.finish(outcome))
    return effects
  }
}
