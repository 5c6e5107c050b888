import Foundation
import Testing

@testable import PasscodeCommandLine

/// Runs `shell` with `arguments` and returns what it printed; the script under test is in a temporary file.
private func runShell(_ shell: String, script: String, arguments: (String) -> [String]) throws -> String {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("passcode-completion-\(UUID())")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appendingPathComponent("script")
  try Data(script.utf8).write(to: file)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [shell] + arguments(file.path)
  process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path, "XDG_CONFIG_HOME": directory.path]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let text = String(decoding: data, as: UTF8.self)
  #expect(process.terminationStatus == 0, "\(shell) failed: \(text)")
  return text
}

/// What bash's completion function offers for a command line whose last word is being completed.
private func bashCompletions(_ words: [String]) throws -> Set<String> {
  let quotedWords = words.map { "'\($0)'" }.joined(separator: " ")
  let driver =
    "source \"$1\"; COMP_WORDS=(\(quotedWords)); COMP_CWORD=\(words.count - 1); _passcode; "
    + "printf '%s\\n' \"${COMPREPLY[@]}\""
  let output = try runShell("bash", script: CompletionScript.render(for: .bash)) { ["-c", driver, "bash", $0] }
  return Set(output.split(separator: "\n").map(String.init))
}

/// What fish offers for a command line (`complete -C`): each line, a word and, after a tab, its description.
/// fish runs with its own completions (for the command after `exec`) and a fresh home, so no user set-up
/// counts.
private func fishCompletionLines(_ commandLine: String) throws -> [String] {
  let output = try runShell("fish", script: CompletionScript.render(for: .fish)) { file in
    ["-c", "source \(file); complete -C '\(commandLine)'"]
  }
  return output.split(separator: "\n").map(String.init)
}

/// What fish offers for a command line, the words without their descriptions.
private func fishCompletions(_ commandLine: String) throws -> Set<String> {
  Set(try fishCompletionLines(commandLine).map { String($0.split(separator: "\t").first ?? "") })
}

/// What zsh's completion system offers when the line is typed and Tab pressed, in a real interactive zsh
/// on a pseudo-terminal (`.ci/complete-zsh`, which package-check runs against the installed script too),
/// with the script as `_passcode` first on `fpath`.
private func zshCompletions(_ commandLine: String) throws -> Set<String> {
  let driver = packageRoot().appendingPathComponent(".ci/complete-zsh").path
  let output = try runShell("zsh", script: CompletionScript.render(for: .zsh)) { file in
    let directory = (file as NSString).deletingLastPathComponent
    return [
      "-f", "-c", "mv \"$1\" \"$2/_passcode\" && exec zsh \"$3\" -d \"$2\" \"$4\"", "zsh", file, directory, driver,
      commandLine,
    ]
  }
  return Set(output.split(separator: "\n").map(String.init))
}

@Suite("Shell completion scripts")
struct CompletionScriptTests {
  @Test("each shell's script matches its reviewed snapshot", arguments: CompletionShell.allCases)
  func snapshot(_ shell: CompletionShell) {
    expectSnapshot(CompletionScript.render(for: shell), named: "completion-\(shell.rawValue)")
  }

  @Test("each script names every subcommand and every option of every subcommand", arguments: CompletionShell.allCases)
  func coversTheTables(_ shell: CompletionShell) {
    let script = CompletionScript.render(for: shell)
    for subcommand in Subcommand.allCases {
      #expect(script.contains(subcommand.rawValue), "\(shell) lacks \(subcommand.rawValue)")
      #expect(!subcommand.longOptionNames.isEmpty)
      for option in subcommand.longOptionNames {
        let spelling = shell == .fish ? "-l \(option.dropFirst(2))" : option
        #expect(script.contains(spelling), "\(shell) lacks \(option)")
      }
    }
    #expect(script.contains("help"))
  }

