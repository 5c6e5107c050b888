import Foundation
import PasscodeTestSupport
import Testing

/// Checks one reader's outcome: the exact phrases in order, each for a reason of the program, no numeral but a
/// count, no glyph name, and nothing spoken by `passcode` itself (double speech).
func expectHeard(
  _ outcome: LabOutcome, for scenario: LabScenario, reader: LabReader, sourceLocation: SourceLocation = #_sourceLocation
) {
  if let reread = orcaRereadBeforeOpening(outcome, for: scenario, reader: reader) {
    // Seen on a loaded machine (3 of 5 full runs, never with the Orca suite alone): Orca reads the line at the caret
    // once before the opening it then reads whole. It is Orca's, not passcode's: the rest must still be exact.
    withKnownIssue("Orca read \(reread) once before the opening", isIntermittent: true) {
      Issue.record("Orca heard \(reread) before the opening", sourceLocation: sourceLocation)
    }
    let rest = LabOutcome(
      phrases: Array(outcome.phrases.dropFirst()), utterances: outcome.utterances, fromPasscode: outcome.fromPasscode,
      exitStatus: outcome.exitStatus)
    expectExactlyHeard(rest, for: scenario, reader: reader, sourceLocation: sourceLocation)
    return
  }
  expectExactlyHeard(outcome, for: scenario, reader: reader, sourceLocation: sourceLocation)
}

/// The phrase Orca read one time too many before a scenario's opening, when that is the only difference: the
/// opening's last line (where the caret rests) heard first, and everything after it exactly as expected.
private func orcaRereadBeforeOpening(_ outcome: LabOutcome, for scenario: LabScenario, reader: LabReader) -> String? {
  guard reader == .orca, let first = outcome.phrases.first, first == scenario.opening.last,
    !scenario.matches(outcome.phrases), scenario.matches(Array(outcome.phrases.dropFirst()))
  else { return nil }
  return first
}

private func expectExactlyHeard(
  _ outcome: LabOutcome, for scenario: LabScenario, reader: LabReader, sourceLocation: SourceLocation
) {
  let context = "\(reader.rawValue) heard \(outcome.phrases); all utterances: \(outcome.utterances)"
  #expect(outcome.exitStatus == scenario.exitStatus, "exit status; \(context)", sourceLocation: sourceLocation)
  #expect(
    scenario.matches(outcome.phrases), "expected \(scenario.expectedPhrases); \(context)",
    sourceLocation: sourceLocation)
  #expect(
    outcome.fromPasscode.isEmpty, "passcode spoke itself: \(outcome.fromPasscode)", sourceLocation: sourceLocation)
  for phrase in outcome.phrases {
    if let violation = HeardSpeech.violation(in: phrase) {
      Issue.record("\(reader.rawValue) spoke \(violation)", sourceLocation: sourceLocation)
    }
  }
}

/// Fails loudly when a reader's programs are missing in CI (where the suite runs anyway).
func requireTools(for reader: LabReader, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
  let missing = LabTools.missing(for: reader)
  guard missing.isEmpty else {
    Issue.record(
      "the \(reader.rawValue) lab cannot run: missing \(missing.joined(separator: ", ")) (see .ci/install-packages)",
      sourceLocation: sourceLocation)
    return false
  }
  if let reason = PasscodeBinary.missingReason {
    Issue.record(Comment(rawValue: reason), sourceLocation: sourceLocation)
    return false
  }
  return true
}

@Suite(
  "Fenrir 1.9.5 reads passcode (screen-reader lab)",
  .enabled(
    if: LabTools.shouldRun(.fenrir), "Fenrir is not installed: apt-get install fenrir python3-speechd python3-enchant"))
struct FenrirLabTests {
  static let scenarios = LabTools.selected(LabScenario.all).filter { $0.readers.contains(.fenrir) }

  static let progressScenarios = LabScenario.progress.filter { $0.readers.contains(.fenrir) }

  @Test("Fenrir speaks each phrase once, in order, and passcode stays silent", arguments: scenarios)
  func scenario(_ scenario: LabScenario) throws {
    try Self.read(scenario)
  }

  @Test("Fenrir reads --progress tick's words, never a count or the length", arguments: progressScenarios)
  func progressScenario(_ scenario: LabScenario) throws {
    try Self.read(scenario)
  }

