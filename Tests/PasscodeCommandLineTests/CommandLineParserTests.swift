import PasscodeCommandLine
import PasscodePreferences
import Testing

private func run(
  _ subcommand: Subcommand, _ options: CommonOptions = CommonOptions(), exec: [String] = [],
  agent: AgentOptions = AgentOptions()
) -> Invocation {
  Invocation(subcommand: subcommand, options: options, execCommand: exec, agent: agent)
}

/// Parses, leaving out where the preferences came from (``PreferenceSourceTests`` checks those).
private func parse(
  _ arguments: [String], programName: String = "passcode", environment: [String: String] = [:]
) throws(UsageError) -> ParseOutcome {
  let outcome = try CommandLineParser.parse(arguments: arguments, programName: programName, environment: environment)
  guard case var .run(invocation) = outcome else { return outcome }
  invocation.sources = PreferenceSources()
  return .run(invocation)
}

@Suite("Parsing command lines")
struct CommandLineParserTests {
  static let optionCases: [ParseCase] = [
    ParseCase(["demo"], run(.demo)),
    ParseCase(["set"], run(.set)),
    ParseCase(["check"], run(.check)),
    ParseCase(["lock"], run(.lock)),
    ParseCase(["status"], run(.status)),
    ParseCase(["remove"], run(.remove)),
    ParseCase(["pinentry"], run(.pinentry)),
    ParseCase(["doctor"], run(.doctor)),
    // Every option, in both forms.
    ParseCase(["check", "--title", "Unlock the vault"], run(.check, CommonOptions(title: "Unlock the vault"))),
    ParseCase(["check", "--title=Unlock"], run(.check, CommonOptions(title: "Unlock"))),
    ParseCase(["check", "--title=a=b"], run(.check, CommonOptions(title: "a=b"))),
    ParseCase(["set", "--length", "6"], run(.set, CommonOptions(length: 6))),
    ParseCase(["set", "--length=12"], run(.set, CommonOptions(length: 12))),
    ParseCase(["demo", "--length=1"], run(.demo, CommonOptions(length: 1))),
    ParseCase(["set", "--allowed", "alphanumeric"], run(.set, CommonOptions(allowed: .lettersAndDigits))),
    ParseCase(["set", "--allowed=digits"], run(.set, CommonOptions(allowed: .digits))),
    ParseCase(["check", "--reduce-motion"], run(.check, CommonOptions(reduceMotion: true))),
    ParseCase(["check", "--speech", "off"], run(.check, CommonOptions(speech: .off))),
    ParseCase(["check", "--speech=on"], run(.check, CommonOptions(speech: .on))),
    ParseCase(["check", "--screen-reader"], run(.check, CommonOptions(screenReader: true))),
    ParseCase(["check", "--color", "always"], run(.check, CommonOptions(color: .always))),
    ParseCase(["check", "--color=never"], run(.check, CommonOptions(color: .never))),
    ParseCase(["check", "--timeout", "30"], run(.check, CommonOptions(timeout: 30))),
    ParseCase(["check", "--timeout=5"], run(.check, CommonOptions(timeout: 5))),
    ParseCase(["check", "--grace", "0"], run(.check, CommonOptions(grace: 0))),
    ParseCase(["exec", "--grace=300", "true"], run(.exec, CommonOptions(grace: 300), exec: ["true"])),
    ParseCase(["status", "--store", "/tmp/p"], run(.status, CommonOptions(store: "/tmp/p"))),
    ParseCase(["status", "--store=/tmp/p q"], run(.status, CommonOptions(store: "/tmp/p q"))),
    ParseCase(["status", "--json"], run(.status, CommonOptions(json: true))),
    ParseCase(["check", "--tty", "/dev/pts/3"], run(.check, CommonOptions(tty: "/dev/pts/3"))),
    ParseCase(["check", "--tty=/dev/tty2"], run(.check, CommonOptions(tty: "/dev/tty2"))),
    ParseCase(["check", "--sound"], run(.check, CommonOptions(sound: true))),
    ParseCase(["check", "--sound", "--no-sound"], run(.check, CommonOptions(sound: false))),
    ParseCase(["check", "--no-sound", "--sound"], run(.check, CommonOptions(sound: true))),
    ParseCase(["check", "--no-wait"], run(.check, CommonOptions(noWait: true))),
    ParseCase(["check", "--max-tries", "3"], run(.check, CommonOptions(maxTries: 3))),
    ParseCase(["check", "--max-tries=1"], run(.check, CommonOptions(maxTries: 1))),
    // The last of a repeated option wins.
    ParseCase(["check", "--timeout", "5", "--timeout=9"], run(.check, CommonOptions(timeout: 9))),
    // Options before the subcommand, after it, and both.
    ParseCase(["--title", "Door", "check"], run(.check, CommonOptions(title: "Door"))),
    ParseCase(
      ["--reduce-motion", "check", "--max-tries=2", "--speech", "off"],
      run(.check, CommonOptions(reduceMotion: true, speech: .off, maxTries: 2))),
    ParseCase(
      ["--store", "/s", "--color", "never", "set", "--length", "4", "--allowed", "digits"],
      run(.set, CommonOptions(length: 4, allowed: .digits, color: .never, store: "/s"))),
    // `--` ends the options; the subcommand may follow it.
    ParseCase(["--", "status"], run(.status)),
    ParseCase(["check", "--"], run(.check)),
    // A value may start with a dash when it is attached with `=`.
    ParseCase(["check", "--title=-x-"], run(.check, CommonOptions(title: "-x-"))),
    // A lone dash is an argument, not an option.
    ParseCase(["exec", "-"], run(.exec, exec: ["-"])),
  ]

