import LockedSecretStorage
import PasscodeEngine
import PasscodeTestSupport
import SystemCalls

@testable import PasscodeTerminal

/// A whole terminal prompt, its ``PromptLoop``, driven from a compact script on a `ManualClock`, without a
/// pseudo-terminal: a scripted terminal hands the loop its bytes, signals, notices and verdicts, and records what
/// was written and when. The style is `EngineTimeline`'s.
///
/// Script tokens, separated by spaces; each is one wake-up of the loop:
/// - text is typed as one read (`1`, `25`, `5^C`); `⎋` is Esc, `^C` Ctrl-C, `^D` Ctrl-D, `^U` Ctrl-U, `^Z` Ctrl-Z, `⏎` Enter,
///   `⇥` Tab;
/// - `paste(TEXT)` is a bracketed paste of TEXT in one read;
/// - `+500ms`, `+2s`, `+5m` let time pass: the loop wakes for every deadline on the way;
/// - `SIGTERM`, `SIGTSTP`, `SIGTTIN`, `SIGCONT`, `SIGWINCH`, `SIGINT` deliver a signal;
/// - `notice(TEXT)` posts a notice (TEXT without spaces); `waiting(N)` posts an agent's "N questions waiting";
///   `interrupt` raises the remote's interruption, `clear!` and `cancel!` are the caller's ``PromptRemote/clear()``
///   and ``PromptRemote/cancel()`` from another thread;
/// - `✓` and `✗` answer a verification the verifier left pending (accepted, rejected);
/// - `⇪on` and `⇪off` turn the console's Caps Lock on and off, as the next key will find it (no wake-up);
///   a timeline starts as no virtual console (nothing can be read) unless ``locks`` is set.
///
/// When the script runs out, the loop's next wait without a deadline is a hang-up.
final class PromptTimeline: PromptTerminal, PromptEvents {
  /// One write to the terminal, with the clock's reading then.
  struct Write {
    let time: Duration
    let text: String
  }

  let clock = ManualClock()
  /// What speech was given, in order.
  let announcer = RecordingAnnouncer()
  private(set) var writes: [Write] = []
  /// The stop signals the loop stopped with.
  private(set) var suspensions: [Signal] = []
  /// How many times raw mode was made sure of again.
  private(set) var rawModeEntries = 0
  /// The sleeps the loop took, as the instants it slept until.
  private(set) var sleeps: [Duration] = []
  /// Every code handed to the verifier (a test's own codes, never a user's).
  private(set) var verified: [String] = []
  private var script: [String] = []
  private var bytes: [UInt8] = []
  private var signals: [Signal] = []
  private var notices: [Announcement] = []
  /// The caller's side of the prompt, a real one; the script's remote tokens call it.
  let remote: PromptRemote = {
    do { return try PromptRemote() } catch { fatalError("no pipe for the remote: \(error)") }
  }()
  /// Whether a remote token posted since the loop last woke for the remote (its pipe, in a real prompt).
  private var remoteWoke = false
  private var answer: VerificationRunner.Answer?
  private var answerReady = false
  private var pendingVerification: (any SecretStorage)?
  /// What ``type(_:asSoonAs:)`` waits to type.
  private var typedOnSight: (words: String, text: String)?
  /// Time a `+` token still has to let pass after the loop woke for a deadline within it.
  private var unspentTime: Duration?
  /// The lock keys as a virtual console would report them, or `nil` for a terminal where they cannot be read.
  var locks: KeyboardLocks?
  /// How many times the loop read the lock keys.
  private(set) var lockReadings = 0
  /// Answers a code at once, or `nil` to leave it pending until `✓` or `✗`.
  var verdict: (String) -> Verdict? = { _ in .accepted }

  private let capabilities: TerminalCapabilities
  private let lineDiscipline: LineDiscipline
  private let ignoresInterruptions: Bool

  /// The loop over this terminal.
  private(set) lazy var loop = PromptLoop(
    clock: clock, terminal: self, events: self,
    screen: PromptScreen(
      capabilities: capabilities, terminal: self, clock: clock, lineDiscipline: lineDiscipline, announcer: announcer),
    keys: KeyInput(makePasteStorage: { WipedSecretBuffer(capacity: max($0, 1)) }),
    ignoresInterruptions: ignoresInterruptions, makeSecretStorage: { WipedSecretBuffer(capacity: max($0, 1)) },
    soundCues: false, environment: ["COLUMNS": "60"])

