import AnnouncementWords
import LockedSecretStorage
import PasscodeEngine
import PasscodeTestSupport

/// Drives an `EntryEngine` through the real `PromptDriver` from a compact script: the driver runs the timers
/// on a manual clock, a closure answers verification, and a recording output keeps what was carried out.
///
/// Script tokens, separated by spaces:
/// - a single character types it; `↑` is a key that is no character; `⌫` deletes; `⌧` clears; `⏎` submits; `⎋` cancels; `?` re-reads status;
///   `⇥` asks for more time (Tab);
/// - `paste(TEXT)` pastes TEXT; `paste(TEXT+N)` also reports N characters that overflowed the paste buffer;
/// - `+500ms`, `+2s`, `+5m`, `+1h` advance the clock and fire the timers that fall due;
/// - `✓` and `✗` deliver a pending verdict (accepted, rejected) when the verifier answered `nil`.
struct EngineTimeline {
  private(set) var driver: PromptDriver<EntryEngine, RecordingEntryOutput>
  let storage: WipedSecretBuffer
  /// Returns a verdict at once, or `nil` to leave the verification pending until `✓` or `✗`.
  var verifier: ([UInt8]) -> Verdict?
  private let clock = ManualClock()

  init(
    _ configuration: EntryConfiguration, failureCount: Int = 0, lockoutRemaining: Duration = .zero,
    attemptLimit: Int? = nil, heading: [Announcement] = [], preamble: [Announcement] = [], hint: Announcement? = nil,
    verifier: @escaping ([UInt8]) -> Verdict?
  ) {
    storage = WipedSecretBuffer(capacity: max(configuration.maximumByteCount, 1))
    let engine = EntryEngine(
      configuration: configuration, secretStorage: storage, failureCount: failureCount,
      lockoutRemaining: lockoutRemaining, attemptLimit: attemptLimit)
    driver = PromptDriver(engine, clock: clock, output: RecordingEntryOutput())
    self.verifier = verifier
    driver.start(heading: heading, preamble: preamble, hint: hint)
    answerVerification()
  }

  /// A verifier that accepts exactly `code`.
  static func accepting(_ code: String) -> ([UInt8]) -> Verdict? {
    { bytes in bytes == Array(code.utf8) ? .accepted : .rejected(failureCount: nil) }
  }

  /// The engine being driven.
  var engine: EntryEngine { driver.machine }
  /// How the prompt ended, once it has.
  var outcome: EntryOutcome? { driver.outcome }
  /// The displays drawn.
  var renders: [EntryDisplay] { driver.output.renders }
  /// How many times the input was flushed.
  var flushes: Int { driver.output.flushCount }
  /// How many verifications were started.
  var verifications: Int { driver.output.verificationCount }
  /// The timers pending.
  var timers: Set<EntryTimer> { driver.pendingTimers }
  /// Everything the driver carried out, in order.
  var records: [RecordingEntryOutput.Record] { driver.output.records }
  /// The words told apart from the status so far (hints, notices).
  var asides: [Announcement] { driver.output.asides }
  /// The words of every announcement so far.
  var spoken: [String] { driver.output.announcements.map { AnnouncementCatalogue.english.text(for: $0) } }

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
    case "⇥": send(.moreTime)
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
    driver.handle(event)
    answerVerification()
  }

  /// Makes each flush from now on report keys thrown away (or not), as a terminal holding keys typed ahead does.
  mutating func flushesDiscardKeys(_ discards: Bool) {
    driver.output.flushDiscardsKeys = discards
  }

  mutating func deliver(_ verdict: Verdict) {
    precondition(driver.output.pendingVerification != nil, "no verification is pending")
    driver.output.pendingVerification = nil
    send(.verdict(verdict))
  }

  /// Moves the clock on, stopping at each deadline on the way to fire the timers due then.
  mutating func advance(by duration: Duration) {
    let target = clock.now() + duration
    while let due = driver.nextDeadline, due <= target {
      clock.set(to: max(due, clock.now()))
      driver.fireDueTimers()
      answerVerification()
    }
    clock.set(to: target)
  }

  /// Answers a verification the driver started, when the verifier answers at once.
  private mutating func answerVerification() {
    guard let secret = driver.output.pendingVerification else { return }
    let bytes = secret.withUnsafeBytes { Array($0) }
    guard let verdict = verifier(bytes) else { return }
    driver.output.pendingVerification = nil
    send(.verdict(verdict))
  }

  static func duration(_ text: String) -> Duration {
    if text.hasSuffix("ms"), let value = Int(text.dropLast(2)) { return .milliseconds(value) }
    if text.hasSuffix("s"), let value = Int(text.dropLast()) { return .seconds(value) }
    if text.hasSuffix("m"), let value = Int(text.dropLast()) { return .seconds(value * 60) }
    if text.hasSuffix("h"), let value = Int(text.dropLast()) { return .seconds(value * 3600) }
    preconditionFailure("bad duration \(text)")
  }
}