  @Test("every option, in both forms and on either side of the subcommand", arguments: optionCases)
  func parsesOptions(_ row: ParseCase) throws {
    let outcome = try parse(row.arguments, programName: row.programName, environment: row.environment)
    #expect(outcome == .run(row.expected))
  }

  static let execCases: [ParseCase] = [
    ParseCase(["exec", "ls", "-la"], run(.exec, exec: ["ls", "-la"])),
    ParseCase(["exec", "--", "ls", "-la"], run(.exec, exec: ["ls", "-la"])),
    ParseCase(["exec", "--", "--weird-name", "x"], run(.exec, exec: ["--weird-name", "x"])),
    ParseCase(["exec", "ls", "--", "x"], run(.exec, exec: ["ls", "--", "x"])),
    ParseCase(["exec", "grep", "--help"], run(.exec, exec: ["grep", "--help"])),
    ParseCase(["exec", "ssh", "--version", "-h"], run(.exec, exec: ["ssh", "--version", "-h"])),
    ParseCase(
      ["exec", "env", "--title", "x", "--bogus", "--timeout=0"],
      run(.exec, exec: ["env", "--title", "x", "--bogus", "--timeout=0"])),
    ParseCase(["exec", "echo", "", "two words"], run(.exec, exec: ["echo", "", "two words"])),
    ParseCase(["exec", "exec", "check"], run(.exec, exec: ["exec", "check"])),
    ParseCase(
      ["--title", "Shell", "exec", "--grace", "60", "--", "bash", "-c", "echo hi"],
      run(.exec, CommonOptions(title: "Shell", grace: 60), exec: ["bash", "-c", "echo hi"])),
    ParseCase(
      ["exec", "--timeout=10", "make", "install", "--timeout", "3"],
      run(.exec, CommonOptions(timeout: 10), exec: ["make", "install", "--timeout", "3"])),
  ]

  @Test("exec passes everything from the command on through untouched", arguments: execCases)
  func execPassThrough(_ row: ParseCase) throws {
    #expect(try parse(row.arguments) == .run(row.expected))
  }