  /// Makes a timeline for a profile.
  ///
  /// - Parameters:
  ///   - profile: The output profile.
  ///   - lineDiscipline: Where the screen-reader profile leaves the cursor.
  ///   - ignoresInterruptions: Whether this is `passcode lock`.
  init(
    profile: OutputProfile = .plain, lineDiscipline: LineDiscipline = .caretAfterWords,
    ignoresInterruptions: Bool = false
  ) {
    capabilities = TerminalCapabilities(
      environment: ["TERM": profile == .plain ? "dumb" : "xterm-256color"], outputIsTerminal: true,
      color: .never, screenReaderForced: profile == .screenReader, screenReaderDetected: false,
      requestedProfile: profile, windowColumns: 80)
    self.lineDiscipline = lineDiscipline
    self.ignoresInterruptions = ignoresInterruptions
  }

  /// Runs one prompt over a script.
  func ask(
    _ configuration: EntryConfiguration, _ script: String, lockoutRemaining: Duration = .zero,
    failureCount: Int = 0, hint: Announcement? = nil, heading: [Announcement] = [], preamble: [Announcement] = []
  ) throws(PromptError) -> EntryOutcome {
    self.script = script.split(separator: " ").map(String.init)
    // The timeline answers verifications itself, with ``verdict``.
    return try loop.ask(
      configuration, failureCount: failureCount, lockoutRemaining: lockoutRemaining, attemptLimit: nil, hint: hint,
      heading: heading, preamble: preamble, companion: nil
    ) { _ in .accepted }
  }

  /// Runs a screen that is not an entry over a script (``PromptLoop/run(_:opening:)``).
  func run<Machine: PromptMachine>(
    _ machine: Machine, _ script: String, opening: (inout Machine) -> [PromptEffect<Machine.Outcome>]
  ) throws(PromptError) -> Machine.Outcome? {
    self.script = script.split(separator: " ").map(String.init)
    return try loop.run(machine, opening: opening)
  }

  /// Everything written, in order.
  var text: String { writes.map(\.text).joined() }

  /// The lines written, without empty ones ("\r\n" is one Character, so any line break ends a line).
  var lines: [String] {
    text.split(whereSeparator: \.isNewline).map(String.init)
  }

  /// When the text was first written, on the clock.
  func time(of text: String) -> Duration? {
    writes.first { $0.text.contains(text) }?.time
  }

  // MARK: PromptTerminal

  func write(_ text: String) {
    writes.append(Write(time: clock.now(), text: text))
    if let (words, typed) = typedOnSight, text.contains(words) {
      typedOnSight = nil
      bytes += Self.bytes(of: typed)
    }
  }

  /// Types `text` the moment `words` are written, before the loop looks again (a quick typist, or a key
  /// already on its way).
  func type(_ text: String, asSoonAs words: String) {
    typedOnSight = (words, text)
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    let count = min(buffer.count, bytes.count)
    for index in 0..<count { buffer[index] = bytes[index] }
    bytes.removeFirst(count)
    return count
  }

  func hasInputWaiting() -> Bool { !bytes.isEmpty }
  func flushInput() { bytes.removeAll() }
  func suspend(by signal: Signal) { suspensions.append(signal) }
  func enterRawModeAgain() { rawModeEntries += 1 }
  func width(environment: [String: String]) -> Int { 60 }
  func keyboardLocks() -> KeyboardLocks? {
    lockReadings += 1
    return locks
  }

  // MARK: PromptEvents

  func wait(until deadline: Duration?, listensToRemote: Bool) -> Set<PromptEventSource> {
    while true {
      var ready: Set<PromptEventSource> = []
      if !bytes.isEmpty { ready.insert(.terminal) }
      if !signals.isEmpty { ready.insert(.signals) }
      if !notices.isEmpty { ready.insert(.notices) }
      if answerReady { ready.insert(.verification) }
      if remoteWoke, listensToRemote {
        remoteWoke = false
        ready.insert(.remote)
      }
      if !ready.isEmpty { return ready }
      if let rest = unspentTime {
        unspentTime = nil
        if let early = advance(by: rest, deadline: deadline) { return early }
        continue
      }
      guard !script.isEmpty else {
        if let deadline {
          clock.set(to: max(deadline, clock.now()))
          return []
        }
        // Nothing more will come: the terminal's other side closed.
        return [.terminal]
      }
      let token = script.removeFirst()
      if token == "⇪on" || token == "⇪off" {
        locks = KeyboardLocks(capsLock: token == "⇪on", numLock: locks?.numLock ?? true)
      } else if token.hasPrefix("+") {
        if let early = advance(by: Self.duration(String(token.dropFirst())), deadline: deadline) { return early }
      } else {
        take(token)
      }
    }
  }