  private static func read(_ scenario: LabScenario) throws {
    guard requireTools(for: .fenrir) else { return }
    let speech = try PrivateSpeechDispatcher()
    defer { speech.stop() }
    try LabSpeech.share(speech)
    let directory = try LabDirectory(prefix: "passcode-fenrir")
    let fenrir = try FenrirLab(scenario, speech: speech, directory: directory)
    let outcome = try fenrir.run.perform(scenario, on: fenrir)
    expectHeard(outcome, for: scenario, reader: .fenrir)
  }
}

/// Lets the lab user reach the private speech-dispatcher, whose directory is private to the test's user.
enum LabSpeech {
  static func share(_ speech: PrivateSpeechDispatcher) throws {
    guard LabUser.isSeparate else { return }
    for path in [speech.base, speech.base + "/run"] { chmod(path, 0o755) }
    chmod(speech.socketPath, 0o666)
  }
}

@Suite(
  "Orca 43.1 reads passcode in xfce4-terminal (screen-reader lab)", .serialized,
  .enabled(
    if: LabTools.shouldRun(.orca),
    "Orca is not installed: apt-get install orca xvfb dbus-x11 at-spi2-core xfce4-terminal xdotool xauth"))
struct OrcaLabTests {
  static let scenarios = LabTools.selected(LabScenario.all).filter { $0.readers.contains(.orca) }

  static let progressScenarios = LabScenario.progress.filter { $0.readers.contains(.orca) }

  @Test("Orca speaks each phrase once, in order, and passcode stays silent", arguments: scenarios)
  func scenario(_ scenario: LabScenario) throws {
    try Self.read(scenario)
  }

  @Test("Orca reads --progress tick's words, never a count or the length", arguments: progressScenarios)
  func progressScenario(_ scenario: LabScenario) throws {
    try Self.read(scenario)
  }

  @Test(
    "Orca's braille, through brltty's BrlAPI, shows each announcement from its first cell, and speech is unchanged",
    arguments: [20, 32, 40, 80])
  func braille(cells: Int) throws {
    try Self.feel(LabScenario.orcaBraille, cells: cells)
  }

  @Test(
    "check under Orca's braille: each wrong code, the lockout, Ready and the verdict felt from the first cell",
    arguments: [20, 40])
  func checkBraille(cells: Int) throws {
    try Self.feel(LabScenario.checkIntoLockout, cells: cells)
  }

  @Test("--progress tick is felt key by key on Orca's braille: each key's window differs from the last")
  func tickBraille() throws {
    try Self.feel(LabScenario.progress[0], cells: 40)
  }

  /// Runs a scenario under Orca with brltty's virtual display of `cells` cells on Orca's BrlAPI: after each step
  /// the window must come to rest on the step's last words, from their first cell, and Orca must speak exactly the
  /// scenario's phrases.
  private static func feel(_ scenario: LabScenario, cells: Int) throws {
    guard requireTools(for: .orca) else { return }
    let desktop = try OrcaDesktop.start()
    guard let console = desktop.brailleConsole?.console else {
      if LabTools.inContinuousIntegration {
        Issue.record(
          "no console for Orca's braille: \(VirtualBrailleDisplay.unavailableReason ?? "every one is in use")")
      }
      return
    }
    let display = try VirtualBrailleDisplay(
      console: console, table: try BrailleTextTable.northAmericanComputerBraille(), cellCount: cells,
      servesApiOnLoopback: true)
    defer { display.stop() }
    let directory = try LabDirectory(prefix: "passcode-orca-braille")
    let orca = try OrcaLab(scenario, desktop: desktop, directory: directory)
    let run = orca.run
    // Each step's keys go once its words were heard and the window has come to rest on them: a person reads
    // the display between keys, and the caret goes back to the line's start only after the reading time.
    func expectSettled(on phrase: String, since mark: Int) {
      let wanted = String(String(phrase.prefix(cells)).reversed().drop { $0 == " " }.reversed())
      let found = display.waitForWindow(from: mark, timeout: .seconds(5)) { $0.reads(wanted) }
      let since = display.history[min(mark, display.history.count)...].map(\.description)
      #expect(
        found != nil,
        "Orca's braille never came to rest on [\(wanted)] on \(cells) cells; windows since the keys: \(since)")
    }
    func drained() -> Int {
      _ = display.waitForWindow(from: display.history.count, timeout: .milliseconds(100)) { _ in false }
      return display.history.count
    }
    run.waitUntilHeard(scenario, throughStep: nil, patience: .seconds(20), terminal: orca)
    // The opening followed the Return the lab pressed to start the program, perhaps before the display was read.
    if let last = scenario.opening.last { expectSettled(on: last, since: 0) }
    for (index, step) in scenario.steps.enumerated() {
      let mark = drained()
      try orca.press(step.keys)
      guard let last = step.heard.last else { continue }
      run.waitUntilHeard(scenario, throughStep: index, patience: step.patience, terminal: orca)
      expectSettled(on: last, since: mark)
    }
    let end = ContinuousClock.now + .seconds(20)
    while !run.phrases().contains(where: { $0.lowercased() == LabProgram.endMarker.lowercased() }),
      ContinuousClock.now < end
    {
      usleep(50_000)
    }
    let heard = run.heard()
    expectHeard(
      LabOutcome(
        phrases: Array(run.phrases().prefix { $0.lowercased() != LabProgram.endMarker.lowercased() }),
        utterances: heard.utterances, fromPasscode: heard.fromPasscode, exitStatus: orca.exitStatus),
      for: scenario, reader: .orca)
  }

  private static func read(_ scenario: LabScenario) throws {
    guard requireTools(for: .orca) else { return }
    let desktop = try OrcaDesktop.start()
    let directory = try LabDirectory(prefix: "passcode-orca-run")
    let orca = try OrcaLab(scenario, desktop: desktop, directory: directory)
    let outcome = try orca.run.perform(scenario, on: orca)
    expectHeard(outcome, for: scenario, reader: .orca)
  }
}