  @Test("the parser prints the script for --generate-completion-script, and refuses other shells")
  func parserOption() throws {
    for shell in CompletionShell.allCases {
      let outcome = try CommandLineParser.parse(
        arguments: [CompletionScript.optionName, shell.rawValue], programName: "passcode", environment: [:])
      #expect(outcome == .showCompletionScript(shell: shell, text: CompletionScript.render(for: shell)))
      let attached = try CommandLineParser.parse(
        arguments: ["\(CompletionScript.optionName)=\(shell.rawValue)"], programName: "passcode", environment: [:])
      #expect(attached == outcome)
    }
    #expect(throws: UsageError.self) {
      try CommandLineParser.parse(
        arguments: [CompletionScript.optionName, "ksh"], programName: "passcode", environment: [:])
    }
    #expect(throws: UsageError.self) {
      try CommandLineParser.parse(arguments: [CompletionScript.optionName], programName: "passcode", environment: [:])
    }
  }

  @Test("the option is hidden from help, as in swift-argument-parser")
  func hiddenFromHelp() {
    #expect(!HelpText.render(topic: nil, programName: "passcode").contains(CompletionScript.optionName))
  }

  @Test("bash offers each subcommand's own options, exactly", arguments: Subcommand.allCases)
  func bashOptionsPerSubcommand(_ subcommand: Subcommand) throws {
    let offered = try bashCompletions(["passcode", subcommand.rawValue, "--"])
    #expect(offered == Set(subcommand.longOptionNames))
  }

  @Test("bash completes subcommands, option values, and skips option values when finding the subcommand")
  func bashBehaviour() throws {
    #expect(try bashCompletions(["passcode", "ch"]) == ["check"])
    #expect(try bashCompletions(["passcode", "check", "--speech", ""]) == ["auto", "on", "off"])
    #expect(try bashCompletions(["passcode", "check", "--speech", "=", ""]) == ["auto", "on", "off"])
    #expect(try bashCompletions(["passcode", "set", "--allowed", "a"]) == ["alphanumeric"])
    #expect(try bashCompletions(["passcode", "--title", "demo", "check", "--gr"]) == ["--grace"])
    #expect(try bashCompletions(["passcode", "help", "st"]) == ["status"])
    #expect(try bashCompletions(["passcode", "help", "c"]) == ["check", "config"])
    #expect(try bashCompletions(["passcode", "help", "en"]) == ["environment"])
    #expect(try bashCompletions(["passcode", "check", "--title", ""]) == [])
  }

  @Test("an option whose value can only be attached (--console=TTY) does not swallow the next word")
  func attachedOnlyValue() throws {
    #expect(try bashCompletions(["passcode", "agent", "--console", "--wa"]) == ["--watch"])
    #expect(try fishCompletions("passcode agent --console --wa") == ["--watch"])
  }

  @Test("fish offers each subcommand's own long options, exactly", arguments: Subcommand.allCases)
  func fishOptionsPerSubcommand(_ subcommand: Subcommand) throws {
    let offered = try fishCompletions("passcode \(subcommand.rawValue) --")
    #expect(offered == Set(subcommand.longOptionNames))
  }

  @Test("fish completes subcommands and option values")
  func fishBehaviour() throws {
    #expect(try fishCompletions("passcode ch") == ["check"])
    #expect(try fishCompletions("passcode check --color ") == ["auto", "always", "never"])
    #expect(try fishCompletions("passcode --title x check --gr") == ["--grace"])
    #expect(try fishCompletions("passcode help st") == ["status"])
    #expect(try fishCompletions("passcode help en") == ["environment"])
    #expect(try fishCompletions("passcode exec --title x gpg-connect-ag") == ["gpg-connect-agent"])
    #expect(try fishCompletions("passcode exec --title x ls --almost") == ["--almost-all"])
  }

  @Test("--generate-completion-script offers the shells in bash, fish and zsh, and stays hidden")
  func completionScriptOption() throws {
    let shells: Set<String> = ["bash", "zsh", "fish"]
    #expect(try bashCompletions(["passcode", CompletionScript.optionName, ""]) == shells)
    #expect(try bashCompletions(["passcode", CompletionScript.optionName, "=", ""]) == shells)
    #expect(try bashCompletions(["passcode", CompletionScript.optionName, "z"]) == ["zsh"])
    #expect(try fishCompletions("passcode \(CompletionScript.optionName) ") == shells)
    #expect(try zshCompletions("passcode \(CompletionScript.optionName) ") == shells)
    #expect(try zshCompletions("passcode \(CompletionScript.optionName)=") == shells)
    // Hidden, as from help: the options offered before a subcommand are --help and --version.
    #expect(try bashCompletions(["passcode", "--"]) == ["--help", "--version"])
    #expect(try fishCompletions("passcode --") == ["--help", "--version"])
    #expect(try zshCompletions("passcode --") == ["--help", "--version"])
  }

  @Test("zsh completes subcommands, each subcommand's options and option values, asked as Tab asks")
  func zshBehaviour() throws {
    #expect(try zshCompletions("passcode ch") == ["check"])
    #expect(try zshCompletions("passcode help en") == ["environment"])
    #expect(
      try zshCompletions("passcode check --spe").sorted() == [
        "--speech", "--speech-pitch", "--speech-rate", "--speech-voice", "--speech-volume",
      ])
    #expect(try zshCompletions("passcode check --speech-ra") == ["--speech-rate"])
    #expect(try zshCompletions("passcode check --speech ") == ["auto", "on", "off"])
    #expect(try zshCompletions("passcode set --allowed a") == ["alphanumeric"])
  }

  @Test("fish offers an option's values without repeating the option's help beside each one")
  func fishValuesWithoutTheOptionsHelp() throws {
    for (option, values) in [("--speech", ["auto", "off", "on"]), ("--color", ["always", "auto", "never"])] {
      #expect(try fishCompletionLines("passcode check \(option) ").sorted() == values)
      let optionLines = try fishCompletionLines("passcode check \(option)").filter { $0.hasPrefix(option + "\t") }
      let help = try #require(Option.allCases.first { $0.longName == option }?.help)
      #expect(optionLines == ["\(option)\t\(help)"], "the option keeps its help")
    }
  }

  @Test("zsh parses the script, and compinit registers it for passcode")
  func zshLoads() throws {
    _ = try runShell("zsh", script: CompletionScript.render(for: .zsh)) { ["-n", $0] }
    let output = try runShell("zsh", script: CompletionScript.render(for: .zsh)) { file in
      let directory = (file as NSString).deletingLastPathComponent
      return [
        "-f", "-c",
        "mv \(file) \(directory)/_passcode; fpath=(\(directory) $fpath); autoload -U compinit; "
          + "compinit -u -D; print -r -- $_comps[passcode]",
      ]
    }
    #expect(output == "_passcode\n")
  }
}
