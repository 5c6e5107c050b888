import PasscodeCommandLine
import PasscodeEngine
import PasscodeLocalization
import PasscodePreferences
import PasscodeTerminal

extension DoctorSections {
  /// Whether the prompt's terminal opens, with `TERM` and colour, and the output profile with its reason.
  ///
  /// - Parameter snapshot: What was gathered.
  /// - Returns: Two findings; a terminal a prompt cannot ask on (one that does not open, or a file that is no
  ///   terminal, such as `/dev/null`) stops a prompt.
  package static func terminal(_ snapshot: DoctorSnapshot) -> [DoctorFinding] {
    let decision = snapshot.speechDecision
    // The profile of the terminal prompts ask on (/dev/tty or --tty), not of doctor's standard output, which
    // may be a pager or a file.
    let capabilities = TerminalCapabilities(
      environment: snapshot.environment, outputIsTerminal: snapshot.terminalProblem == nil,
      color: snapshot.options.color,
      screenReaderForced: decision.usesScreenReaderLines && snapshot.requestedProfile == nil,
      screenReaderDetected: false, requestedProfile: snapshot.requestedProfile)
    let device = DoctorText.path(snapshot.terminalDevice)
    let opening: DoctorFinding
    if let problem = snapshot.terminalProblem {
      opening = DoctorFinding(
        verdict: Localization.text(
          "Terminal: a prompt cannot ask on {device} ({problem}).", ["device": device, "problem": problem]),
        next: Localization.text("Run passcode from a terminal, or give one with --tty."), blocksPrompt: true)
    } else {
      let term = DoctorText.printable(snapshot.environment["TERM"] ?? Localization.text("not set"))
      let opens =
        capabilities.usesColor
        ? "Terminal: {device} opens; TERM {term}, colour on." : "Terminal: {device} opens; TERM {term}, colour off."
      opening = DoctorFinding(verdict: Localization.text(opens, ["device": device, "term": term]))
    }
    let profileName: String
    switch capabilities.profile {
    case .visual: profileName = Localization.text("visual (one status line redrawn in place)")
    case .screenReader: profileName = Localization.text("screen-reader (each announcement a new line of words)")
    case .plain: profileName = Localization.text("plain (lines with no escape codes)")
    }
    let why: String
    if let reason = decision.profileReason, snapshot.requestedProfile == nil {
      why = reason
    } else if snapshot.options.profile != .auto {
      why = snapshot.sources[.profile].phrase(for: .profile, value: snapshot.options.profile.rawValue)
    } else {
      why =
        capabilities.terminalKind == .tty
        ? Localization.text("the terminal takes escape codes") : Localization.text("the terminal is dumb or a file")
    }
    var profile = DoctorFinding(
      verdict: Localization.text("Profile: {profile}, because {reason}.", ["profile": profileName, "reason": why]))
    if capabilities.profile != .screenReader {
      profile.next = Localization.text(
        "If you use a screen reader or a braille display, add 'profile = screen-reader' to {file}, "
          + "or pass --screen-reader.", ["file": snapshot.shownConfigFile])
      profile.command = appendToConfigFile("profile = screen-reader", snapshot)
    }
    return [opening, profile]
  }

  /// The preferences in force and where each came from, on one line.
  ///
  /// - Parameter snapshot: What was gathered.
  /// - Returns: One finding.
  package static func preferences(_ snapshot: DoctorSnapshot) -> [DoctorFinding] {
    let options = snapshot.options
    func item(_ preference: Preference, _ label: String, _ value: String) -> String {
      let origin: String
      switch snapshot.sources[preference] {
      case .defaultValue: origin = Localization.text("the default")
      case let .configuration(_, line): origin = Localization.text("config file line {line}", ["line": "\(line)"])
      case let .environment(variable): origin = variable
      case let .option(spelling): origin = spelling
      }
      return "\(label) \(value) (\(origin))"
    }
    let summary = [
      item(.speech, "speech", options.speech.rawValue),
      item(.profile, "profile", options.profile.rawValue),
      snapshot.speechDecision.reducesMotion && !options.reduceMotion
        ? "reduce-motion yes (\(Localization.text("a remote session")))"
        : item(.reduceMotion, "reduce-motion", options.reduceMotion ? "yes" : "no"),
      item(.sound, "sound", options.sound ? "yes" : "no"),
      item(.progress, "progress", options.progress.rawValue),
      item(.mask, "mask", options.mask.rawValue),
    ].joined(separator: "; ")
    let daemonOwn = Localization.text("speech-dispatcher's own")
    let voice = options.voice
    func level(_ preference: Preference) -> String {
      item(preference, preference.rawValue, voice[level: preference].map { "\($0)" } ?? daemonOwn)
    }
    let voiceSummary = [
      level(.speechRate), level(.speechPitch), level(.speechVolume),
      item(.speechVoice, Preference.speechVoice.rawValue, voice.voice.map { SanitizedText($0.text).text } ?? daemonOwn),
    ].joined(separator: "; ")
    return [
      DoctorFinding(verdict: Localization.text("Preferences: {summary}.", ["summary": summary])),
      DoctorFinding(verdict: Localization.text("Voice: {summary}.", ["summary": voiceSummary])),
    ]
  }
}
