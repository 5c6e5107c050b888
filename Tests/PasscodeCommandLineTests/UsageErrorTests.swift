import PasscodeCommandLine
import Testing

private let checkUsage = """
  Usage: passcode check [--title <text>] [--reduce-motion] [--speech <mode>]
                        [--screen-reader] [--color <when>] [--timeout <seconds>]
                        [--grace <seconds>] [--store <directory>] [--tty <path>]
                        [--sound|--no-sound] [--no-wait] [--max-tries <n>]
    See 'passcode check --help' for more information.

  """

private let overviewUsage = """
  Usage: passcode <subcommand> [<options>]
    See 'passcode --help' for more information.

  """

private func renderedError(
  _ arguments: [String], programName: String = "passcode", environment: [String: String] = [:]
) -> String? {
  do {
    _ = try CommandLineParser.parse(arguments: arguments, programName: programName, environment: environment)
    return nil
  } catch {
    return error.rendered(programName: programName)
  }
}

/// One command line that must fail, and the first line of its error.
struct ErrorCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var environment: [String: String] = [:]
  var message: String

  var testDescription: String { (["passcode"] + arguments).joined(separator: " ") }
}

@Suite("Usage errors")
struct UsageErrorTests {
  @Test("an unknown option after the subcommand names it and shows the subcommand's usage")
  func unknownOption() {
    #expect(renderedError(["check", "--foo"]) == "Error: Unknown option '--foo'\n" + checkUsage)
  }

  @Test("an unknown option before any subcommand shows the overview's usage")
  func unknownOptionBeforeSubcommand() {
    #expect(renderedError(["--foo", "check"]) == "Error: Unknown option '--foo'\n" + overviewUsage)
    #expect(renderedError(["-x"]) == "Error: Unknown option '-x'\n" + overviewUsage)
  }