  func takeSignals() -> [Signal] {
    defer { signals.removeAll() }
    return signals
  }

  func takeNotices() -> [Announcement] {
    defer { notices.removeAll() }
    return notices
  }

  func verify(_ secret: any SecretStorage, with verifier: @escaping @Sendable (any SecretStorage) throws -> Verdict) {
    let code = secret.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    verified.append(code)
    if let verdict = verdict(code) {
      secret.wipe()
      answer = .success(verdict)
      answerReady = true
    } else {
      pendingVerification = secret
    }
  }

  func takeVerdict() -> VerificationRunner.Answer? {
    answerReady = false
    defer { answer = nil }
    return answer
  }

  func sleep(until instant: Duration) {
    sleeps.append(instant)
    clock.set(to: max(instant, clock.now()))
  }

  // MARK: Script

  /// Lets time pass up to the deadline, keeping the rest for the next wait.
  ///
  /// - Returns: An empty wake-up when the deadline came first.
  private func advance(by duration: Duration, deadline: Duration?) -> Set<PromptEventSource>? {
    let target = clock.now() + duration
    if let deadline, deadline <= target {
      clock.set(to: max(deadline, clock.now()))
      if target > clock.now() { unspentTime = target - clock.now() }
      return []
    }
    clock.set(to: target)
    return nil
  }

  private func take(_ token: String) {
    switch token {
    case "SIGTERM": signals.append(.terminate)
    case "SIGINT": signals.append(.interrupt)
    case "SIGTSTP": signals.append(.terminalStop)
    case "SIGTTIN": signals.append(.backgroundRead)
    case "SIGCONT": signals.append(.continued)
    case "SIGWINCH": signals.append(.windowSizeChanged)
    case "interrupt":
      remote.interrupt()
      remoteWoke = true
    case "clear!":
      remote.clear()
      remoteWoke = true
    case "cancel!":
      remote.cancel()
      remoteWoke = true
    case "✓", "✗":
      precondition(pendingVerification != nil, "no verification is pending")
      pendingVerification?.wipe()
      pendingVerification = nil
      answer = .success(token == "✓" ? .accepted : .rejected(failureCount: nil))
      answerReady = true
    default:
      if token.hasPrefix("paste("), token.hasSuffix(")") {
        bytes += Array("\u{1b}[200~\(token.dropFirst("paste(".count).dropLast())\u{1b}[201~".utf8)
      } else if token.hasPrefix("notice("), token.hasSuffix(")") {
        notices.append(.notice(SanitizedText(String(token.dropFirst("notice(".count).dropLast()))))
      } else if token.hasPrefix("waiting("), token.hasSuffix(")"),
        let count = Int(token.dropFirst("waiting(".count).dropLast())
      {
        notices.append(.questionsWaiting(count: count))
      } else {
        for (name, byte) in Self.keyNames { if token == name { bytes.append(byte) } }
        if !Self.keyNames.contains(where: { $0.name == token }) { bytes += Self.bytes(of: token) }
      }
    }
  }

  /// The keys a script names, and their bytes.
  private static let keyNames: [(name: String, byte: UInt8)] = [
    ("⎋", 0x1b), ("^C", 0x03), ("^D", 0x04), ("^U", 0x15), ("^Z", 0x1a), ("⏎", 0x0d), ("⇥", 0x09),
  ]

  /// The bytes of a typed token, with the keys it names inside it (`5^C` is a digit and Ctrl-C in one read).
  private static func bytes(of token: String) -> [UInt8] {
    var text = token
    for (name, byte) in keyNames { text = text.replacing(name, with: String(UnicodeScalar(byte))) }
    return Array(text.utf8)
  }

  private static func duration(_ text: String) -> Duration {
    if text.hasSuffix("ms"), let value = Int(text.dropLast(2)) { return .milliseconds(value) }
    if text.hasSuffix("s"), let value = Int(text.dropLast()) { return .seconds(value) }
    if text.hasSuffix("m"), let value = Int(text.dropLast()) { return .seconds(value * 60) }
    preconditionFailure("bad duration \(text)")
  }
}
