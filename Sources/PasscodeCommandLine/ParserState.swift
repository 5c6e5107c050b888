import PasscodeEngine
import PasscodeLocalization
import PasscodePreferences

/// One pass over a command line: the position reached and everything gathered so far.
struct ParserState {
  private let arguments: [String]
  private let programName: String
  private let isPinentryProgram: Bool
  private var index = 0
  private var subcommand: Subcommand?
  private var options = CommonOptions()
  private var sources = PreferenceSources()
  /// The options given, in order, with the spelling used, for the per-subcommand check.
  private var given: [(option: Option, spelling: String)] = []
  private var execCommand: [String]?
  private var zeroTimeoutSpelling: String?
  /// A `--allowed` listing of characters as spelled, which `passcode set` does not take (it stores a named set).
  private var customAllowedSpelling: String?
  private var agent = AgentOptions()
  private var agentModeSpelling: String?
  /// Unknown options `pinentry` ignores, as spelled.
  private var ignoredOptions: [String] = []
  private var askpassArgument: String?
  private var saysUnlocked = false
  private var polkit = PolkitAgentOptions()

  init(arguments: [String], programName: String) {
    self.arguments = arguments
    self.programName = programName
    self.isPinentryProgram = programName == CommandLineParser.pinentryProgramName
    self.subcommand = CommandLineParser.impliedSubcommand(programName: programName)
  }

