import PasscodeEngine

/// Drives an `EntryEngine` from a compact script, standing in for the front: it runs the timers on a
/// manual clock, answers verification with a closure, and records what was announced.
///
/// Script tokens, separated by spaces:
/// - a single character types it; `↑` is a key that is no character; `⌫` deletes; `⌧` clears; `⏎` submits; `⎋` cancels; `?` re-reads status;
/// - `paste(TEXT)` pastes TEXT; `paste(TEXT+N)` also reports N characters that overflowed the paste buffer;
/// - `+500ms`, `+2s`, `+5m`, `+1h` advance the clock and fire the timers that fall due;
/// - `✓` and `✗` deliver a pending verdict (accepted, rejected) when the verifier answered `nil`.
struct EngineTimeline {
  var engine: EntryEngine
  let storage: WipedSecretBuffer
  /// Returns a verdict at once, or `nil` to leave the verification pending until `✓` or `✗`.
  var verifier: ([UInt8]) -> Verdict?
  private(set) var now: Duration = .zero
  private(set) var timers: [EntryTimer: Duration] = [:]
  private(set) var announcements: [Announcement] = []
  private(set) var effects: [EntryEffect] = []
  private(set) var verifications = 0
  private(set) var flushes = 0
  private(set) var outcome: EntryOutcome?
  private(set) var renders: [EntryDisplay] = []
  private var pendingVerification = false

  init(
    _ configuration: EntryConfiguration, failureCount: Int = 0, lockoutRemaining: Duration = .zero,
    attemptLimit: Int? = nil, verifier: @escaping ([UInt8]) -> Verdict?
  ) {
    storage = WipedSecretBuffer(capacity: max(configuration.maximumByteCount, 1))
    engine = EntryEngine(
      configuration: configuration, secretStorage: storage, failureCount: failureCount,
      lockoutRemaining: lockoutRemaining, attemptLimit: attemptLimit)
    self.verifier = verifier
    carryOut(engine.start())
  }

  /// A verifier that accepts exactly `code`.
  static func accepting(_ code: String) -> ([UInt8]) -> Verdict? {
    { bytes in bytes == Array(code.utf8) ? .accepted : .rejected(failureCount: nil) }
  }

  /// The words of every announcement so far.
  var spoken: [String] { announcements.map { AnnouncementCatalogue.english.text(for: $0) } }

  mutating func run(_ script: String) {
    for token in script.split(separator: " ") { step(String(token)) }
  }

  mutating func step(_ token: String) {
    switch token {
    case "⌫": send(.delete)
    case "⌧": send(.clear)
    case "⏎": send(.submit)
    case "⎋": send(.cancel)
    case "?": send(.repeatStatus)
    case "↑": send(.unsupportedKey)
    case "✓": deliver(.accepted)
    case "✗": deliver(.rejected(failureCount: nil))
    default:
      if token.hasPrefix("+") {
        advance(by: Self.duration(String(token.dropFirst())))
      } else if token.hasPrefix("paste("), token.hasSuffix(")") {
        let body = token.dropFirst("paste(".count).dropLast()
        let parts = body.split(separator: "+", omittingEmptySubsequences: false)
        let text = String(parts[0])
        let overflow = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let paste = WipedSecretBuffer(capacity: max(text.utf8.count, 1))
        Array(text.utf8).withUnsafeBytes { _ = paste.append(contentsOf: $0) }
        send(.paste(paste, overflowCount: overflow))
      } else {
        for scalar in token.unicodeScalars { send(.character(scalar)) }
      }
    }
  }

  mutating func send(_ event: EntryEvent) {
    carryOut(engine.handle(event))
  }

  mutating func deliver(_ verdict: Verdict) {
    precondition(pendingVerification, "no verification is pending")
    pendingVerification = false
    send(.verdict(verdict))
  }

  mutating func advance(by duration: Duration) {
    let target = now + duration
    while let (timer, due) = timers.filter({ $0.value <= target }).min(by: { $0.value < $1.value }) {
      now = due
      timers[timer] = nil
      send(.timerFired(timer))
    }
    now = target
  }

  private mutating func carryOut(_ newEffects: [EntryEffect]) {
    for effect in newEffects {
      effects.append(effect)
      switch effect {
      case let .render(display): renders.append(display)
      case let .announce(announcement): announcements.append(announcement)
      case .cue: break
      case let .verify(secret):
        verifications += 1
        let bytes = secret.withUnsafeBytes { Array($0) }
        if let verdict = verifier(bytes) {
          send(.verdict(verdict))
        } else {
          pendingVerification = true
        }
      case let .schedule(timer, delay): timers[timer] = now + delay
      case let .cancelTimer(timer): timers[timer] = nil
      case .flushInput: flushes += 1
      case let .finish(result): outcome = result
      }
    }
  }

  static func duration(_ text: String) -> Duration {
    if text.hasSuffix("ms"), let value = Int(text.dropLast(2)) { return .milliseconds(value) }
    if text.hasSuffix("s"), let value = Int(text.dropLast()) { return .seconds(value) }
    if text.hasSuffix("m"), let value = Int(text.dropLast()) { return .seconds(value * 60) }
    if text.hasSuffix("h"), let value = Int(text.dropLast()) { return .seconds(value * 3600) }
    preconditionFailure("bad duration \(text)")
  }
}