  static let environmentCases: [ParseCase] = [
    ParseCase(["check"], environment: ["PASSCODE_REDUCE_MOTION": "1"], run(.check, CommonOptions(reduceMotion: true))),
    ParseCase(
      ["check"], environment: ["PASSCODE_REDUCE_MOTION": "true"], run(.check, CommonOptions(reduceMotion: true))),
    ParseCase(
      ["check"], environment: ["PASSCODE_REDUCE_MOTION": "YES"], run(.check, CommonOptions(reduceMotion: true))),
    ParseCase(["check"], environment: ["PASSCODE_REDUCE_MOTION": "0"], run(.check)),
    ParseCase(["check"], environment: ["PASSCODE_REDUCE_MOTION": ""], run(.check)),
    ParseCase(
      ["check", "--reduce-motion"], environment: ["PASSCODE_REDUCE_MOTION": "no"],
      run(.check, CommonOptions(reduceMotion: true))),
    ParseCase(["check"], environment: ["PASSCODE_SPEECH": "off"], run(.check, CommonOptions(speech: .off))),
    ParseCase(["check"], environment: ["PASSCODE_SPEECH": "On"], run(.check, CommonOptions(speech: .on))),
    ParseCase(["check"], environment: ["PASSCODE_SPEECH": ""], run(.check)),
    ParseCase(
      ["check", "--speech", "auto"], environment: ["PASSCODE_SPEECH": "off"], run(.check, CommonOptions(speech: .auto))),
    ParseCase(
      ["check", "--speech=on"], environment: ["PASSCODE_SPEECH": "nonsense"], run(.check, CommonOptions(speech: .on))),
    ParseCase(["check"], environment: ["PASSCODE_PROGRESS": "tick"], run(.check, CommonOptions(progress: .tick))),
    ParseCase(
      ["pinentry"], environment: ["PASSCODE_PROGRESS": "Silent"], run(.pinentry, CommonOptions(progress: .silent))),
    ParseCase(["agent"], environment: ["PASSCODE_PROGRESS": ""], run(.agent)),
    ParseCase(
      ["lock", "--progress", "count"], environment: ["PASSCODE_PROGRESS": "silent"],
      run(.lock, CommonOptions(progress: .count))),
    ParseCase(["status"], environment: ["PASSCODE_PROGRESS": "nonsense"], run(.status)),
    // PASSCODE_HOME and NO_COLOR are read where they act (the store's location, the terminal), not here.
    ParseCase(["status"], environment: ["PASSCODE_HOME": "/home/p"], run(.status)),
    ParseCase(
      ["status", "--store", "/opt/s"], environment: ["PASSCODE_HOME": "/home/p"],
      run(.status, CommonOptions(store: "/opt/s"))),
    ParseCase(["status"], environment: ["PASSCODE_HOME": ""], run(.status)),
    ParseCase(["demo"], environment: ["PASSCODE_HOME": "/home/p"], run(.demo)),
    ParseCase(["status"], environment: ["PASSCODE_SPEECH": "nonsense"], run(.status)),
    ParseCase(["check"], environment: ["NO_COLOR": "1"], run(.check)),
    ParseCase(["check"], environment: ["NO_COLOR": ""], run(.check)),
    ParseCase(
      ["check", "--color", "always"], environment: ["NO_COLOR": "1"], run(.check, CommonOptions(color: .always))),
    ParseCase(
      ["check", "--color=auto"], environment: ["NO_COLOR": "yes"], run(.check, CommonOptions(color: .auto))),
  ]

  @Test("the environment fills in what the command line leaves out, and the option wins", arguments: environmentCases)
  func environment(_ row: ParseCase) throws {
    #expect(try parse(row.arguments, environment: row.environment) == .run(row.expected))
  }

  static let pinentryCases: [ParseCase] = [
    ParseCase([], programName: "pinentry-passcode", run(.pinentry)),
    ParseCase(
      [
        "--ttyname", "/dev/pts/7", "--ttytype", "xterm-256color", "--display", ":0", "--lc-ctype", "C.UTF-8",
        "--lc-messages", "C", "--timeout", "60", "--no-global-grab", "--debug", "--parent-wid", "12345",
        "--colors", "red,black", "--ttyalert", "beep",
      ],
      programName: "pinentry-passcode",
      run(.pinentry, CommonOptions(timeout: 60, tty: "/dev/pts/7", terminalType: "xterm-256color"))),
    ParseCase(
      [
        "-T", "/dev/pts/1", "-N", "screen", "-D", ":1", "-C", "C", "-M", "C", "-o", "0", "-g", "-d", "-W", "9",
        "-c", "x", "-a", "flash",
      ],
      programName: "pinentry-passcode",
      run(.pinentry, CommonOptions(tty: "/dev/pts/1", terminalType: "screen"))),
    ParseCase(
      ["--ttyname=/dev/pts/2", "--display=:0", "--timeout=0"], programName: "pinentry-passcode",
      run(.pinentry, CommonOptions(tty: "/dev/pts/2"))),
    ParseCase(
      ["pinentry", "--ttyname", "/dev/pts/4", "--screen-reader"],
      run(.pinentry, CommonOptions(screenReader: true, tty: "/dev/pts/4"))),
    ParseCase(
      ["--speech", "off"], programName: "pinentry-passcode", environment: ["PASSCODE_REDUCE_MOTION": "1"],
      run(.pinentry, CommonOptions(reduceMotion: true, speech: .off))),
  ]

