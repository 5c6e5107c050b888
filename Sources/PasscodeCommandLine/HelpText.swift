import PasscodeLocalization

/// The help `--help` prints: an overview of all subcommands, or one subcommand in detail, in 80 columns.
///
/// Sections follow swift-argument-parser: OVERVIEW, USAGE, then SUBCOMMANDS or ARGUMENTS, OPTIONS, and
/// for this program KEYS and EXIT STATUS. The overview also has the ENVIRONMENT and CONFIG FILE sections; a
/// subcommand's help, which is often heard rather than read, points to them (``HelpReference``) instead of
/// repeating them, and lists only the variables that subcommand alone reads.
package enum HelpText {
  /// The help for a topic.
  ///
  /// Under the program name `pinentry-passcode`, every topic shows the pinentry help, named so; under
  /// `passcode-askpass`, the askpass help.
  ///
  /// - Parameters:
  ///   - topic: The subcommand, or `nil` for the overview of all of them.
  ///   - programName: The base name the program was started under.
  /// - Returns: The text, ending in a newline; no line is wider than 80 columns.
  package static func render(topic: Subcommand?, programName: String) -> String {
    if let implied = CommandLineParser.impliedSubcommand(programName: programName) {
      return HelpLayout.text(subcommandHelp(implied, programName: programName))
    }
    guard let topic else { return HelpLayout.text(overviewHelp(programName: programName)) }
    return HelpLayout.text(subcommandHelp(topic, programName: programName))
  }

  /// The help of a topic that is not a subcommand: the environment variables, or the config file.
  ///
  /// - Parameters:
  ///   - reference: The topic.
  ///   - programName: The base name the program was started under.
  /// - Returns: The text, ending in a newline; no line is wider than 80 columns.
  package static func render(reference: HelpReference, programName: String) -> String {
    switch reference {
    case .environment:
      HelpLayout.text(environmentSection(variables: EnvironmentVariable.allCases) + [""] + pointer(to: [.config]))
    case .config: HelpLayout.text(configurationSection() + [""] + pointer(to: [.environment]))
    }
  }

  // MARK: - Pieces shared with usage errors

  /// The words that name a subcommand on the command line: `passcode check`, or `pinentry-passcode`.
  static func commandPath(subcommand: Subcommand?, programName: String) -> String {
    if CommandLineParser.impliedSubcommand(programName: programName) != nil { return programName }
    guard let subcommand else { return programName }
    return "\(programName) \(subcommand.rawValue)"
  }

  /// The usage line, wrapped, starting with `prefix` (`USAGE: ` in help, `Usage: ` in errors).
  static func usageLines(prefix: String, subcommand: Subcommand?, programName: String) -> [String] {
    let shown = CommandLineParser.impliedSubcommand(programName: programName) ?? subcommand
    let path = commandPath(subcommand: shown, programName: programName)
    guard let shown else {
      return HelpLayout.wrap(
        [Localization.text("<subcommand>"), "[" + Localization.text("<options>") + "]"],
        firstPrefix: prefix + path + " ",
        indent: 0)
    }
    let folded: Set<Option> = [.noSound, .watch, .list]
    var items = shown.options.filter { !$0.isPinentryCompatibility && !folded.contains($0) }.map { option in
      switch option {
      case .sound: "[--sound|--no-sound]"
      case .query: "[--query|--watch|--list]"
      default: "[\(option.nameWithValue)]"
      }
    }
    if shown == .pinentry { items.append("[" + Localization.text("<gpg-agent options>") + "]") }
    if shown == .exec {
      items += ["[--]", Localization.text("<command>"), "[" + Localization.text("<argument>") + " ...]"]
    }
    if shown == .polkitAgent {
      items += ["[[--]", Localization.text("<command>"), "[" + Localization.text("<argument>") + " ...]]"]
    }
    if shown == .askpass { items.append("[" + Localization.text("<prompt>") + "]") }
    let firstPrefix = prefix + path + " "
    return HelpLayout.wrap(items, firstPrefix: firstPrefix, indent: firstPrefix.count)
  }

  /// The SUBCOMMANDS section.
  static func subcommandSection() -> [String] {
    [Localization.text("SUBCOMMANDS:")]
      + Subcommand.allCases.flatMap { HelpLayout.row(label: $0.rawValue, help: Localization.text($0.summary)) }
  }

  // MARK: - Whole texts

  private static func overviewHelp(programName: String) -> [String] {
    var lines = HelpLayout.paragraph(
      Localization.text(
        "Accessible passcode and PIN entry for the terminal, for people who use screen readers, speech "
          + "or a keyboard alone."), firstPrefix: Localization.text("OVERVIEW: "))
    lines += [""] + usageLines(prefix: Localization.text("USAGE: "), subcommand: nil, programName: programName)
    lines += [""] + subcommandSection()
    let common = Option.allCases.filter { !$0.isPinentryCompatibility && $0 != .help && $0 != .version }
    lines +=
      [""] + HelpLayout.paragraph(Localization.text("OPTIONS: (each subcommand takes the ones that apply to it)"))
    lines += optionRows(common + [.help, .version], showsPinentryShortNames: false)
    lines += [""] + keysSection(for: nil)
    lines += [""] + environmentSection(variables: EnvironmentVariable.allCases)
    lines += [""] + configurationSection()
    lines += [""] + exitStatusSection(for: nil)
    lines += [
      "", "  " + Localization.text("See '{program} help <subcommand>' for detailed help.", ["program": programName]),
    ]
    return lines
  }

  private static func subcommandHelp(_ subcommand: Subcommand, programName: String) -> [String] {
    var lines = HelpLayout.paragraph(
      Localization.text(subcommand.overview), firstPrefix: Localization.text("OVERVIEW: "))
    lines += [""] + usageLines(prefix: Localization.text("USAGE: "), subcommand: subcommand, programName: programName)
    if subcommand == .exec || subcommand == .polkitAgent {
      lines += ["", Localization.text("ARGUMENTS:")]
      lines += HelpLayout.row(
        label: Localization.text("<command>"),
        help: Localization.text(
          subcommand == .exec
            ? "The program to run, looked up in PATH."
            : "A program to run with this agent registered for it, such as pkexec; looked up in PATH."))
      lines += HelpLayout.row(
        label: Localization.text("<argument>"), help: Localization.text("Its arguments, passed on untouched."))
    }
    if subcommand == .askpass {
      lines += ["", Localization.text("ARGUMENTS:")]
      lines += HelpLayout.row(
        label: Localization.text("<prompt>"),
        help: Localization.text("The caller's question; a keyscript's is crypttab's third field (said unless none)."))
    }
    let ownOptions = subcommand.options.filter { !$0.isPinentryCompatibility }
    lines += ["", Localization.text("OPTIONS:")]
    lines += optionRows(ownOptions + [.help, .version], showsPinentryShortNames: subcommand == .pinentry)
    if subcommand == .pinentry {
      lines += ["", Localization.text("GPG-AGENT OPTIONS:")]
      lines += optionRows(subcommand.options.filter(\.isPinentryCompatibility), showsPinentryShortNames: true)
      // pinentry (issue 16)
      lines += HelpLayout.row(
        label: Localization.text("<other options>"),
        help: Localization.text("Ignored, with one note on standard error."))
    }
    if subcommand.isInteractive { lines += [""] + keysSection(for: subcommand) }
    // Only the variables this subcommand alone reads; the ones every subcommand shares are a topic of their own,
    // which a person listening need not hear again with each subcommand.
    let variables = EnvironmentVariable.allCases.filter { $0.isOnly(for: subcommand) }
    if !variables.isEmpty { lines += [""] + environmentSection(variables: variables) }
    lines += [""] + exitStatusSection(for: subcommand)
    lines += [""] + pointer(to: HelpReference.allCases)
    return lines
  }

  /// The line that points to the shared topics: `See 'passcode help environment' for ….` Always `passcode`, which
  /// is installed beside `pinentry-passcode` and `passcode-askpass` and is the only name that takes `help`.
  private static func pointer(to references: [HelpReference]) -> [String] {
    let environment = "'passcode help \(HelpReference.environment.rawValue)'"
    let config = "'passcode help \(HelpReference.config.rawValue)'"
    let text: String
    switch (references.contains(.environment), references.contains(.config)) {
    case (true, true):
      text = Localization.text(
        "See {environment} for the environment variables, {config} for the config file, and man passcode for "
          + "everything.", ["environment": environment, "config": config])
    case (true, false):
      text = Localization.text("See {environment} for the environment variables.", ["environment": environment])
    default: text = Localization.text("See {config} for the config file.", ["config": config])
    }
    return HelpLayout.paragraph(text, firstPrefix: "  ", indent: 2)
  }

  // MARK: - Sections

  private static func optionRows(_ options: [Option], showsPinentryShortNames: Bool) -> [String] {
    options.flatMap { option in
      HelpLayout.row(
        label: option.label(showsPinentryShortNames: showsPinentryShortNames), help: Localization.text(option.help))
    }
  }

  private static func keysSection(for subcommand: Subcommand?) -> [String] {
    let cancel: String
    switch subcommand {
    case .lock: cancel = "Ignored: a locked terminal opens only with the passcode."
    case .pinentry: cancel = "Cancel; gpg-agent is told the entry was cancelled."
    case .agent:
      cancel =
        "Cancel the question; its asker is told (exit 2 with --query). With --leave-on-cancel, leave it for "
        + "another agent instead, and exit 2."
    case .askpass:
      cancel = "Cancel: nothing is written (exit 2). On ssh's yes-or-no question: no (exit 1)."
    case .polkitAgent:
      cancel = "Cancel the authentication: polkit is told, and the agent waits for the next one."
    default: cancel = "Cancel (exit 2)."
    }
    var rows = [
      (
        "Enter",
        "Submit what is typed; a code of fixed length submits itself. Nothing is submitted after a key that was "
          + "not taken, until the entry is cleared."
      ),
      ("Backspace", "Delete the last character typed."),
      ("Ctrl-U", "Clear everything typed."),
      ("Ctrl-R", "Read the status again: how much is typed and the tries left."),
      ("Esc, Ctrl-C, Ctrl-D", cancel),
    ].map { ($0.0, Localization.text($0.1)) }
    if subcommand == .pinentry {
      rows[3].1 += " " + Localization.text("Also reads gpg-agent's passphrase rules in full, when it set them.")
      rows.append(
        (
          "Ctrl-G",
          Localization.text("Have gpg-agent generate a passphrase, when it offers to; it is never shown or spoken.")
        ))
    }
    // A locked terminal has no time limit; every other prompt may have one (Docs/Accessibility.md §9).
    if subcommand != .lock {
      let tab =
        subcommand == .agent
        ? "With --timeout, give the whole time again, up to ten times; a question's own deadline (NotAfter=) "
          + "is warned of but cannot move."
        : "With a time limit, give the whole time again, up to ten times; the warning before the end names it."
      rows.insert(("Tab", Localization.text(tab)), at: 4)
    }
    rows.append(
      (
        "Caps Lock, Num Lock",
        Localization.text(
          "On a Linux console, a prompt that takes letters says when Caps Lock is on or off; a digit prompt says "
            + "once when the keypad sends arrows (Num Lock off).")
      ))
    return [Localization.text("KEYS:")] + rows.flatMap { HelpLayout.row(label: $0.0, help: $0.1) }
  }

  private static func environmentSection(variables: [EnvironmentVariable]) -> [String] {
    [Localization.text("ENVIRONMENT:")]
      + variables.flatMap { HelpLayout.row(label: $0.rawValue, help: Localization.text($0.help)) }
  }

  private static func configurationSection() -> [String] {
    let rows = [
      ("speech = auto|on|off", "As --speech, but on speaks only where it helps."),
      ("profile = auto|visual|screen-reader|plain", "How the prompt presents itself."),
      ("reduce-motion = yes|no", "As --reduce-motion."),
      ("sound = yes|no", "As --sound and --no-sound."),
      ("progress = count|tick|silent", "As --progress."),
      ("mask = circle|asterisk|bullet|none", "As --mask."),
      ("speech-rate = -100..100", "As --speech-rate; also speech-pitch and speech-volume."),
      ("speech-voice = \(Localization.text("<voice>"))", "As --speech-voice."),
    ]
    let seconds = Localization.text("<seconds>")
    let passcodeRows = [
      ("lockout = \(seconds),...", "The lockout after each consecutive wrong passcode; the last one repeats."),
      ("length = \(Localization.text("<n>"))", "The length of a new passcode when set is given no --length: 1 to 12."),
      ("grace = \(seconds)", "As --grace: 0 (always ask) to 86400."),
    ]
    return HelpLayout.paragraph(
      Localization.text(
        "CONFIG FILE: $XDG_CONFIG_HOME/passcode/config. Others may read it; if they could change it, only "
          + "speech, profile, reduce-motion, sound, progress, mask and the voice are used from it. An option wins over the environment, "
          + "which wins over the file. Every subcommand, pinentry included, applies these:"))
      + rows.flatMap { HelpLayout.row(label: $0.0, help: Localization.text($0.1)) }
      + HelpLayout.paragraph(Localization.text("And these shape the stored passcode:"), firstPrefix: "  ", indent: 2)
      + passcodeRows.flatMap { HelpLayout.row(label: $0.0, help: Localization.text($0.1)) }
  }

  private static func exitStatusSection(for subcommand: Subcommand?) -> [String] {
    var rows: [(String, String)] = []
    if subcommand == .exec || subcommand == .polkitAgent {
      rows.append((Localization.text("<status>"), "The command's own exit status, once it has run."))
    }
    for code in exitCodes(for: subcommand) {
      rows.append((String(code.rawValue), exitCodeHelp(code, subcommand: subcommand)))
    }
    return [Localization.text("EXIT STATUS:")]
      + rows.flatMap { HelpLayout.row(label: $0.0, help: Localization.text($0.1)) }
  }

  private static func exitCodes(for subcommand: Subcommand?) -> [ExitCode] {
    let asking: [ExitCode] = [.wrongNoTriesLeft, .cancelled, .timedOut, .lockedOut, .usage]
    switch subcommand {
    case nil:
      return [.accepted] + asking + [
        .noPasscodeSet, .noTerminal, .storageError, .protocolError, .permissionDenied, .setupProblem, .cannotExecute,
        .commandNotFound,
      ]
    case .demo: return [.accepted, .cancelled, .timedOut, .usage, .noTerminal]
    case .set: return [.accepted] + asking + [.noTerminal, .storageError]
    case .check, .remove: return [.accepted] + asking + [.noPasscodeSet, .noTerminal, .storageError]
    case .lock: return [.accepted, .usage, .noPasscodeSet, .noTerminal, .storageError]
    case .exec: return asking + [.noPasscodeSet, .noTerminal, .storageError, .cannotExecute, .commandNotFound]
    case .status: return [.accepted, .usage, .noPasscodeSet, .storageError]
    case .pinentry: return [.accepted, .usage, .protocolError]
    case .doctor: return [.accepted, .usage, .setupProblem]
    case .agent: return [.accepted, .cancelled, .timedOut, .usage, .noTerminal, .storageError, .permissionDenied]
    case .askpass: return [.accepted, .wrongNoTriesLeft, .cancelled, .timedOut, .usage, .noTerminal, .storageError]
    case .polkitAgent: return [.accepted, .usage, .noTerminal, .setupProblem, .cannotExecute, .commandNotFound]
    }
  }

  private static func exitCodeHelp(_ code: ExitCode, subcommand: Subcommand?) -> String {
    switch (code, subcommand) {
    case (.accepted, nil): return "Accepted, or the subcommand did its job."
    case (.accepted, .set): return "The new passcode was stored."
    case (.accepted, .status): return "A passcode is set; the report was printed."
    case (.accepted, .remove): return "The passcode was removed."
    case (.accepted, .pinentry): return "gpg-agent ended the session."
    case (.accepted, .doctor): return "Nothing found stops a prompt from working."
    case (.accepted, .polkitAgent): return "Without a command: ended by a signal (as pkttyagent)."
    case (.noTerminal, .polkitAgent): return "No terminal to ask on."
    case (.setupProblem, .polkitAgent):
      return "The system bus or polkitd could not be reached, or polkitd refused the registration."
    case (.cannotExecute, .polkitAgent): return "The command was found but could not be run."
    case (.commandNotFound, .polkitAgent): return "The command was not found."
    case (.setupProblem, _): return "doctor: something found would stop a prompt from working."
    case (.accepted, .agent): return "Every question was answered or withdrawn by its asker."
    case (.cancelled, .agent): return "A question was cancelled by the user, or left for another agent."
    case (.timedOut, .agent): return "A question timed out before it was answered."
    case (.storageError, .agent):
      return "The question directory could not be watched or read, or an answer could not be sent."
    case (.accepted, .askpass):
      return "The answer was written to standard output; ssh's yes-or-no question was answered yes."
    case (.wrongNoTriesLeft, .askpass): return "ssh's yes-or-no question was answered no."
    case (.cancelled, .askpass):
      return "Cancelled by the user (Esc, Ctrl-C or Ctrl-D); nothing was written."
    case (.storageError, .askpass):
      return "The answer could not be written to standard output (its caller is gone)."
    case (.storageError, .lock): return "No home directory to find the passcode in; nothing was locked."
    case (.noPasscodeSet, .lock): return "No passcode is set, so nothing was locked; that is said, and a key ends it."
    case (.accepted, _): return "The passcode was accepted."
    case (.wrongNoTriesLeft, _): return "Wrong passcode, with no tries left in this run."
    case (.cancelled, _): return "Cancelled by the user."
    case (.timedOut, _): return "Timed out: no key came in time."
    case (.lockedOut, _): return "Locked out after too many wrong tries."
    case (.usage, _): return "Usage error: the command line was wrong."
    case (.noPasscodeSet, _): return "No passcode is set."
    case (.noTerminal, _): return "No terminal to ask on, or it hung up."
    case (.permissionDenied, .agent): return "Answering needs root."
    case (.permissionDenied, _): return "agent: answering needs root."
    case (.storageError, _): return "The stored state could not be read or written, or can't be trusted."
    case (.protocolError, _): return "pinentry: the client broke the Assuan protocol."
    case (.cannotExecute, _): return "exec: the command was found but could not be run."
    case (.commandNotFound, _): return "exec: the command was not found."
    default: return Localization.text("Exit status {code}.", ["code": "\(code.rawValue)"])
    }
  }
}