  mutating func parse(environment: [String: String]) throws(UsageError) -> ParseOutcome {
    var afterTerminator = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !afterTerminator, argument == "--" {
        afterTerminator = true
        continue
      }
      if !afterTerminator, Self.looksLikeOption(argument) {
        if let outcome = try parseOption(argument) { return outcome }
        continue
      }
      if subcommand == nil {
        if argument == "help" { return try parseHelpSubcommand() }
        guard let named = Subcommand(rawValue: argument) else {
          let suggestion = EditDistance.suggestion(
            for: argument, among: Subcommand.allCases.map(\.rawValue) + ["help"])
          throw UsageError(.unknownSubcommand(argument, suggestion: suggestion))
        }
        subcommand = named
        continue
      }
      if subcommand == .exec || subcommand == .polkitAgent {
        execCommand = Array(arguments[(index - 1)...])
        break
      }
      if subcommand == .askpass, askpassArgument == nil {
        askpassArgument = argument
        continue
      }
      throw UsageError(.unexpectedArgument(argument), subcommand: subcommand)
    }
    return .run(try finish(environment: environment))
  }

  // MARK: - Options

  private static func looksLikeOption(_ argument: String) -> Bool {
    argument.hasPrefix("-") && argument != "-"
  }

  private static func isNegativeNumber(_ argument: String) -> Bool {
    argument.count > 1 && argument.hasPrefix("-") && argument.dropFirst().allSatisfy(Self.isASCIIDigit)
  }

  /// Reads one option at `index - 1`; returns an outcome when it is `--help` or `--version`.
  private mutating func parseOption(_ argument: String) throws(UsageError) -> ParseOutcome? {
    var spelling = argument
    var attachedValue: String?
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      spelling = String(argument[..<equals])
      attachedValue = String(argument[argument.index(after: equals)...])
    }
    if spelling == CompletionScript.optionName {
      let script = try completionScript(attachedValue: attachedValue)
      return .showCompletionScript(shell: script.shell, text: script.text)
    }
    guard let option = Option.named(spelling) else {
      if subcommand == .pinentry {
        // A pinentry must not fail on another client's options: the option is ignored, and so is a value
        // that follows it, since a pinentry takes no other arguments.
        ignoredOptions.append(spelling)
        if attachedValue == nil, index < arguments.count, !Self.looksLikeOption(arguments[index]) { index += 1 }
        return nil
      }
      let suggestion =
        argument.hasPrefix("--")
        ? EditDistance.suggestion(for: spelling, among: CommandLineParser.knownLongOptions) : nil
      throw UsageError(.unknownOption(spelling, suggestion: suggestion), subcommand: subcommand)
    }
    switch option {
    case .help:
      return .showHelp(topic: helpTopic(), text: HelpText.render(topic: helpTopic(), programName: programName))
    case .version:
      return .showVersion(VersionText.render(programName: programName))
    default: break
    }
    given.append((option, spelling))
    if option.takesOptionalValue {
      try apply(option, value: attachedValue ?? AgentOptions.defaultConsole, spelling: spelling)
      return nil
    }
    guard option.valueName != nil else {
      if let attachedValue {
        throw UsageError(.valueForFlag(option: spelling, value: attachedValue), subcommand: subcommand)
      }
      try applyFlag(option, spelling: spelling)
      return nil
    }
    let value: String
    if let attachedValue {
      value = attachedValue
    } else if index < arguments.count,
      !Self.looksLikeOption(arguments[index]) || Self.isNegativeNumber(arguments[index])
    {
      value = arguments[index]
      index += 1
    } else {
      throw UsageError(.missingValue(option: option.nameWithValue), subcommand: subcommand)
    }
    try apply(option, value: value, spelling: spelling)
    return nil
  }

  /// The shell named after `--generate-completion-script`, and its script.
  private mutating func completionScript(attachedValue: String?) throws(UsageError) -> (
    shell: CompletionShell, text: String
  ) {
    let optionName = "\(CompletionScript.optionName) <shell>"
    let value: String
    if let attachedValue {
      value = attachedValue
    } else if index < arguments.count, !Self.looksLikeOption(arguments[index]) {
      value = arguments[index]
      index += 1
    } else {
      throw UsageError(.missingValue(option: optionName), subcommand: subcommand)
    }
    guard let shell = CompletionShell(rawValue: value) else {
      throw UsageError(
        .invalidValue(
          value: value, option: optionName, expectation: Self.oneOf(CompletionShell.allCases.map(\.rawValue))),
        subcommand: subcommand)
    }
    return (shell, CompletionScript.render(for: shell))
  }

  private mutating func applyFlag(_ option: Option, spelling: String) throws(UsageError) {
    switch option {
    case .query, .watch, .list:
      if let agentModeSpelling, agentModeSpelling != spelling {
        throw UsageError(.conflictingOptions(first: agentModeSpelling, second: spelling), subcommand: subcommand)
      }
      agentModeSpelling = spelling
      agent.mode = option == .watch ? .watch : option == .list ? .list : .query
    case .reduceMotion:
      options.reduceMotion = true
      sources[.reduceMotion] = .option(spelling: option.longName)
    case .screenReader:
      options.screenReader = true
      sources[.profile] = .option(spelling: option.longName)
    case .sound, .noSound:
      options.sound = option == .sound
      sources[.sound] = .option(spelling: option.longName)
    case .noWait: options.noWait = true
    case .leaveOnCancel: agent.leavesQuestionOnCancel = true
    case .unlocked: saysUnlocked = true
    case .fallback: polkit.fallback = true
    case .json: options.json = true
    default: break  // gpg-agent's flags are accepted and ignored.
    }
  }

  private mutating func apply(_ option: Option, value: String, spelling: String) throws(UsageError) {
    func invalid(_ expectation: String) -> UsageError {
      UsageError(
        .invalidValue(value: value, option: option.nameWithValue, expectation: expectation), subcommand: subcommand)
    }
    switch option {
    case .title:
      guard !value.isEmpty else { throw invalid(Localization.text("Please provide a title that is not empty.")) }
      guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
        throw invalid(Localization.text("Please provide a title without control characters."))
      }
      options.title = value
    case .length:
      let limits = EntryConfiguration.fixedLengthLimits
      guard let length = Self.wholeNumber(value), limits.contains(length) else {
        throw invalid(
          Localization.text(
            "Please provide a length from {lowest} to {highest}.",
            ["lowest": "\(limits.lowerBound)", "highest": "\(limits.upperBound)"]))
      }
      options.length = length
    case .allowed:
      // A word of letters alone is a name, perhaps misspelled ("digit"): no subcommand could use it as a listing,
      // since the demo's code is digits and `set` stores only named sets.
      if !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic && $0.isASCII }),
        EntryConfiguration.AllowedCharacters(name: value) == nil
      {
        throw invalid(Self.oneOf(EntryConfiguration.AllowedCharacters.names))
      }
      guard
        let allowed = EntryConfiguration.AllowedCharacters(name: value)
          ?? EntryConfiguration.AllowedCharacters(listing: value)
      else { throw invalid(Self.allowedExpectation) }
      // `passcode set` keeps the set with the hash, by name; whether a listing is taken waits for the subcommand.
      customAllowedSpelling = allowed.name == nil ? value : nil
      options.allowed = allowed
    case .speech:
      guard let speech = SpeechMode(rawValue: value) else {
        throw invalid(Self.oneOf(SpeechMode.allCases.map(\.rawValue)))
      }
      options.speech = speech
      sources[.speech] = .option(spelling: option.longName)
    case .progress:
      guard let progress = ProgressFeedback(rawValue: value) else {
        throw invalid(Self.oneOf(ProgressFeedback.allCases.map(\.rawValue)))
      }
      options.progress = progress
      sources[.progress] = .option(spelling: option.longName)
    case .mask:
      guard let mask = CellMask(rawValue: value) else {
        throw invalid(Self.oneOf(CellMask.allCases.map(\.rawValue)))
      }
      options.mask = mask
      sources[.mask] = .option(spelling: option.longName)
    case .speechRate, .speechPitch, .speechVolume, .speechVoice:
      guard let preference = option.voicePreference else { break }
      if preference == .speechVoice, let voice = SpeechVoice(value) {
        options.voice.voice = voice
      } else if preference.isVoiceLevel, let level = VoiceSettings.level(value) {
        options.voice[level: preference] = level
      } else {
        throw invalid(Option.voiceExpectation(for: preference))
      }
      sources[preference] = .option(spelling: option.longName)
    case .color:
      guard let color = ColorMode(rawValue: value) else {
        throw invalid(Self.oneOf(ColorMode.allCases.map(\.rawValue)))
      }
      options.color = color
    case .timeout:
      guard let seconds = Self.wholeNumber(value) else {
        throw invalid(Localization.text("Please provide a whole number of seconds, 1 or more."))
      }
      // pinentry programs read `--timeout 0` as "no timeout"; whether 0 is allowed waits for the subcommand.
      zeroTimeoutSpelling = seconds == 0 ? value : nil
      options.timeout = seconds == 0 ? nil : seconds
    case .grace:
      guard let seconds = Self.wholeNumber(value) else {
        throw invalid(Localization.text("Please provide a whole number of seconds, 0 or more."))
      }
      options.grace = seconds
    case .maxTries:
      guard let tries = Self.wholeNumber(value), tries >= 1 else {
        throw invalid(Localization.text("Please provide a whole number, 1 or more."))
      }
      options.maxTries = tries
    case .store:
      guard !value.isEmpty else { throw invalid(Localization.text("Please provide a directory.")) }
      options.store = value
    case .tty, .ttyName:
      guard !value.isEmpty else { throw invalid(Localization.text("Please provide the path of a terminal device.")) }
      options.tty = value
    case .ttyType:
      options.terminalType = value.isEmpty ? nil : value
    case .console:
      guard value.hasPrefix("/") else {
        throw invalid(Localization.text("Please provide the path of a terminal device."))
      }
      agent.consolePath = value
    case .identifier:
      guard !value.isEmpty else { throw invalid(Localization.text("Please provide the start of a question's Id.")) }
      agent.identifierPrefix = value
    case .process:
      guard let process = PolkitAgentOptions.Process(value) else {
        throw invalid(Localization.text("Please provide a process ID, or an ID and its start time: PID,START."))
      }
      polkit.process = process
    case .notifyFD:
      guard let descriptor = Self.wholeNumber(value), descriptor > 2, let number = Int32(exactly: descriptor) else {
        throw invalid(Localization.text("Please provide an open file descriptor, 3 or more."))
      }
      polkit.notifyDescriptor = number
    default: break  // gpg-agent's other options are accepted and ignored.
    }
  }

  private static func isASCIIDigit(_ character: Character) -> Bool {
    ("0"..."9").contains(character)
  }

  /// A number written with ASCII digits only (no sign), when it fits in an `Int`.
  private static func wholeNumber(_ text: String) -> Int? {
    guard !text.isEmpty, text.allSatisfy(Self.isASCIIDigit) else { return nil }
    return Int(text)
  }

  /// What `--allowed` takes, said when it is given something else.
  private static var allowedExpectation: String {
    Localization.text(
      "Please provide 'digits', 'alphanumeric', or the characters to allow, with ranges such as 0-9A-F (at most {limit}, no spaces).",
      ["limit": "\(EntryConfiguration.AllowedCharacters.listingLimit)"])
  }

  private static func oneOf(_ values: [String]) -> String {
    let quoted = values.map { "'\($0)'" }
    guard let last = quoted.last, quoted.count > 1 else {
      return Localization.text("Please provide {value}.", ["value": quoted.joined()])
    }
    return Localization.text(
      "Please provide one of {values} or {last}.", ["values": quoted.dropLast().joined(separator: ", "), "last": last])
  }

  // MARK: - Help

  /// The subcommand `--help` is about: the one named so far, or else the first one named later.
  private func helpTopic() -> Subcommand? {
    if let subcommand { return subcommand }
    var lookAhead = index
    while lookAhead < arguments.count {
      let argument = arguments[lookAhead]
      lookAhead += 1
      if argument == "--" { continue }
      if Self.looksLikeOption(argument) {
        if !argument.contains("="), Option.named(argument)?.valueName != nil { lookAhead += 1 }
        continue
      }
      return Subcommand(rawValue: argument)
    }
    return nil
  }

  /// `passcode help [<subcommand>|environment|config]`.
  private mutating func parseHelpSubcommand() throws(UsageError) -> ParseOutcome {
    let rest = arguments[index...].filter { $0 != "-h" && $0 != "--help" }
    guard let name = rest.first else {
      return .showHelp(topic: nil, text: HelpText.render(topic: nil, programName: programName))
    }
    if let reference = HelpReference(rawValue: name) {
      if let extra = rest.dropFirst().first { throw UsageError(.unexpectedArgument(extra)) }
      return .showHelp(topic: nil, text: HelpText.render(reference: reference, programName: programName))
    }
    guard let topic = Subcommand(rawValue: name) else {
      let suggestion = EditDistance.suggestion(
        for: name, among: Subcommand.allCases.map(\.rawValue) + HelpReference.allCases.map(\.rawValue))
      throw UsageError(.unknownSubcommand(name, suggestion: suggestion))
    }
    if let extra = rest.dropFirst().first {
      throw UsageError(.unexpectedArgument(extra), subcommand: topic)
    }
    return .showHelp(topic: topic, text: HelpText.render(topic: topic, programName: programName))
  }

  // MARK: - Finishing

  /// Refuses a `--allowed` listing that `subcommand` cannot use: `set` stores only named sets, and the demo's
  /// published code must be typeable, whatever its length, so every digit it uses must be allowed.
  private func checkAllowedListing(for subcommand: Subcommand) throws(UsageError) {
    guard let customAllowedSpelling, let allowed = options.allowed else { return }
    let expectation: String
    switch subcommand {
    case .demo where !Announcement.demoDigits.allSatisfy({ allowed.allows(Unicode.Scalar($0)) }):
      expectation = Localization.text(
        "The demo's code is made of the digits 2, 5, 8 and 0: please allow them, as in 0-9A-F.")
    case .set:
      expectation = Localization.text(
        "A stored passcode is digits or alphanumeric: please provide 'digits' or 'alphanumeric'.")
    default: return
    }
    throw UsageError(
      .invalidValue(value: customAllowedSpelling, option: Option.allowed.nameWithValue, expectation: expectation),
      subcommand: subcommand)
  }

  private func finish(environment: [String: String]) throws(UsageError) -> Invocation {
    guard let subcommand else { throw UsageError(.missingSubcommand) }
    let accepted = Set(subcommand.options)
    for entry in given where !accepted.contains(entry.option) {
      throw UsageError(
        .optionNotApplicable(option: entry.option.longName, subcommand: subcommand), subcommand: subcommand)
    }
    if let zeroTimeoutSpelling, subcommand != .pinentry {
      throw UsageError(
        .invalidValue(
          value: zeroTimeoutSpelling, option: Option.timeout.nameWithValue,
          expectation: Localization.text("Please provide a whole number of seconds, 1 or more.")),
        subcommand: subcommand)
    }
    try checkAllowedListing(for: subcommand)
    if subcommand == .exec, execCommand == nil { throw UsageError(.missingCommand, subcommand: .exec) }
    if subcommand == .polkitAgent, polkit.process != nil, let command = execCommand?.first {
      throw UsageError(.conflictingOptions(first: Option.process.longName, second: command), subcommand: subcommand)
    }
    var options = options
    var sources = sources
    try EnvironmentSettings.apply(
      environment, to: &options, sources: &sources, subcommand: subcommand, given: Set(given.map(\.option)))
    var invocation = Invocation(
      subcommand: subcommand, options: options, sources: sources, execCommand: execCommand ?? [], agent: agent)
    invocation.ignoredOptions = ignoredOptions
    invocation.askpassArgument = askpassArgument
    invocation.askpassSaysUnlocked = saysUnlocked
    invocation.polkit = polkit
    return invocation
  }
}