@Suite(
  "Fenrir 1.9.5 as Debian's fenrir.service (root, the console) reads a user's passcode (screen-reader lab)",
  .serialized,
  .enabled(
    if: LabTools.shouldRun(.fenrir) && (FenrirServiceLab.unavailableReason == nil || LabTools.inContinuousIntegration),
    Comment(rawValue: FenrirServiceLab.unavailableReason ?? "Fenrir is not installed")))
struct FenrirServiceLabTests {
  static let scenarios = LabScenario.demo.filter { scenario in
    ["demo: the right code unlocks", "demo: BackSpace deletes one digit", "demo: Esc cancels"].contains(scenario.name)
  }

  @Test(
    "a root Fenrir on the console: each phrase heard once, passcode silent, the screen-reader profile's lines",
    arguments: scenarios)
  func scenario(_ scenario: LabScenario) throws {
    guard requireTools(for: .fenrir) else { return }
    let speech = try PrivateSpeechDispatcher()
    defer { speech.stop() }
    let directory = try LabDirectory(prefix: "passcode-fenrir-service")
    let lab = try FenrirServiceLab(scenario, speech: speech, directory: directory)
    defer { lab.stop() }
    try lab.start()
    let outcome = try lab.run.perform(scenario, on: lab)
    let rows = lab.screenRows
    expectHeard(outcome, for: scenario, reader: .fenrir)
    // The screen-reader profile writes each announcement as a row of its own; the visual one redraws one row.
    #expect(rows.contains("Enter Passcode, 4 digits") && rows.contains("1 of 4 digits entered"), "rows: \(rows)")
  }

  @Test("doctor run by the user finds the root Fenrir on the console, and says it does not read a pseudo-terminal")
  func doctorFindsTheService() throws {
    guard requireTools(for: .fenrir) else { return }
    let speech = try PrivateSpeechDispatcher()
    defer { speech.stop() }
    let directory = try LabDirectory(prefix: "passcode-fenrir-service")
    let lab = try FenrirServiceLab(LabScenario.demo[0], speech: speech, directory: directory)
    defer { lab.stop() }
    let onConsole = try lab.doctorOnConsole()
    #expect(
      onConsole.contains("Screen reader: Fenrir found; passcode prints lines of words for it and does not also speak."),
      "doctor said: \(onConsole)")
    let onPseudoTerminal = try lab.doctorOnPseudoTerminal()
    #expect(
      onPseudoTerminal.contains {
        $0.hasPrefix("Screen reader: Fenrir is running, but it reads only the Linux console")
      },
      "doctor said: \(onPseudoTerminal)")
    #expect(
      onPseudoTerminal.contains("Screen reader: none found reading this session."), "doctor said: \(onPseudoTerminal)")
  }
}
