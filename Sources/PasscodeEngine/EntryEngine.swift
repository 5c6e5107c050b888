/// The passcode entry state machine: feed it events, carry out the effects it returns.
///
/// The engine does no I/O and knows no clock. Time reaches it as ``EntryEvent/timerFired(_:)`` for the
/// timers it asked for, so tests drive it with events alone. The typed code lives only in the
/// ``SecretStorage`` given at creation, which the engine wipes on clear, rejection, acceptance, cancel and
/// timeout.
///
/// The engine is a value, but the secret storage it holds is a reference: copy an engine only to inspect it.
package struct EntryEngine: Sendable {
  private enum State: Equatable {
    case notStarted(lockoutRemaining: Duration?)
    /// Taking keys; `keyRefused` once a key typed or pasted was not taken into the entry (not allowed, no room,
    /// not a character), until the entry is emptied: such an entry is never submitted, since it is not what
    /// the person typed.
    case entering(keyRefused: Bool)
    /// Refusing input until the lockout ends.
    case lockedOut(Lockout)
    case verifying(checkingAnnounced: Bool)
    /// Showing a wrong code; `lockout` is the one it started, if any, which goes on after the rejection.
    case rejecting(shakeOffset: Int, lockout: Lockout?)
    case finished(EntryOutcome)
  }

  /// A running lockout.
  private struct Lockout: Equatable {
    /// The remaining time at which the countdown next speaks.
    var nextPoint: Duration
    /// What the lockout last said, which a status request repeats.
    var announcement: Announcement
  }

  /// The configuration the engine was made with.
  package let configuration: EntryConfiguration
  /// Consecutive failures, including those from before this prompt.
  package private(set) var failureCount: Int
  /// Wrong codes entered during this prompt.
  package private(set) var attemptsThisRun = 0
  /// The most wrong codes this prompt allows before it ends with ``EntryOutcome/attemptsExhausted``.
  package let attemptLimit: Int?

  private let secret: any SecretStorage
  private var state: State
  private var enteredCount = 0
  /// How many times the user asked for more time and got it (``EntryEvent/moreTime``).
  private var timeExtensions = 0
  /// What has been said of the lock keys (``LockKeyHints``).
  private var lockKeyHints = LockKeyHints()
  /// What the user was told last, which the display's status line shows. Only ``tell(_:)`` sets it.
  private var message: Announcement?
  /// Whether keys typed while a code was checked, or while its rejection showed, were thrown away and the user
  /// not told yet (``Announcement/keysIgnoredWhileChecking``, told when keys are taken again).
  private var keysIgnoredWhileChecking = false
  /// Whether the last batch of effects ended a check (a verdict, the rejection's end) with a flush: keys that
  /// flush threw away (``EntryEvent/keysDiscarded``, the next event) were typed during the check.
  private var checkJustEnded = false

  /// Creates an engine.
  ///
  /// - Parameters:
  ///   - configuration: The prompt's shape.
  ///   - secretStorage: Where the typed code is kept; at least ``EntryConfiguration/maximumByteCount``
  ///     bytes. The engine wipes it now.
  ///   - failureCount: Consecutive failures before this prompt (persisted by the caller).
  ///   - lockoutRemaining: How much of a lockout is still running when the prompt starts.
  ///   - attemptLimit: The most wrong codes this prompt allows, or `nil` for no limit.
  package init(
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
    state = .notStarted(lockoutRemaining: lockoutRemaining > .zero ? lockoutRemaining : nil)
  }

  /// Whether the prompt has ended.
  package var isFinished: Bool {
    if case .finished = state { return true }
    return false
  }

  /// How many characters are entered now.
  package var count: Int { enteredCount }

  /// Lends the entry typed so far to a caller's own check (a pinentry's quality inquiry); the bytes must
  /// not be kept or copied outside secret memory.
  ///
  /// - Parameter body: Reads the entry.
  /// - Returns: What `body` returns.
  package func withEntry<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try secret.withUnsafeBytes(body)
  }

  /// Whether a lockout is running.
  package var isLockedOut: Bool { runningLockout != nil || isWaitingForLockout }

  /// The lockout running now, once started.
  private var runningLockout: Lockout? {
    switch state {
    case let .lockedOut(lockout): lockout
    case let .rejecting(_, lockout): lockout
    default: nil
    }
  }

  /// Whether the prompt is not started yet and will open locked out.
  private var isWaitingForLockout: Bool {
    if case .notStarted(.some) = state { return true }
    return false
  }

  /// What a renderer should draw now (for example after the window was resized).
  package var display: EntryDisplay {
    let phase: EntryDisplay.Phase
    var shakeOffset = 0
    var isError = false
    switch state {
    case .notStarted: phase = isWaitingForLockout ? .lockedOut : .entering
    case .entering: phase = .entering
    case .lockedOut: phase = .lockedOut
    case .verifying: phase = .verifying
    case let .rejecting(offset, _):
      phase = .rejected
      shakeOffset = offset
      isError = true
    case .finished(.accepted): phase = .accepted
    case .finished(.cancelled): phase = .cancelled
    case .finished(.timedOut): phase = .timedOut
    case .finished(.attemptsExhausted): phase = .rejected
    }
    let visible = configuration.isSecure ? [] : enteredScalars()
    let progress = configuration.progress
    // Only `count` draws the length; `silent` draws nothing of a secure entry.
    let shownCount = progress == .silent && configuration.isSecure ? 0 : enteredCount
    let cellCount = progress.revealsCount ? configuration.fixedLength ?? enteredCount : shownCount
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
      title: configuration.title, cells: cells, phase: phase, shakeOffset: shakeOffset, message: message,
      enteredCount: shownCount, fixedLength: progress.revealsCount ? configuration.fixedLength : nil,
      progress: progress)
  }

  /// Shows the prompt: the heading, the opening cues (``EntryConfiguration/openingCues``), the first render and
  /// announcement, then the preamble's, the hint, and the timers a lockout or timeout needs.
  ///
  /// The heading (``PromptEffect/heading(title:lines:)``) holds what must stay readable above the entry: with a
  /// hint, the title and the hint, so the hint is not read before what it is for; then the caller's `heading`.
  ///
  /// - Parameters:
  ///   - heading: What the caller keeps above the entry (a pinentry's descriptions, an agent's question and who
  ///     asks), each also told in its turn, in the preamble.
  ///   - preamble: What is told right after the prompt's own words (a caller's description, an error, how many
  ///     questions wait), each drawn as the status and told once, in order.
  ///   - hint: What stands under the prompt (the demo's code), or `nil`: shown in the heading and told after the
  ///     preamble (``PromptEffect/aside(_:)``), never the status's message.
  /// - Returns: The effects to carry out.
  package mutating func start(
    heading: [Announcement] = [], preamble: [Announcement] = [], hint: Announcement? = nil
  ) -> [EntryEffect] {
    guard case let .notStarted(lockoutRemaining) = state else { preconditionFailure("start() is called once") }
    var effects: [EntryEffect] = []
    let lines = (hint.map { [$0] } ?? []) + heading
    if !lines.isEmpty { effects.append(.heading(title: hint.map { _ in configuration.title }, lines: lines)) }
    effects += configuration.openingCues.map(EntryEffect.cue)
    if let lockoutRemaining {
      effects += beginLockout(remaining: lockoutRemaining)
    } else {
      state = .entering(keyRefused: false)
      effects += tell(.prompt(title: configuration.title, length: revealedLength, kind: kind))
    }
    for announcement in preamble { effects += tell(announcement) }
    if let hint { effects.append(.aside(hint)) }
    effects += restartTimeout()
    if let deadline = configuration.fixedDeadline, let lead = Self.timeWarningLead(for: deadline) {
      effects.append(.schedule(.deadlineWarning, after: deadline - lead))
    }
    return effects
  }

  /// Handles one event.
  ///
  /// - Parameter event: What happened.
  /// - Returns: The effects to carry out, in order.
  package mutating func handle(_ event: EntryEvent) -> [EntryEffect] {
    switch state {
    case .notStarted:
      preconditionFailure("handle(_:) before start()")
    case .finished:
      if case let .paste(storage, _) = event { storage.wipe() }
      return []
    default:
      break
    }
    let afterCheck = checkJustEnded
    checkJustEnded = false
    switch event {
    case let .character(scalar): return acceptInput { $0.insert(scalar) }
    case .unsupportedKey: return acceptInput { $0.refuseKey($0.notAllowed) }
    case let .capsLock(isOn):
      guard case .entering = state, let told = lockKeyHints.readCapsLock(isOn, lettersAllowed: lettersAllowed)
      else { return [] }
      return [.aside(told)]
    case .keypadNavigation:
      return acceptInput { engine in
        let hint = engine.lockKeyHints.keypadNavigation(digitsOnly: !engine.lettersAllowed)
        return engine.refuseKey(hint ?? engine.notAllowed)
      }
    case .delete: return acceptInput { $0.deleteLast() }
    case .clear: return acceptInput { $0.clearAll() }
    case let .paste(storage, overflow):
      defer { storage.wipe() }
      return acceptInput { $0.paste(storage, overflow: overflow) }
    case .submit: return acceptInput { $0.submit() }
    case .cancel: return cancel()
    case .repeatStatus: return repeatStatus()
    case .moreTime: return moreTime()
    case .relock: return relock()
    case let .callerWords(announcement): return acceptInput(isKey: false) { $0.tell(announcement) }
    case .keysDiscarded: return keysDiscarded(afterCheck: afterCheck)
    case let .notice(words): return [.aside(words)]
    case .lendEntry:
      guard case .entering = state else { return [] }
      return [.lendEntry(secret)]
    case let .verdict(verdict): return receive(verdict)
    case let .timerFired(timer): return timerFired(timer)
    }
  }

  // MARK: - Input

  private var kind: Announcement.CharacterKind { configuration.allowed.kind }

  /// What a refused key says: the standard set's words, or a caller's set named from the configuration alone.
  private var notAllowed: Announcement {
    if case let .custom(set) = configuration.allowed { return .notAllowedOutside(set) }
    return .notAllowed(kind)
  }

  /// The fixed length when the feedback may say it (``ProgressFeedback/count``), else `nil`.
  private var revealedLength: Int? {
    configuration.progress.revealsCount ? configuration.fixedLength : nil
  }

  /// Tells a change of the entry as ``EntryConfiguration/progress`` asks: `counted` under `count`, the word
  /// `countless` under `tick`, and under `silent` nothing (the display is drawn, telling nothing).
  private mutating func tellEntry(
    _ counted: Announcement, _ countless: Announcement.CountlessFeedback
  ) -> [EntryEffect] {
    switch configuration.progress {
    case .count: tell(counted)
    case .tick: tell(.countless(countless))
    case .silent: [.render(display)]
    }
  }

  /// Whether a letter may be typed, so that Caps Lock matters (and Num Lock does not).
  private var lettersAllowed: Bool {
    configuration.allowed.allows("a") || configuration.allowed.allows("A")
  }

  /// Whether a key was refused since the entry was last empty (``State/entering(keyRefused:)``).
  private var isKeyRefused: Bool {
    if case .entering(keyRefused: true) = state { return true }
    return false
  }

  /// Refuses a key: tells `announcement`, and holds the entry back from submission until it is emptied.
  private mutating func refuseKey(_ announcement: Announcement) -> [EntryEffect] {
    state = .entering(keyRefused: true)
    return tell(announcement)
  }

  /// Takes a key (or the caller's words) while keys are taken; otherwise drops it. A key typed while a code is
  /// checked or its rejection shows is thrown away, and the user is told when keys are taken again: it
  /// belongs to no entry, and must not land in the next (rule 4: nothing is dropped unsaid).
  private mutating func acceptInput(isKey: Bool = true, _ body: (inout Self) -> [EntryEffect]) -> [EntryEffect] {
    switch state {
    case .entering:
      let effects = body(&self)
      guard !effects.isEmpty else { return [] }
      if case .finished = state { return effects }
      return effects + restartTimeout()
    case .verifying:
      if isKey { keysIgnoredWhileChecking = true }
      return []
    case .rejecting:
      if isKey { keysIgnoredWhileChecking = true }
      return [.flushInput]
    default:
      return [.flushInput]
    }
  }

  /// A flush threw away keys the engine never saw (``EntryEvent/keysDiscarded``): during a check they are told
  /// when keys are taken again; right after one (the flush that ended it), at once.
  private mutating func keysDiscarded(afterCheck: Bool) -> [EntryEffect] {
    switch state {
    case .verifying, .rejecting:
      keysIgnoredWhileChecking = true
      return []
    case .entering, .lockedOut:
      guard afterCheck else { return [] }
      keysIgnoredWhileChecking = true
      return tellKeysIgnored()
    default:
      return []
    }
  }

  /// Tells, once, that keys typed during the check were thrown away, when some were: apart from the status, so
  /// the words after it ("Ready") stay on the status line.
  private mutating func tellKeysIgnored() -> [EntryEffect] {
    guard keysIgnoredWhileChecking else { return [] }
    keysIgnoredWhileChecking = false
    return [.aside(.keysIgnoredWhileChecking)]
  }

  private mutating func insert(_ scalar: Unicode.Scalar) -> [EntryEffect] {
    guard configuration.allowed.allows(scalar) else { return refuseKey(notAllowed) }
    guard enteredCount < configuration.maximumLength, appendToSecret(scalar) else { return refuseKey(.entryFull) }
    enteredCount += 1
    return afterGrowth(.progress(entered: enteredCount, length: configuration.fixedLength, kind: kind), .entered)
  }

  private mutating func deleteLast() -> [EntryEffect] {
    guard enteredCount > 0 else {
      // An empty entry that refused a key starts clean again, and says so.
      return isKeyRefused ? clearAll() : []
    }
    let byteCount = secret.withUnsafeBytes { bytes in
      var start = bytes.count - 1
      while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
      return bytes.count - start
    }
    secret.removeLast(byteCount)
    enteredCount -= 1
    if enteredCount == 0 { state = .entering(keyRefused: false) }
    return tellEntry(.deleted(entered: enteredCount, length: configuration.fixedLength, kind: kind), .deleted)
  }

  private mutating func clearAll() -> [EntryEffect] {
    guard enteredCount > 0 || isKeyRefused else { return [] }
    secret.wipe()
    enteredCount = 0
    state = .entering(keyRefused: false)
    return tellEntry(.cleared(length: configuration.fixedLength, kind: kind), .cleared)
  }

  private mutating func paste(_ storage: any SecretStorage, overflow: Int) -> [EntryEffect] {
    var ignored = max(0, overflow)
    var added = 0
    storage.withUnsafeBytes { bytes in
      var decoder = UTF8()
      // The line break that copying a line often takes along ends the paste; it is never part of an entry
      // (no prompt allows a control character), so it is neither entered nor counted as ignored.
      var kept = bytes[...]
      if overflow == 0 {
        while let last = kept.last, last == 0x0A || last == 0x0D { kept = kept.dropLast() }
      }
      var iterator = kept.makeIterator()
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
    if ignored > 0 { state = .entering(keyRefused: true) }
    guard added > 0 else {
      // A paste that entered nothing is told in every mode, as a key that is not allowed is; without counts,
      // neither how much was ignored nor what is entered.
      return tell(configuration.progress.revealsCount ? announcement : .countless(.nothingPasted))
    }
    return afterGrowth(announcement, .pasted(someIgnored: ignored > 0))
  }

  private mutating func submit() -> [EntryEffect] {
    guard !isKeyRefused else { return tell(.keyRefusedNotSubmitted) }
    guard enteredCount >= configuration.minimumLength else {
      let tooShort = Announcement.tooShort(minimum: configuration.minimumLength, kind: kind)
      return tell(configuration.progress.revealsCount ? tooShort : .countless(.tooShort))
    }
    return beginVerifying()
  }

  /// Tells a grown entry (`counted`, or `countless` without counts) and starts verifying a full fixed-length one.
  private mutating func afterGrowth(
    _ counted: Announcement, _ countless: Announcement.CountlessFeedback
  ) -> [EntryEffect] {
    guard let length = configuration.fixedLength, enteredCount == length else { return tellEntry(counted, countless) }
    // A full entry that lost a key on the way is not what was typed: it waits, as Enter would.
    guard !isKeyRefused else { return tellEntry(counted, countless) + tell(.keyRefusedNotSubmitted) }
    state = .verifying(checkingAnnounced: false)
    return tellEntry(counted, countless) + startVerification()
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
      effects += tellKeysIgnored()
      // The cue goes with the words, before the end.
      var closing = finish(.accepted, announcing: configuration.acceptedAnnouncement)
      closing.insert(.cue(.success), at: closing.endIndex - 1)
      return effects + closing
    case let .rejected(persistedCount):
      failureCount = persistedCount ?? failureCount + 1
      attemptsThisRun += 1
      return effects + reject()
    case let .lockedOut(remaining, persistedCount):
      failureCount = persistedCount
      secret.wipe()
      enteredCount = 0
      effects += beginLockout(remaining: remaining)
      checkJustEnded = true
      return effects + [.flushInput] + tellKeysIgnored() + restartTimeout()
    case let .retry(reason):
      secret.wipe()
      enteredCount = 0
      state = .entering(keyRefused: false)
      let standard: Announcement =
        switch reason {
        case .confirmNew: .confirmNew
        case .mismatch: .mismatch
        case .tooWeak: .tooWeak
        case let .refused(words): words
        }
      let announcement = configuration.retryAnnouncements[reason] ?? standard
      // Flush before announcing: a key typed as soon as the words appear belongs to the next entry.
      effects.append(.flushInput)
      checkJustEnded = true
      effects += tellKeysIgnored()
      effects += tell(announcement)
      if reason != .confirmNew { effects.append(.cue(.error)) }
      return effects + restartTimeout()
    }
  }

  private mutating func reject() -> [EntryEffect] {
    secret.wipe()
    let lockout = configuration.lockoutSchedule.delay(afterFailures: failureCount)
    let announcement: Announcement
    var startedLockout: Lockout?
    if lockout > .zero {
      announcement = .lockedOut(seconds: LockoutSchedule.wholeSeconds(lockout))
      startedLockout = Lockout(nextPoint: LockoutSchedule.countdownPoint(before: lockout), announcement: announcement)
    } else {
      announcement = .wrong(triesLeft: triesLeftWorthSaying())
    }
    state = .rejecting(shakeOffset: 0, lockout: startedLockout)
    var effects: [EntryEffect] = [.flushInput] + tell(announcement)
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
    if let startedLockout {
      effects.append(.schedule(.lockoutTick, after: lockout - startedLockout.nextPoint))
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
      return tell(.checking)
    case let .shakeFrame(index):
      guard case let .rejecting(_, lockout) = state else { return [] }
      let offsets = configuration.shake.columnOffsets
      guard index < offsets.count else { return [] }
      state = .rejecting(shakeOffset: offsets[index], lockout: lockout)
      return [.render(display)]
    case .rejectionEnded:
      guard case let .rejecting(_, lockout) = state else { return [] }
      enteredCount = 0
      state = lockout.map(State.lockedOut) ?? .entering(keyRefused: false)
      checkJustEnded = true
      let effects: [EntryEffect] = [.flushInput] + tellKeysIgnored()
      if let limit = attemptLimit, attemptsThisRun >= limit {
        return effects + finish(.attemptsExhausted, announcing: nil)
      }
      return effects + (lockout == nil ? tell(.ready) : [.render(display)])
    case .lockoutTick:
      return lockoutTick()
    case .timeoutWarning:
      guard let timeout = configuration.timeout, isTakingKeysOrLockedOut else { return [] }
      let seconds = LockoutSchedule.wholeSeconds(Self.timeWarningLead(for: timeout) ?? .zero)
      return tell(
        timeExtensions < EntryConfiguration.timeExtensionLimit
          ? .timeLeftExtendable(seconds: seconds) : .timeLeft(seconds: seconds))
    case .deadlineWarning:
      guard let deadline = configuration.fixedDeadline, isTakingKeysOrLockedOut else { return [] }
      return tell(.timeLeft(seconds: LockoutSchedule.wholeSeconds(Self.timeWarningLead(for: deadline) ?? .zero)))
    case .timeout:
      return finish(.timedOut, announcing: .timedOut)
    }
  }

  /// Whether the prompt takes keys or counts a lockout down: when a time limit's warning is worth saying.
  private var isTakingKeysOrLockedOut: Bool {
    switch state {
    case .entering, .lockedOut: true
    default: false
    }
  }

  /// Starts the time limit again, in full, when more time may be given (``EntryEvent/moreTime``); a prompt
  /// with no time limit takes Tab as any other key it does not allow.
  private mutating func moreTime() -> [EntryEffect] {
    guard let timeout = configuration.timeout else {
      guard configuration.fixedDeadline != nil, isTakingKeysOrLockedOut else {
        return acceptInput { $0.refuseKey($0.notAllowed) }
      }
      return tell(.timeNotExtendable)
    }
    switch state {
    case .entering, .lockedOut: break
    case .verifying: return []
    default: return [.flushInput]
    }
    guard timeExtensions < EntryConfiguration.timeExtensionLimit else { return tell(.timeNotExtendable) }
    timeExtensions += 1
    return tell(.timeExtended(seconds: LockoutSchedule.wholeSeconds(timeout))) + restartTimeout()
  }

  /// The countdown's next point: "Ready" at zero (once the rejection has ended), otherwise the time left.
  private mutating func lockoutTick() -> [EntryEffect] {
    switch state {
    case let .lockedOut(lockout):
      let point = lockout.nextPoint
      guard point > .zero else {
        state = .entering(keyRefused: false)
        return [.flushInput] + tell(.ready) + restartTimeout()
      }
      let next = LockoutSchedule.countdownPoint(before: point)
      let countdown = Announcement.countdown(seconds: LockoutSchedule.wholeSeconds(point))
      state = .lockedOut(Lockout(nextPoint: next, announcement: countdown))
      return [.schedule(.lockoutTick, after: point - next)] + tell(countdown)
    case let .rejecting(offset, lockout?):
      // The lockout goes on silently under the rejection, which says "Ready" itself when it ended.
      let point = lockout.nextPoint
      guard point > .zero else {
        state = .rejecting(shakeOffset: offset, lockout: nil)
        return []
      }
      let next = LockoutSchedule.countdownPoint(before: point)
      let countdown = Announcement.countdown(seconds: LockoutSchedule.wholeSeconds(point))
      state = .rejecting(shakeOffset: offset, lockout: Lockout(nextPoint: next, announcement: countdown))
      return [.schedule(.lockoutTick, after: point - next)]
    default:
      return []
    }
  }

  /// Starts refusing input for `remaining`, says so, and schedules the countdown's first point.
  private mutating func beginLockout(remaining: Duration) -> [EntryEffect] {
    let next = LockoutSchedule.countdownPoint(before: remaining)
    let announcement = Announcement.lockedOut(seconds: LockoutSchedule.wholeSeconds(remaining))
    state = .lockedOut(Lockout(nextPoint: next, announcement: announcement))
    return [.schedule(.lockoutTick, after: remaining - next)] + tell(announcement)
  }

  /// How long before a time limit of 40 s or more its warning comes (WCAG 2.2.1 asks for at least 20 s).
  package static let standardTimeWarningLead = Duration.seconds(20)

  /// How long before a time limit ends its warning comes: 20 s, or for a limit under 40 s half of it,
  /// rounded up to whole seconds so that the words are exact; none for a limit of a second or less.
  ///
  /// - Parameter limit: The time limit.
  /// - Returns: The lead, or `nil` when the limit is too short to warn of.
  package static func timeWarningLead(for limit: Duration) -> Duration? {
    guard limit < standardTimeWarningLead * 2 else { return standardTimeWarningLead }
    let lead = Duration.seconds(LockoutSchedule.wholeSeconds(limit / 2))
    return lead < limit ? lead : nil
  }

  private func restartTimeout() -> [EntryEffect] {
    guard let timeout = configuration.timeout else { return [] }
    var effects: [EntryEffect] = [.schedule(.timeout, after: timeout)]
    if let lead = Self.timeWarningLead(for: timeout) {
      effects.append(.schedule(.timeoutWarning, after: timeout - lead))
    }
    return effects
  }

  // MARK: - Status and endings

  private mutating func repeatStatus() -> [EntryEffect] {
    if let lockout = runningLockout { return tell(lockout.announcement) }
    guard configuration.progress.revealsCount else {
      // Asked for, so told under `silent` too: whether anything is typed, never how much.
      return tell(.countless(.status(anythingTyped: enteredCount > 0, triesLeft: triesLeft())))
    }
    return tell(
      .status(entered: enteredCount, length: configuration.fixedLength, kind: kind, triesLeft: triesLeft()))
  }

  /// Wipes the entry and says the prompt is locked again (``EntryEvent/relock``).
  private mutating func relock() -> [EntryEffect] {
    switch state {
    case .entering:
      secret.wipe()
      enteredCount = 0
      return [.flushInput] + tell(.lockedAgain) + restartTimeout()
    case .lockedOut, .rejecting:
      return [.flushInput] + tell(.lockedAgain)
    default:
      // Verifying: the verifier reads the code now, and its verdict is said within moments.
      return [.render(display)]
    }
  }

  /// The one place the user is told something: it becomes the display's message, drawn and told once.
  private mutating func tell(_ announcement: Announcement) -> [EntryEffect] {
    message = announcement
    return [.announce(announcement, display: display)]
  }

  /// Ends as cancelled. While a verification runs, the storage is the verifier's: it is read on another
  /// thread, and the front wipes it when the verifier returns (``PromptEffect/verify(_:)``), so it is left
  /// alone here rather than wiped under the verifier's feet.
  private mutating func cancel() -> [EntryEffect] {
    guard case .verifying = state else { return finish(.cancelled, announcing: .cancelled) }
    enteredCount = 0
    state = .finished(.cancelled)
    return finishEffects(.cancelled, announcing: .cancelled)
  }

  private mutating func finish(_ outcome: EntryOutcome, announcing announcement: Announcement?) -> [EntryEffect] {
    secret.wipe()
    // An accepted code stays drawn as filled cells; every other ending empties them.
    if outcome != .accepted { enteredCount = 0 }
    state = .finished(outcome)
    return finishEffects(outcome, announcing: announcement)
  }

  private mutating func finishEffects(_ outcome: EntryOutcome, announcing announcement: Announcement?)
    -> [EntryEffect]
  {
    var effects: [EntryEffect] = [
      .cancelTimer(.checking), .cancelTimer(.rejectionEnded), .cancelTimer(.lockoutTick),
      .cancelTimer(.timeoutWarning), .cancelTimer(.timeout), .cancelTimer(.deadlineWarning),
    ]
    if let announcement {
      effects += tell(announcement)
    } else {
      effects.append(.render(display))
    }
    effects.append(.finish(outcome))
    return effects
  }
}