  @Test("as pinentry-passcode, gpg-agent's options are accepted and the terminal is recorded", arguments: pinentryCases)
  func pinentry(_ row: ParseCase) throws {
    let outcome = try parse(row.arguments, programName: row.programName, environment: row.environment)
    #expect(outcome == .run(row.expected))
  }

  @Test("as passcode-askpass, the keyscript's one argument is kept untouched; a second is refused")
  func askpass() throws {
    func askpass(_ argument: String?, _ options: CommonOptions = CommonOptions()) -> ParseOutcome {
      var invocation = run(.askpass, options)
      invocation.askpassArgument = argument
      return .run(invocation)
    }
    #expect(try parse(["none"], programName: "passcode-askpass") == askpass("none"))
    #expect(try parse([], programName: "passcode-askpass") == askpass(nil))
    #expect(try parse(["-"], programName: "passcode-askpass") == askpass("-"))
    #expect(try parse(["askpass", "Unlock the disk: "]) == askpass("Unlock the disk: "))
    #expect(
      try parse(["askpass", "--timeout", "30", "--", "--odd"]) == askpass("--odd", CommonOptions(timeout: 30)))
    #expect(throws: UsageError(.unexpectedArgument("b"), subcommand: .askpass)) {
      try parse(["a", "b"], programName: "passcode-askpass")
    }
    #expect(
      try parse(["--help"], programName: "passcode-askpass")
        == .showHelp(topic: .askpass, text: HelpText.render(topic: .askpass, programName: "passcode-askpass")))
  }

  @Test("passcode-askpass --unlocked asks to say \"Disk unlocked\"; other subcommands refuse it")
  func askpassUnlocked() throws {
    var unlocked = run(.askpass, CommonOptions())
    unlocked.askpassSaysUnlocked = true
    #expect(try parse(["--unlocked"], programName: "passcode-askpass") == .run(unlocked))
    #expect(try parse(["askpass", "--unlocked"]) == .run(unlocked))
    guard case let .run(asking) = try parse(["none"], programName: "passcode-askpass") else {
      Issue.record("passcode-askpass none did not run")
      return
    }
    #expect(!asking.askpassSaysUnlocked)
    #expect(throws: UsageError.self) { try parse(["agent", "--unlocked"]) }
  }

  @Test("polkit-agent takes pkttyagent's options, and a command with its arguments untouched after them")
  func polkitAgent() throws {
    var registered = run(.polkitAgent)
    registered.polkit = PolkitAgentOptions(
      process: PolkitAgentOptions.Process(identifier: 42, startTime: 777), fallback: true, notifyDescriptor: 5)
    #expect(try parse(["polkit-agent", "-p", "42,777", "--fallback", "--notify-fd", "5"]) == .run(registered))
    var plain = run(.polkitAgent)
    plain.polkit.process = PolkitAgentOptions.Process(identifier: 42)
    #expect(try parse(["polkit-agent", "--process=42"]) == .run(plain))
    #expect(
      try parse(["polkit-agent", "--timeout", "9", "pkexec", "--user", "root", "true"])
        == .run(run(.polkitAgent, CommonOptions(timeout: 9), exec: ["pkexec", "--user", "root", "true"])))
    #expect(try parse(["polkit-agent", "--", "-odd"]) == .run(run(.polkitAgent, exec: ["-odd"])))
    #expect(try parse(["polkit-agent"]) == .run(run(.polkitAgent)))
  }

  @Test("--help and -h show the help of the subcommand named before or after them")
  func help() throws {
    let checkHelp = ParseOutcome.showHelp(
      topic: .check, text: HelpText.render(topic: .check, programName: "passcode"))
    let overview = ParseOutcome.showHelp(topic: nil, text: HelpText.render(topic: nil, programName: "passcode"))
    #expect(try parse(["--help"]) == overview)
    #expect(try parse(["-h"]) == overview)
    #expect(try parse(["help"]) == overview)
    #expect(try parse(["check", "--help"]) == checkHelp)
    #expect(try parse(["check", "-h", "--bogus"]) == checkHelp)
    #expect(try parse(["-h", "check"]) == checkHelp)
    #expect(try parse(["--help", "--title", "check", "check"]) == checkHelp)
    #expect(try parse(["help", "check"]) == checkHelp)
    #expect(try parse(["help", "--help", "check"]) == checkHelp)
    #expect(
      try parse(["exec", "--help"])
        == .showHelp(topic: .exec, text: HelpText.render(topic: .exec, programName: "passcode")))
    let pinentryHelp = ParseOutcome.showHelp(
      topic: .pinentry, text: HelpText.render(topic: .pinentry, programName: "pinentry-passcode"))
    #expect(try parse(["--help"], programName: "pinentry-passcode") == pinentryHelp)
  }

  @Test("--version shows the version line, before or after the subcommand")
  func version() throws {
    #expect(try parse(["--version"]) == .showVersion("passcode 0.2.0\n"))
    #expect(try parse(["check", "--version"]) == .showVersion("passcode 0.2.0\n"))
    #expect(
      try parse(["--version"], programName: "pinentry-passcode")
        == .showVersion("pinentry-passcode (passcode) 0.2.0\n"))
    #expect(PasscodeVersion.current == "0.2.0")
  }

  @Test("-V is not a version flag")
  func noShortVersion() {
    #expect(throws: UsageError(.unknownOption("-V", suggestion: nil))) { try parse(["-V"]) }
  }

  static let agentCases: [ParseCase] = [
    ParseCase(["agent"], run(.agent, agent: AgentOptions())),
    ParseCase(["agent", "--query"], run(.agent, agent: AgentOptions(mode: .query))),
    ParseCase(["agent", "--watch"], run(.agent, agent: AgentOptions(mode: .watch))),
    ParseCase(["--list", "agent"], run(.agent, agent: AgentOptions(mode: .list))),
    ParseCase(["agent", "--watch", "--watch"], run(.agent, agent: AgentOptions(mode: .watch))),
    ParseCase(["agent", "--console"], run(.agent, agent: AgentOptions(consolePath: "/dev/console"))),
    ParseCase(["agent", "--console=/dev/tty3"], run(.agent, agent: AgentOptions(consolePath: "/dev/tty3"))),
    // `--console` takes its value only with `=`, as in systemd-tty-ask-password-agent.
    ParseCase(
      ["agent", "--console", "--watch"], run(.agent, agent: AgentOptions(mode: .watch, consolePath: "/dev/console"))),
    ParseCase(["agent", "--id", "cryptsetup:"], run(.agent, agent: AgentOptions(identifierPrefix: "cryptsetup:"))),
    ParseCase(
      ["agent", "--watch", "--leave-on-cancel"],
      run(.agent, agent: AgentOptions(mode: .watch, leavesQuestionOnCancel: true))),
    ParseCase(
      ["agent", "--watch", "--timeout", "30", "--speech", "on"],
      run(.agent, CommonOptions(speech: .on, timeout: 30), agent: AgentOptions(mode: .watch))),
  ]

  @Test("agent: modes, --console with or without a terminal, --id, --leave-on-cancel", arguments: agentCases)
  func agentOptions(_ row: ParseCase) throws {
    #expect(try parse(row.arguments) == .run(row.expected))
  }

  @Test("agent: two modes conflict, --console takes no separate word, and agent options stay with agent")
  func agentUsageErrors() {
    #expect(throws: UsageError(.conflictingOptions(first: "--query", second: "--watch"), subcommand: .agent)) {
      try parse(["agent", "--query", "--watch"])
    }
    #expect(throws: UsageError(.unexpectedArgument("/dev/tty3"), subcommand: .agent)) {
      try parse(["agent", "--console", "/dev/tty3"])
    }
    #expect(
      throws: UsageError(
        .invalidValue(
          value: "tty3", option: "--console[=<tty>]", expectation: "Please provide the path of a terminal device."),
        subcommand: .agent)
    ) {
      try parse(["agent", "--console=tty3"])
    }
    #expect(throws: UsageError(.optionNotApplicable(option: "--watch", subcommand: .check), subcommand: .check)) {
      try parse(["check", "--watch"])
    }
    #expect(throws: UsageError(.optionNotApplicable(option: "--title", subcommand: .agent), subcommand: .agent)) {
      try parse(["agent", "--title", "x"])
    }
  }
}