  @Test("a near miss of a long option is suggested")
  func optionSuggestion() {
    #expect(
      renderedError(["check", "--titel", "x"]) == "Error: Unknown option '--titel'. Did you mean '--title'?\n"
        + checkUsage)
    #expect(
      renderedError(["check", "--max-trys=3"])
        == "Error: Unknown option '--max-trys'. Did you mean '--max-tries'?\n" + checkUsage)
  }

  @Test("a missing value names the option with its placeholder")
  func missingValue() {
    #expect(renderedError(["check", "--timeout"]) == "Error: Missing value for '--timeout <seconds>'\n" + checkUsage)
    #expect(
      renderedError(["check", "--title", "--no-wait"]) == "Error: Missing value for '--title <text>'\n" + checkUsage)
  }

  @Test("an invalid length says which lengths will do")
  func invalidLength() {
    #expect(
      renderedError(["set", "--length", "x"]) == """
        Error: The value 'x' is invalid for '--length <n>'. Please provide a length from 1 to 12.
        Usage: passcode set [--title <text>] [--length <n>] [--allowed <set>]
                            [--reduce-motion] [--speech <mode>] [--screen-reader]
                            [--color <when>] [--timeout <seconds>] [--store <directory>]
                            [--tty <path>] [--sound|--no-sound]
          See 'passcode set --help' for more information.

        """)
  }

  static let invalidValues: [ErrorCase] = [
    ErrorCase(
      arguments: ["set", "--length", "0"],
      message: "Error: The value '0' is invalid for '--length <n>'. Please provide a length from 1 to 12."),
    ErrorCase(
      arguments: ["set", "--length=13"],
      message: "Error: The value '13' is invalid for '--length <n>'. Please provide a length from 1 to 12."),
    ErrorCase(
      arguments: ["set", "--length", "-3"],
      message: "Error: The value '-3' is invalid for '--length <n>'. Please provide a length from 1 to 12."),
    ErrorCase(
      arguments: ["set", "--length", "+4"],
      message: "Error: The value '+4' is invalid for '--length <n>'. Please provide a length from 1 to 12."),
    ErrorCase(
      arguments: ["set", "--allowed", "letters"],
      message:
        "Error: The value 'letters' is invalid for '--allowed <set>'. Please provide one of 'digits' or 'alphanumeric'."
    ),
    ErrorCase(
      arguments: ["check", "--speech=loud"],
      message: "Error: The value 'loud' is invalid for '--speech <mode>'. Please provide one of 'auto', 'on' or 'off'."),
    ErrorCase(
      arguments: ["check", "--color", "yes"],
      message:
        "Error: The value 'yes' is invalid for '--color <when>'. Please provide one of 'auto', 'always' or 'never'."),
    ErrorCase(
      arguments: ["check", "--timeout", "0"],
      message:
        "Error: The value '0' is invalid for '--timeout <seconds>'. Please provide a whole number of seconds, 1 or more."
    ),
    ErrorCase(
      arguments: ["check", "--timeout=1.5"],
      message:
        "Error: The value '1.5' is invalid for '--timeout <seconds>'. Please provide a whole number of seconds, 1 or more."
    ),
    ErrorCase(
      arguments: ["check", "--grace", "-1"],
      message:
        "Error: The value '-1' is invalid for '--grace <seconds>'. Please provide a whole number of seconds, 0 or more."
    ),
    ErrorCase(
      arguments: ["check", "--max-tries", "0"],
      message: "Error: The value '0' is invalid for '--max-tries <n>'. Please provide a whole number, 1 or more."),
    ErrorCase(
      arguments: ["check", "--max-tries", "99999999999999999999"],
      message:
        "Error: The value '99999999999999999999' is invalid for '--max-tries <n>'. Please provide a whole number, 1 or more."
    ),
    ErrorCase(
      arguments: ["check", "--title="],
      message: "Error: The value '' is invalid for '--title <text>'. Please provide a title that is not empty."),
    ErrorCase(
      arguments: ["check", "--title", "a\u{1B}[2Jb"],
      message:
        "Error: The value 'a\u{1B}[2Jb' is invalid for '--title <text>'. Please provide a title without control characters."
    ),
    ErrorCase(
      arguments: ["status", "--store="],
      message: "Error: The value '' is invalid for '--store <directory>'. Please provide a directory."),
    ErrorCase(
      arguments: ["check", "--tty="],
      message: "Error: The value '' is invalid for '--tty <path>'. Please provide the path of a terminal device."),
    ErrorCase(
      arguments: ["check", "--reduce-motion=yes"],
      message: "Error: The option '--reduce-motion' takes no value, but 'yes' was given"),
    ErrorCase(
      arguments: ["check"], environment: ["PASSCODE_SPEECH": "loud"],
      message: "Error: The value 'loud' is invalid for 'PASSCODE_SPEECH'. Please provide one of 'auto', 'on' or 'off'."),
    ErrorCase(
      arguments: ["check"], environment: ["PASSCODE_REDUCE_MOTION": "maybe"],
      message:
        "Error: The value 'maybe' is invalid for 'PASSCODE_REDUCE_MOTION'. Please provide 1, true, yes or on, or 0, false, no or off."
    ),
    ErrorCase(arguments: ["check", "extra"], message: "Error: Unexpected argument 'extra'"),
    ErrorCase(arguments: ["check", "--", "extra"], message: "Error: Unexpected argument 'extra'"),
    ErrorCase(arguments: ["help", "check", "more"], message: "Error: Unexpected argument 'more'"),
    ErrorCase(arguments: ["exec", "--title", "x"], message: "Error: Missing expected argument '<command>'"),
    ErrorCase(arguments: ["exec", "--"], message: "Error: Missing expected argument '<command>'"),
    ErrorCase(
      arguments: ["demo", "--max-tries", "3"], message: "Error: The option '--max-tries' does not apply to 'demo'"),
    ErrorCase(
      arguments: ["--no-wait", "exec", "ls"], message: "Error: The option '--no-wait' does not apply to 'exec'"),
    ErrorCase(
      arguments: ["status", "--title", "x"], message: "Error: The option '--title' does not apply to 'status'"),
    ErrorCase(
      arguments: ["check", "--length", "4"], message: "Error: The option '--length' does not apply to 'check'"),
    ErrorCase(
      arguments: ["check", "-T", "/dev/pts/1"], message: "Error: The option '--ttyname' does not apply to 'check'"),
    ErrorCase(
      arguments: ["lock", "--timeout", "9"], message: "Error: The option '--timeout' does not apply to 'lock'"),
    ErrorCase(arguments: ["chek"], message: "Error: Unknown subcommand 'chek'. Did you mean 'check'?"),
    ErrorCase(arguments: ["stauts"], message: "Error: Unknown subcommand 'stauts'. Did you mean 'status'?"),
    ErrorCase(arguments: ["hlep"], message: "Error: Unknown subcommand 'hlep'. Did you mean 'help'?"),
    ErrorCase(arguments: ["frobnicate"], message: "Error: Unknown subcommand 'frobnicate'"),
    ErrorCase(arguments: ["help", "exce"], message: "Error: Unknown subcommand 'exce'. Did you mean 'exec'?"),
  ]

  @Test("each mistake gets its own exact message", arguments: invalidValues)
  func messages(_ row: ErrorCase) {
    let text = renderedError(row.arguments, environment: row.environment)
    #expect(text?.split(separator: "\n").first.map(String.init) == row.message)
    #expect(text?.hasSuffix(" for more information.\n") == true)
  }

  @Test("no subcommand is a usage error that lists the subcommands")
  func missingSubcommand() {
    #expect(
      renderedError([]) == """
        Error: Missing subcommand
        Usage: passcode <subcommand> [<options>]

        SUBCOMMANDS:
          demo                    Try the keypad; the code 2580 is shown.
          set                     Choose a passcode and type it twice.
          check                   Ask until right, cancelled or locked out.
          lock                    Lock this terminal until the right passcode is typed.
          exec                    Run a command only after the right passcode.
          status                  Show whether a passcode is set, failures and lockout.
          remove                  Remove the passcode, after asking for the current one.
          pinentry                Serve gpg-agent as a pinentry program.
          doctor                  Check the terminal, speech and store set-up.
          agent                   Answer systemd's password questions (disks, services).

          See 'passcode --help' for more information.

        """)
    #expect(renderedError(["--title", "x"])?.hasPrefix("Error: Missing subcommand\n") == true)
  }

  @Test("under the name pinentry-passcode the usage names that program, and words are not subcommands")
  func pinentryProgram() {
    let usage = """
      Usage: pinentry-passcode [--reduce-motion] [--speech <mode>] [--screen-reader]
                               [--color <when>] [--timeout <seconds>] [--tty <path>]
                               [--sound|--no-sound] [<gpg-agent options>]
        See 'pinentry-passcode --help' for more information.

      """
    // Other clients' options are no usage error for a pinentry (issue 16): they are ignored.
    #expect(renderedError(["--bogus"], programName: "pinentry-passcode") == nil)
    #expect(
      renderedError(["check"], programName: "pinentry-passcode") == "Error: Unexpected argument 'check'\n" + usage)
    #expect(
      renderedError(["--ttyname"], programName: "pinentry-passcode")
        == "Error: Missing value for '--ttyname <path>'\n" + usage)
  }

  @Test("the error names the program it was started as")
  func programName() {
    #expect(
      renderedError(["status", "x"], programName: "pc") == """
        Error: Unexpected argument 'x'
        Usage: pc status [--store <directory>] [--json]
          See 'pc status --help' for more information.

        """)
  }

  @Test("the thrown error carries its kind and the subcommand known so far")
  func errorValue() {
    #expect(throws: UsageError(.unknownOption("--foo", suggestion: nil), subcommand: .check)) {
      try CommandLineParser.parse(arguments: ["check", "--foo"], programName: "passcode", environment: [:])
    }
    #expect(throws: UsageError(.missingSubcommand)) {
      try CommandLineParser.parse(arguments: [], programName: "passcode", environment: [:])
    }
    #expect(UsageError(.missingSubcommand).message == "Missing subcommand")
  }
}
